import { act } from 'react';
import { viewportMeasured } from '../../core/widget/actions';
import { modalCloseRequested, promptShown, unavailableShown } from '../../core/widget/modal/actions';
import { playInMobileAppRequested } from '../../core/widget/platform/actions';
import { playOnDesktopRequested } from '../../core/widget/share/actions';
import type { WidgetState } from '../../core/widget/state';
import { StoreProvider } from '../hooks/store-context';
import { byTestId, cleanup, render, testStore } from '../test/render';
import { EmbedApp } from '../widget/EmbedApp';
import { testEmbedData } from '../widget/test-embed-data';
import { bottomAreaTop, Modal, MODAL_FADE_IN_DELAY_MS } from './modal';
import ModalLayer from './modal-layer';

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const pressEscape = () =>
  act(() => {
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  });

describe('generic modal (spec 000 §2 Modals)', () => {
  it('fades in: the visible class arrives 10 ms after mount, not before', () => {
    jest.useFakeTimers();
    const { container } = render(<Modal header="H" area="top" onClose={() => {}} closeLabel="Close" testId="m" />);
    const modal = byTestId(container, 'm');
    expect(modal.classList.contains('modal--visible')).toBe(false);
    act(() => jest.advanceTimersByTime(MODAL_FADE_IN_DELAY_MS - 1));
    expect(modal.classList.contains('modal--visible')).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(modal.classList.contains('modal--visible')).toBe(true);
    expect(MODAL_FADE_IN_DELAY_MS).toBe(10);
  });

  it('closes on Escape and on its close button, saying which', () => {
    const onClose = jest.fn();
    const { container } = render(<Modal header="H" area="top" onClose={onClose} closeLabel="Close" />);
    pressEscape();
    act(() => byTestId(container, 'modal-close').click());
    expect(onClose.mock.calls).toEqual([['escape'], ['button']]);
    expect(byTestId(container, 'modal-close').getAttribute('aria-label')).toBe('Close');
  });

  it('ignores other keys', () => {
    const onClose = jest.fn();
    render(<Modal header="H" area="top" onClose={onClose} closeLabel="Close" />);
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('top area (no bottom section) vs bottom area, and the small variant', () => {
    const { container } = render(
      <>
        <Modal header="A" area="top" onClose={() => {}} closeLabel="Close" testId="a" />
        <Modal header="B" area="bottom" small onClose={() => {}} closeLabel="Close" testId="b" />
      </>,
    );
    expect(byTestId(container, 'a').className).toContain('modal--top');
    expect(byTestId(container, 'b').className).toContain('modal--bottom');
    expect(byTestId(container, 'b').className).toContain('modal--small');
    expect(byTestId(container, 'a').className).not.toContain('modal--small');
  });

  it('renders buttons with label, handler and primary flag; an href makes a link to a new tab', () => {
    const onClick = jest.fn();
    const { container } = render(
      <Modal
        header="H"
        area="top"
        onClose={() => {}}
        closeLabel="Close"
        buttons={[
          { label: 'Go', onClick, primary: true, testId: 'go' },
          { label: 'Link', href: 'https://accounts.test/x', testId: 'link' },
        ]}
      />,
    );
    act(() => byTestId(container, 'go').click());
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(byTestId(container, 'go').className).toBe('modal__button modal__button--primary');
    const link = byTestId(container, 'link');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('href')).toBe('https://accounts.test/x');
    expect(link.className).toBe('modal__button');
  });
});

const layer = (patch: (s: WidgetState) => WidgetState = (s) => s) => {
  const t = testStore(testEmbedData, patch);
  const r = render(
    <StoreProvider store={t.store}>
      <ModalLayer />
    </StoreProvider>,
  );
  return { ...t, ...r };
};

const withPrompt = (s: WidgetState): WidgetState => ({ ...s, modal: { kind: 'prompt' } });

describe('prompt modal (spec 000 §4 Prompt modal, §6 roles, §7 links)', () => {
  it('anonymous desktop visitor: sign-up (primary) and log-in links to the accounts pages, in a new tab', () => {
    const { container } = layer(withPrompt);
    const signUp = byTestId(container, 'prompt-sign-up');
    const logIn = byTestId(container, 'prompt-log-in');
    expect(signUp.getAttribute('href')).toMatch(/^https:\/\/accounts\.test\/signup\?/);
    expect(signUp.getAttribute('href')).toContain(encodeURIComponent('/album/1DFixLWuPkv3KT3TnV35m3'));
    expect(logIn.getAttribute('href')).toMatch(/^https:\/\/accounts\.test\/login\?/);
    expect(signUp.getAttribute('target')).toBe('_blank');
    expect(signUp.className).toContain('modal__button--primary');
    expect(container.querySelector('[data-testid="prompt-play-in-app"]')).toBeNull();
  });

  it('desktop: "play in the web player" asks for the /go window (spec 000 §4 PLAY_ON_DESKTOP, §7 Desktop hand-off)', () => {
    const { container, actions } = layer(withPrompt);
    const button = byTestId(container, 'prompt-play-on-desktop');
    expect(button.tagName).toBe('BUTTON');
    act(() => button.click());
    const asked = actions().find(playOnDesktopRequested.match);
    // Anonymous: uri, product=embed_v2 and a redirect to the sign-up link.
    expect(asked?.url).toMatch(/\/go\?uri=spotify%3Aalbum%3A1DFixLWuPkv3KT3TnV35m3&product=embed_v2&redirect=https%3A%2F%2Faccounts\.test%2Fsignup%3F/);
  });

  it('logged-in visitor (preview forced, e.g. Safari or a free account): offered neither log-in (spec 000 §6) nor sign-up (issue 13), the web player first', () => {
    const { container, actions } = layer((s) =>
      withPrompt({ ...s, session: { loggedIn: true, accessToken: 't' }, platform: { ...s.platform, isSafari: true } }),
    );
    expect(container.querySelector('[data-testid="prompt-sign-up"]')).toBeNull();
    expect(container.querySelector('[data-testid="prompt-log-in"]')).toBeNull();
    expect(container.querySelectorAll('.modal__button')).toHaveLength(1);
    expect(byTestId(container, 'prompt-play-on-desktop').className).toContain('modal__button--primary');
    // Logged in: the /go window has no sign-up redirect.
    act(() => byTestId(container, 'prompt-play-on-desktop').click());
    expect(actions().find(playOnDesktopRequested.match)?.url).toMatch(/\/go\?uri=spotify%3Aalbum%3A1DFixLWuPkv3KT3TnV35m3&product=embed_v2$/);
  });

  it("mobile: only the 'upsell_track_message' text and the hand-off to the app (spec 000 §4 PLAY_IN_MOBILE_APP)", () => {
    const { container, actions } = layer((s) =>
      withPrompt({ ...s, translations: { ...s.translations, upsell_track_message: 'Get the app!' }, platform: { ...s.platform, isMobile: true } }),
    );
    expect(byTestId(container, 'prompt-modal').querySelector('h2')?.textContent).toBe('Get the app!');
    expect(container.querySelector('.modal__text')).toBeNull();
    expect(container.querySelectorAll('.modal__button')).toHaveLength(1);
    const button = byTestId(container, 'prompt-play-in-app');
    expect(button.tagName).toBe('BUTTON');
    expect(button.className).toContain('modal__button--primary');
    act(() => button.click());
    expect(actions()).toContainEqual(playInMobileAppRequested());
  });

  it('the heading and text name the resource: an episode is not a "track" (issue 13)', () => {
    const { container } = layer((s) =>
      withPrompt({
        ...s,
        entities: { [s.resourceUri]: { ...s.entities[s.resourceUri]!, type: 'episode' } as never },
        translations: { prompt_title_episode: 'Hear the full episode', prompt_text_episode: 'Whole episodes.', prompt_title_track: 'Hear the full track' },
      }),
    );
    expect(byTestId(container, 'prompt-modal').querySelector('h2')?.textContent).toBe('Hear the full episode');
    expect(container.querySelector('.modal__text')?.textContent).toBe('Whole episodes.');
  });

  it('Escape hides it (modal/closeRequested via escape)', () => {
    const { container, actions } = layer(withPrompt);
    pressEscape();
    expect(actions()).toContainEqual(modalCloseRequested({ via: 'escape' }));
    expect(container.querySelector('[data-testid="prompt-modal"]')).toBeNull();
  });

  it('the close button hides it (via button)', () => {
    const { container, actions } = layer(withPrompt);
    act(() => byTestId(container, 'modal-close').click());
    expect(actions()).toContainEqual(modalCloseRequested({ via: 'button' }));
    expect(container.querySelector('[data-testid="prompt-modal"]')).toBeNull();
  });

  it('placement by layout: over the bottom area with a track list (height 380), the top area without one (height 100)', () => {
    const { container, store } = layer(withPrompt);
    act(() => store.dispatch(viewportMeasured({ width: 400, height: 380 }), 'adapter'));
    expect(byTestId(container, 'prompt-modal').className).toContain('modal--bottom');
    act(() => store.dispatch(viewportMeasured({ width: 400, height: 100 }), 'adapter'));
    expect(byTestId(container, 'prompt-modal').className).toContain('modal--top');
  });
});

describe('unavailable-track notice (spec 000 §8)', () => {
  it.each(['embed_track_not_available', 'embed_episode_preview_not_available'] as const)('shows %s, small', (textKey) => {
    const { container } = layer((s) => ({ ...s, translations: { ...s.translations, [textKey]: `text of ${textKey}` } }));
    expect(container.querySelector('[data-testid="unavailable-modal"]')).toBeNull();
    const { container: shown } = layer((s) => ({ ...s, translations: { [textKey]: `text of ${textKey}` }, modal: { kind: 'unavailable-track', textKey } }));
    const modal = byTestId(shown, 'unavailable-modal');
    expect(modal.querySelector('h2')?.textContent).toBe(`text of ${textKey}`);
    expect(modal.className).toContain('modal--small');
  });
});

describe('playback-not-supported modal (spec 000 §8: a content-license error from the protected-playback system)', () => {
  it('shows the translated notice, small', () => {
    const { container } = layer((s) => ({ ...s, translations: { playback_not_supported: 'not here' }, modal: { kind: 'playback-not-supported' } }));
    const modal = byTestId(container, 'playback-not-supported-modal');
    expect(modal.querySelector('h2')?.textContent).toBe('not here');
    expect(modal.className).toContain('modal--small');
  });
});

describe('EmbedApp modal slot (spec 000 §2: lazily loaded; none in the first frame)', () => {
  it("renders no modal at first; a shown prompt loads the chunk and appears as the panel's last child; close removes it", async () => {
    const t = testStore(testEmbedData);
    const { container } = render(
      <StoreProvider store={t.store}>
        <EmbedApp />
      </StoreProvider>,
    );
    expect(container.querySelector('.modal')).toBeNull();
    await act(async () => {
      t.store.dispatch(promptShown(), 'ui');
    });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    const modal = byTestId(container, 'prompt-modal');
    expect(modal.parentElement?.lastElementChild).toBe(modal);
    expect(modal.parentElement?.classList.contains('embed')).toBe(true);
    await act(async () => {
      t.store.dispatch(unavailableShown({ textKey: 'embed_track_not_available' }), 'ui');
    });
    expect(byTestId(container, 'unavailable-modal')).toBeTruthy();
    pressEscape();
    expect(container.querySelector('.modal')).toBeNull();
  });
});

describe('bottomAreaTop (issue 13: a short bottom area never cuts the modal)', () => {
  it('starts at the bottom section when the area holds the modal', () => {
    expect(bottomAreaTop(136, 380, 166)).toBe(136);
  });
  it('grows upwards by what the area lacks (a list at 152 px leaves about 60 px)', () => {
    expect(bottomAreaTop(88, 152, 79)).toBe(73);
  });
  it('never above the panel', () => {
    expect(bottomAreaTop(88, 70, 79)).toBe(0);
  });
});
