import { act } from 'react';
import { createTranslate } from '../../hooks/translate';
import { byTestId, cleanup, render } from '../../test/render';
import { FullscreenButton } from './fullscreen';
import { languageName, orderSubtitles } from './languages';
import { addSubtitleTracks, setSubtitleModes, subtitleTracksOf, type ModedTrack } from './subtitle-tracks';
import { SubtitlesMenu } from './subtitles-menu';
import { VideoFrame, type FrameVideo } from './video-frame';
import { createMediaElementSlot } from './media-element';

afterEach(cleanup);

const t = createTranslate({
  video_label: 'Video',
  video_subtitles: 'Subtitles',
  video_subtitles_off: 'Off',
  video_fullscreen: 'Full screen',
  video_exit_fullscreen: 'Exit full screen',
});
const subtitles = [
  { language: 'en', url: 'https://cdn.test/video/s1/subtitles/en.vtt' },
  { language: 'sv', url: 'https://cdn.test/video/s1/subtitles/sv.vtt' },
];
const video: FrameVideo = { width: 854, height: 480, subtitles };

const key = (target: Element, k: string) => act(() => void target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })));
const click = (target: Element) => act(() => (target as HTMLElement).click());
const menuItems = (root: ParentNode) => Array.from(root.querySelectorAll<HTMLElement>('[role="menuitemradio"]'));

describe("issue 18: the subtitles control offers the episode's languages, the page's locale's first", () => {
  it.each([
    ['sv', ['sv', 'en']],
    ['sv-SE', ['sv', 'en']],
    ['en', ['en', 'sv']],
    ['de', ['en', 'sv']],
  ])('in a %s page the order is %j', (locale, order) => {
    expect(orderSubtitles(subtitles, locale).map((s) => s.language)).toEqual(order);
  });

  it("names each language in the page's locale", () => {
    expect(languageName('sv', 'en')).toBe('Swedish');
    expect(languageName('sv', 'sv')).toBe('Svenska');
    expect(languageName('en', 'sv')).toBe('Engelska');
    // An ill-formed code shows as itself.
    expect(languageName('!!', 'en')).toBe('!!');
  });

  it('is off by default and named for screen readers by what shows; the menu lists Off, then the languages, locale first', () => {
    const chosen: Array<string | null> = [];
    const r = render(<SubtitlesMenu subtitles={subtitles} language={null} onChoose={(l) => chosen.push(l)} locale="sv" t={t} />);
    const button = byTestId(r.container, 'video-subtitles');
    expect(button.getAttribute('aria-label')).toBe('Subtitles: Off');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = byTestId(r.container, 'video-subtitles-menu');
    expect(menu.getAttribute('role')).toBe('menu');
    expect(menu.getAttribute('aria-label')).toBe('Subtitles');
    expect(menuItems(menu).map((i) => [i.textContent, i.getAttribute('aria-checked')])).toEqual([
      ['Off', 'true'],
      ['Svenska', 'false'],
      ['Engelska', 'false'],
    ]);
    // The checked entry (Off) has focus as the menu opens.
    expect(document.activeElement).toBe(menuItems(menu)[0]);
    click(menuItems(menu)[1]!);
    expect(chosen).toEqual(['sv']);
    // Choosing closes the menu and gives focus back to the button.
    expect(r.container.querySelector('[role="menu"]')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('by keyboard: arrows move round the menu, Home and End to its ends, Escape closes it back to the button, Tab closes it', () => {
    const r = render(<SubtitlesMenu subtitles={subtitles} language="sv" onChoose={() => undefined} locale="en" t={t} />);
    const button = byTestId(r.container, 'video-subtitles');
    expect(button.getAttribute('aria-label')).toBe('Subtitles: Swedish');
    click(button);
    const items = menuItems(r.container);
    expect(items.map((i) => i.textContent)).toEqual(['Off', 'English', 'Swedish']);
    expect(document.activeElement).toBe(items[2]);
    key(items[2]!, 'ArrowDown');
    expect(document.activeElement).toBe(items[0]);
    key(items[0]!, 'ArrowUp');
    expect(document.activeElement).toBe(items[2]);
    key(items[2]!, 'Home');
    expect(document.activeElement).toBe(items[0]);
    key(items[0]!, 'End');
    expect(document.activeElement).toBe(items[2]);
    // Escape is the menu's alone: the page's own Escape listeners (modals, full screen) do not hear it.
    const heard: string[] = [];
    document.addEventListener('keydown', (e) => heard.push(e.key));
    key(items[2]!, 'Escape');
    expect(heard).toEqual([]);
    expect(r.container.querySelector('[role="menu"]')).toBeNull();
    expect(document.activeElement).toBe(button);
    click(button);
    key(menuItems(r.container)[0]!, 'Tab');
    expect(r.container.querySelector('[role="menu"]')).toBeNull();
  });

  it('a press outside the open menu closes it', () => {
    const r = render(<SubtitlesMenu subtitles={subtitles} language={null} onChoose={() => undefined} locale="en" t={t} />);
    click(byTestId(r.container, 'video-subtitles'));
    act(() => void document.body.dispatchEvent(new Event('pointerdown', { bubbles: true })));
    expect(r.container.querySelector('[role="menu"]')).toBeNull();
  });

  it('a video without subtitles has no subtitles control', () => {
    const r = render(<SubtitlesMenu subtitles={[]} language={null} onChoose={() => undefined} locale="en" t={t} />);
    expect(r.container.querySelector('[data-testid="video-subtitles"]')).toBeNull();
  });
});

describe('issue 18, spec 001 §2: subtitles are <track kind="subtitles"> elements of the video, the chosen one showing', () => {
  it('adds one track per language with srclang, label and the VTT url, and removes only its own', () => {
    const media = document.createElement('video');
    const foreign = document.createElement('track');
    media.appendChild(foreign);
    const remove = addSubtitleTracks(media, subtitles, 'en');
    expect(subtitleTracksOf(media).map((tr) => [tr.kind, tr.srclang, tr.label, tr.src])).toEqual([
      ['subtitles', 'en', 'English', 'https://cdn.test/video/s1/subtitles/en.vtt'],
      ['subtitles', 'sv', 'Swedish', 'https://cdn.test/video/s1/subtitles/sv.vtt'],
    ]);
    remove();
    expect(Array.from(media.children)).toEqual([foreign]);
  });

  it("sets the chosen language's text track showing and the others disabled; off disables all", () => {
    const tracks: ModedTrack[] = [
      { srclang: 'en', track: { mode: 'disabled' } },
      { srclang: 'sv', track: { mode: 'disabled' } },
    ];
    setSubtitleModes(tracks, 'sv');
    expect(tracks.map((tr) => tr.track?.mode)).toEqual(['disabled', 'showing']);
    setSubtitleModes(tracks, 'en');
    expect(tracks.map((tr) => tr.track?.mode)).toEqual(['showing', 'disabled']);
    setSubtitleModes(tracks, null);
    expect(tracks.map((tr) => tr.track?.mode)).toEqual(['disabled', 'disabled']);
  });
});

describe("issue 18: the video frame shows the engine's own media element", () => {
  /** jsdom has no Fullscreen API: a stand-in that records the requests and fires fullscreenchange as a browser does. */
  function fakeFullscreen() {
    const calls: string[] = [];
    let current: Element | null = null;
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => current });
    const change = (next: Element | null) => {
      current = next;
      document.dispatchEvent(new Event('fullscreenchange'));
    };
    HTMLElement.prototype.requestFullscreen = function (this: HTMLElement) {
      calls.push(`request ${this.dataset.testid ?? this.className}`);
      change(this);
      return Promise.resolve();
    };
    document.exitFullscreen = () => {
      calls.push('exit');
      change(null);
      return Promise.resolve();
    };
    return calls;
  }

  it('moves the element into its box (not a React child), shown, and gives it back hidden at the end of <body> when it goes', () => {
    const media = document.createElement('video');
    media.hidden = true;
    document.body.appendChild(media);
    const r = render(<VideoFrame media={media} video={video} language={null} onLanguage={() => undefined} locale="en" t={t} />);
    const host = byTestId(r.container, 'video-host');
    expect(media.parentElement).toBe(host);
    expect(media.hidden).toBe(false);
    // A re-render keeps the same element where it is (no second one, no move).
    r.rerender(<VideoFrame media={media} video={video} language="sv" onLanguage={() => undefined} locale="en" t={t} />);
    expect(host.querySelectorAll('video')).toHaveLength(1);
    expect(media.parentElement).toBe(host);
    r.unmount();
    expect(media.parentElement).toBe(document.body);
    expect(media.hidden).toBe(true);
    expect(subtitleTracksOf(media)).toEqual([]);
  });

  it("puts the video's subtitle tracks on the element while it shows", () => {
    const media = document.createElement('video');
    const r = render(<VideoFrame media={media} video={video} language={null} onLanguage={() => undefined} locale="sv" t={t} />);
    expect(subtitleTracksOf(media).map((tr) => tr.srclang)).toEqual(['en', 'sv']);
    r.rerender(<VideoFrame media={media} video={{ ...video, subtitles: [subtitles[1]!] }} language={null} onLanguage={() => undefined} locale="sv" t={t} />);
    expect(subtitleTracksOf(media).map((tr) => tr.srclang)).toEqual(['sv']);
  });

  it("keeps the listener's choice when the browser turns a track on by itself (its automatic selection)", () => {
    // jsdom has no TextTrack: each <track> gets a mode, and the element's list is an event target, as in a browser.
    const modes = new WeakMap<HTMLTrackElement, { mode: TextTrackMode }>();
    Object.defineProperty(HTMLTrackElement.prototype, 'track', {
      configurable: true,
      get(this: HTMLTrackElement) {
        if (!modes.has(this)) modes.set(this, { mode: 'disabled' });
        return modes.get(this);
      },
    });
    try {
      const media = document.createElement('video');
      const list = new EventTarget();
      Object.defineProperty(media, 'textTracks', { value: list });
      render(<VideoFrame media={media} video={video} language="sv" onLanguage={() => undefined} locale="en" t={t} />);
      const shown = () => subtitleTracksOf(media).map((tr) => `${tr.srclang} ${tr.track.mode}`);
      expect(shown()).toEqual(['en disabled', 'sv showing']);
      subtitleTracksOf(media)[0]!.track.mode = 'showing';
      act(() => void list.dispatchEvent(new Event('change')));
      expect(shown()).toEqual(['en disabled', 'sv showing']);
    } finally {
      delete (HTMLTrackElement.prototype as { track?: unknown }).track;
    }
  });

  it("is a named group whose aspect ratio is the video's (letterboxed by the stylesheet)", () => {
    const r = render(<VideoFrame media={null} video={video} language={null} onLanguage={() => undefined} locale="en" t={t} />);
    const frame = byTestId(r.container, 'video-frame');
    expect(frame.getAttribute('role')).toBe('group');
    expect(frame.getAttribute('aria-label')).toBe('Video');
    expect(frame.style.getPropertyValue('--video-aspect')).toBe('854 / 480');
  });

  it('goes full screen on a double click on the video and with the button; Escape and the button leave', () => {
    const calls = fakeFullscreen();
    const r = render(<VideoFrame media={document.createElement('video')} video={video} language={null} onLanguage={() => undefined} locale="en" t={t} />);
    const button = byTestId(r.container, 'video-fullscreen');
    expect(button.getAttribute('aria-label')).toBe('Full screen');
    act(() => void byTestId(r.container, 'video-host').dispatchEvent(new MouseEvent('dblclick', { bubbles: true })));
    expect(calls).toEqual(['request video-frame']);
    expect(button.getAttribute('aria-label')).toBe('Exit full screen');
    key(document.body, 'Escape');
    expect(calls).toEqual(['request video-frame', 'exit']);
    expect(button.getAttribute('aria-label')).toBe('Full screen');
    click(button);
    click(button);
    expect(calls).toEqual(['request video-frame', 'exit', 'request video-frame', 'exit']);
  });

  it('a click on the picture plays or pauses, as the cover art it stands for', () => {
    let toggles = 0;
    const r = render(<VideoFrame media={null} video={video} language={null} onLanguage={() => undefined} locale="en" t={t} onToggle={() => (toggles += 1)} />);
    click(byTestId(r.container, 'video-host'));
    expect(toggles).toBe(1);
  });

  it('paused, a play sign shows over the picture (the cover art it covers had one)', () => {
    const frame = (playing: boolean) => (
      <VideoFrame media={null} video={video} language={null} onLanguage={() => undefined} locale="en" t={t} playing={playing} />
    );
    const r = render(frame(true));
    expect(r.container.querySelector('[data-testid="video-paused"]')).toBeNull();
    r.rerender(frame(false));
    expect(byTestId(r.container, 'video-paused').querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('full screen, a small frame has the large controls', () => {
    fakeFullscreen();
    const r = render(<VideoFrame media={null} video={video} language={null} onLanguage={() => undefined} locale="en" t={t} size="small" />);
    const frame = byTestId(r.container, 'video-frame');
    expect(frame.classList.contains('video-frame--small')).toBe(true);
    click(byTestId(r.container, 'video-fullscreen'));
    expect(frame.className).toBe('video-frame video-frame--large video-frame--fullscreen');
  });

  it('the full-screen button alone is a named button', () => {
    const r = render(<FullscreenButton active={false} onToggle={() => undefined} t={t} />);
    expect(r.container.querySelector('button')?.getAttribute('aria-label')).toBe('Full screen');
  });
});

describe('the media element slot', () => {
  it('tells its listeners when the engine hands its element over, once', () => {
    const slot = createMediaElementSlot();
    const heard: Array<HTMLVideoElement | null> = [];
    slot.subscribe(() => heard.push(slot.get()));
    const media = document.createElement('video');
    slot.set(media);
    slot.set(media);
    expect(heard).toEqual([media]);
  });
});
