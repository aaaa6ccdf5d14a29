import { act } from 'react';
import type { EmbedData, Resource } from '../../core/model/embed-data';
import { playToggleRequested } from '../../core/widget/actions';
import { engineVideoChanged } from '../../core/widget/full-playback/contract-actions';
import type { WidgetState } from '../../core/widget/state';
import { createMediaElementSlot, MediaElementProvider } from '../components/video/media-element';
import { StoreProvider } from '../hooks/store-context';
import { byTestId, cleanup, render, testStore } from '../test/render';
import { EmbedApp } from './EmbedApp';
import { testEmbedData } from './test-embed-data';
import { chooseVideoPlace } from './video-picture';

afterEach(cleanup);

const album = testEmbedData.resource as Extract<Resource, { type: 'album' }>;
/** A single episode with the big-cover-art flag: its bottom section is the big cover-art area (spec 000 §2). */
const episodeData: EmbedData = {
  ...testEmbedData,
  translations: {
    ...testEmbedData.translations,
    video_label: 'Video',
    video_subtitles: 'Subtitles',
    video_subtitles_off: 'Off',
    video_fullscreen: 'Full screen',
  },
  resource: {
    type: 'episode',
    uri: 'spotify:episode:e1',
    name: 'A harbour',
    is_playable: true,
    duration_ms: 22000,
    audio_preview_url: 'https://static.test/e1.mp3',
    available_markets: ['SE'],
    external_urls: { spotify: 'https://open.test/episode/e1' },
    dominantColor: '#223344',
    images: album.images,
    has_big_cover_art: true,
  },
};
const video = { width: 854, height: 480, subtitles: [{ language: 'sv', url: 'https://cdn.test/subtitles/sv.vtt' }] };
const withVideo = (s: WidgetState): WidgetState => ({ ...s, video });

/** jsdom lays nothing out: the big slot's box as a browser would measure it (0 × 0 while the layout hides it). */
function bigSlotBox(width: number, height: number): () => void {
  const proto = HTMLElement.prototype;
  const big = (el: HTMLElement) => el.classList.contains('video-slot--big');
  const header = (el: HTMLElement) => el.classList.contains('video-slot--header');
  const w = Object.getOwnPropertyDescriptor(proto, 'clientWidth');
  const h = Object.getOwnPropertyDescriptor(proto, 'clientHeight');
  Object.defineProperty(proto, 'clientWidth', {
    configurable: true,
    get: function (this: HTMLElement) {
      return big(this) ? width : header(this) ? 80 : 0;
    },
  });
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get: function (this: HTMLElement) {
      return big(this) ? height : header(this) ? 80 : 0;
    },
  });
  return () => {
    if (w !== undefined) Object.defineProperty(proto, 'clientWidth', w);
    if (h !== undefined) Object.defineProperty(proto, 'clientHeight', h);
  };
}

async function mount(patch: (s: WidgetState) => WidgetState, data: EmbedData = episodeData, preview: HTMLVideoElement | null = null) {
  const s = testStore(data, patch);
  const slot = createMediaElementSlot();
  const r = render(
    <StoreProvider store={s.store}>
      <MediaElementProvider slot={slot} preview={preview}>
        <EmbedApp />
      </MediaElementProvider>
    </StoreProvider>,
  );
  // The frame is a lazy chunk.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { ...s, ...r, slot };
}

describe('issue 18: where the widget shows a video episode', () => {
  it.each([
    // The big area hidden by the layout (tiny, basic, a list that leaves no room): the header's cover art.
    [null, 'header'],
    [{ width: 0, height: 0 }, 'header'],
    // A big area no larger than the 80 px cover art for a 16:9 picture: the header still.
    [{ width: 276, height: 40 }, 'header'],
    // The 300 x 380 embed's big cover-art area: 276 x 160 holds a 276 x 155 picture.
    [{ width: 276, height: 160 }, 'big'],
    [{ width: 276, height: 50 }, 'big'],
  ] as const)('big area %j → %s', (big, place) => {
    expect(chooseVideoPlace(big, { width: 80, height: 80 }, 16 / 9)).toBe(place);
  });

  it('no frame while no video plays, and the slots take no part in the markup but their boxes', async () => {
    const { container } = await mount((s) => s);
    expect(container.querySelector('[data-testid="video-frame"]')).toBeNull();
    expect(byTestId(container, 'video-slot-header').childElementCount).toBe(0);
    expect(byTestId(container, 'video-slot-big').childElementCount).toBe(0);
  });

  it("a video plays: the frame is in the header's cover art where the layout has no big area, with the engine's element in it", async () => {
    const { container, slot } = await mount(withVideo);
    const frame = byTestId(byTestId(container, 'video-slot-header'), 'video-frame');
    expect(frame.classList.contains('video-frame--small')).toBe(true);
    // The engine starts: its element goes into the frame.
    const media = document.createElement('video');
    media.hidden = true;
    document.body.appendChild(media);
    act(() => slot.set(media));
    expect(byTestId(frame, 'video-host').firstElementChild).toBe(media);
    expect(media.hidden).toBe(false);
    expect(byTestId(frame, 'video-subtitles').getAttribute('aria-label')).toBe('Subtitles: Off');
  });

  it('in the big cover-art area when the layout shows it larger there; a click on the picture plays or pauses', async () => {
    const restore = bigSlotBox(276, 160);
    try {
      const { container, actions } = await mount(withVideo);
      const frame = byTestId(byTestId(container, 'video-slot-big'), 'video-frame');
      expect(frame.classList.contains('video-frame--large')).toBe(true);
      expect(byTestId(container, 'video-slot-header').childElementCount).toBe(0);
      act(() => byTestId(frame, 'video-host').click());
      expect(actions()).toContainEqual(playToggleRequested({ via: 'button' }));
    } finally {
      restore();
    }
  });

  it('the subtitle choice is kept while the same video plays and off again for a new one', async () => {
    const { container, store } = await mount(withVideo);
    act(() => byTestId(container, 'video-subtitles').click());
    act(() => container.querySelector<HTMLElement>('[data-language="sv"]')?.click());
    expect(byTestId(container, 'video-subtitles').getAttribute('aria-label')).toBe('Subtitles: Swedish');
    // The same video again (a new object, as every event gives): the choice stays.
    act(() => store.dispatch(engineVideoChanged({ video: { ...video, subtitles: [...video.subtitles] } }), 'adapter'));
    expect(byTestId(container, 'video-subtitles').getAttribute('aria-label')).toBe('Subtitles: Swedish');
    // Another video: off, as every video starts.
    act(() => store.dispatch(engineVideoChanged({ video: { ...video, subtitles: [{ language: 'sv', url: 'https://cdn.test/other/sv.vtt' }] } }), 'adapter'));
    expect(byTestId(container, 'video-subtitles').getAttribute('aria-label')).toBe('Subtitles: Off');
    // No video any more: no frame.
    act(() => store.dispatch(engineVideoChanged({ video: null }), 'adapter'));
    expect(container.querySelector('[data-testid="video-frame"]')).toBeNull();
  });
});

describe("issue 18: an anonymous visitor's video preview shows in the same frame", () => {
  const videoPreview = { url: 'https://static.test/media/video/s/preview.mp4?market=SE', ...video };
  const previewData: EmbedData = { ...episodeData, resource: { ...episodeData.resource, video_preview: videoPreview } as Resource };
  const holding =
    (status: WidgetState['player']['status']) =>
    (s: WidgetState): WidgetState => ({ ...s, player: { ...s.player, index: 0, status } });

  it("while the preview player holds the video episode, the frame shows the preview player's element with the episode's subtitles", async () => {
    const element = document.createElement('video');
    element.hidden = true;
    document.body.appendChild(element);
    const { container } = await mount(holding('playing'), previewData, element);
    const frame = byTestId(container, 'video-frame');
    expect(byTestId(frame, 'video-host').firstElementChild).toBe(element);
    expect(element.hidden).toBe(false);
    expect(Array.from(element.querySelectorAll('track')).map((t) => t.srclang)).toEqual(['sv']);
  });

  it('no frame before the preview player has started, nor for an episode without a video preview', async () => {
    const element = document.createElement('video');
    expect((await mount(holding('idle'), previewData, element)).container.querySelector('[data-testid="video-frame"]')).toBeNull();
    cleanup();
    expect((await mount(holding('playing'), episodeData, element)).container.querySelector('[data-testid="video-frame"]')).toBeNull();
  });
});
