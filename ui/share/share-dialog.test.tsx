import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from 'react';
import { shareCopied, shareOpenRequested } from '../../core/widget/actions';
import { StoreProvider } from '../hooks/store-context';
import { createTranslate } from '../hooks/translate';
import { shareWindow } from '../../core/widget/share/share-links';
import { byTestId, cleanup, render, testStore } from '../test/render';
import { ShareButton, ShareSlot } from '../widget/share-parts';
import { testEmbedData } from '../widget/test-embed-data';
import { LOCALES } from '../../server/embed/locale';

const translations = (locale: string) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'translations', `${locale}.json`), 'utf8')) as Record<string, string>;
const en = translations('en');

/** The dialog is a lazy chunk: let its import resolve and React render it. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await act(async () => await Promise.resolve());
}

function mount(locale = 'en') {
  const t = testStore({ ...testEmbedData, locale, translations: translations(locale) });
  const tr = createTranslate(translations(locale));
  const r = render(
    <StoreProvider store={t.store}>
      <div className="embed">
        <ShareButton t={tr} />
        <ShareSlot />
      </div>
    </StoreProvider>,
  );
  return { ...t, r };
}

afterEach(cleanup);

describe('share button and dialog (spec 000 §2 Share dialog)', () => {
  it('the share button is a real button with a translated name that opens the dialog', async () => {
    const { r, actions } = mount();
    const button = byTestId(r.container, 'share-button');
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-label')).toBe('Share');
    expect(r.container.querySelector('[data-testid="share-dialog"]')).toBeNull();
    act(() => button.click());
    await settle();
    expect(actions().map((a) => a.type)).toEqual(['share/openRequested']);
    const dialog = byTestId(r.container, 'share-dialog');
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-label')).toBe('Share');
  });

  it('the share view has six named icon buttons and a close button; each dispatches its intent', async () => {
    const { r, store, actions } = mount();
    act(() => store.dispatch(shareOpenRequested(), 'ui'));
    await settle();
    const dialog = byTestId(r.container, 'share-dialog');
    const names = [...dialog.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Close', 'Share on Facebook', 'Send with Messenger', 'Share on Twitter', 'Send with WhatsApp', 'Copy link', 'Copy embed code']);
    // Focus moves into the dialog (keyboard users land on it).
    expect(document.activeElement).toBe(byTestId(dialog, 'share-close'));
    for (const id of ['share-facebook', 'share-messenger', 'share-twitter', 'share-whatsapp', 'share-copy-link', 'share-copy-embed']) {
      act(() => byTestId(dialog, id).click());
    }
    // Each carries what it shares (spec 000 §7, built with core/widget/share/share-links.ts).
    const open = 'https://open.test/album/1DFixLWuPkv3KT3TnV35m3';
    expect(actions().slice(1)).toEqual([
      { type: 'share/targetClicked', ...shareWindow('facebook', open, false), target: 'facebook' },
      { type: 'share/targetClicked', ...shareWindow('messenger', open, false), target: 'messenger' },
      { type: 'share/targetClicked', ...shareWindow('twitter', open, false), target: 'twitter' },
      { type: 'share/targetClicked', ...shareWindow('whatsapp', open, false), target: 'whatsapp' },
      { type: 'share/copyLinkClicked', text: open },
      {
        type: 'share/copyEmbedCodeClicked',
        text: '<iframe src="https://open.test/embed?uri=spotify:album:1DFixLWuPkv3KT3TnV35m3&amp;embed-api=1" width="300" height="380" frameborder="0" allow="encrypted-media"></iframe>',
      },
    ]);
    expect((actions()[1] as { url?: string }).url).toContain('facebook.com/sharer/sharer.php?u=https%3A%2F%2Fopen.test');
  });

  it('the confirmation view shows the successful link share translation; close hides it and refocuses the share button', async () => {
    const { r, store } = mount();
    act(() => store.dispatch(shareOpenRequested(), 'ui'));
    act(() => store.dispatch(shareCopied({ what: 'link' }), 'adapter'));
    await settle();
    expect(byTestId(r.container, 'share-copied').textContent).toBe(en.successful_link_share);
    expect(r.container.querySelector('[data-testid="share-copy-link"]')).toBeNull();
    act(() => byTestId(r.container, 'share-close').click());
    expect(store.getState().share.view).toBe('hidden');
    expect(r.container.querySelector('[data-testid="share-dialog"]')).toBeNull();
    expect(document.activeElement).toBe(byTestId(r.container, 'share-button'));
  });

  it.each([
    ['en', 'link', 'successful_link_share'],
    ['en', 'embedCode', 'successful_embed_code_share'],
    ['sv', 'link', 'successful_link_share'],
    ['sv', 'embedCode', 'successful_embed_code_share'],
  ] as const)('the confirmation says what was copied (%s, %s: %s)', async (locale, what, key) => {
    const { r, store } = mount(locale);
    act(() => store.dispatch(shareOpenRequested(), 'ui'));
    act(() => store.dispatch(shareCopied({ what }), 'adapter'));
    await settle();
    const text = translations(locale)[key];
    expect(text).toMatch(/\S/);
    expect(byTestId(r.container, 'share-copied').textContent).toBe(text);
  });

  it('every locale has both confirmation texts, and they differ', () => {
    for (const locale of LOCALES) {
      const dictionary = translations(locale);
      expect([locale, typeof dictionary.successful_embed_code_share, dictionary.successful_embed_code_share === dictionary.successful_link_share]).toEqual([
        locale,
        'string',
        false,
      ]);
    }
  });

  it('Escape closes the dialog', async () => {
    const { r, store } = mount();
    act(() => store.dispatch(shareOpenRequested(), 'ui'));
    await settle();
    const close = byTestId(r.container, 'share-close');
    act(() => {
      close.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(store.getState().share.view).toBe('hidden');
  });

  it('every name is translated in sv too', async () => {
    const { r, store } = mount('sv');
    act(() => store.dispatch(shareOpenRequested(), 'ui'));
    await settle();
    const sv = translations('sv');
    const names = [...byTestId(r.container, 'share-dialog').querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      sv.share_close,
      sv.share_on_facebook,
      sv.share_on_messenger,
      sv.share_on_twitter,
      sv.share_on_whatsapp,
      sv.copy_link,
      sv.copy_embed_code,
    ]);
    expect(names.every((name) => name !== null && !/^[a-z_]+$/.test(name))).toBe(true);
    expect(byTestId(r.container, 'share-button').getAttribute('aria-label')).toBe('Dela');
  });
});
