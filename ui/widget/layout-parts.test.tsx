import { act } from 'react';
import type { EmbedData, Resource } from '../../core/model/embed-data';
import { seekByRequested, skipNextRequested, skipPrevRequested, trackRowClicked, viewportMeasured } from '../../core/widget/actions';
import { StoreProvider } from '../hooks/store-context';
import { byTestId, cleanup, render, testStore } from '../test/render';
import { EmbedApp } from './EmbedApp';
import { renderEmbedApp } from './ssr';
import { testEmbedData } from './test-embed-data';

afterEach(cleanup);

const mount = (data: EmbedData = testEmbedData) => {
  const s = testStore(data);
  const r = render(
    <StoreProvider store={s.store}>
      <EmbedApp />
    </StoreProvider>,
  );
  const root = r.container.firstElementChild as HTMLElement;
  return { ...s, ...r, root };
};

const album = testEmbedData.resource as Extract<Resource, { type: 'album' }>;
const firstTrack = album.tracks.items[0];
if (firstTrack === undefined) throw new Error('the fixture has tracks');
const trackData: EmbedData = {
  ...testEmbedData,
  resource: { ...firstTrack, dominantColor: '#112233', album: { images: album.images }, has_big_cover_art: true },
};
/** spec 000 §3: the same track without the big-cover-art flag. */
const unflaggedTrackData: EmbedData = { ...trackData, resource: { ...trackData.resource, has_big_cover_art: false } };
const flaggedAlbum: EmbedData = { ...testEmbedData, resource: { ...album, has_big_cover_art: true } };
const episodeData: EmbedData = {
  ...testEmbedData,
  resource: {
    type: 'episode',
    uri: 'spotify:episode:e1',
    name: 'An episode',
    is_playable: true,
    duration_ms: 1800000,
    audio_preview_url: 'https://static.test/e1.mp3',
    external_urls: { spotify: 'https://open.test/episode/e1' },
    dominantColor: '#223344',
    images: album.images,
  } as Resource,
};
const emptyAlbum: EmbedData = { ...testEmbedData, resource: { ...album, tracks: { items: [] } } };

describe('layout in the markup (spec 000 §2 Layout variants; the CSS decides the first frame)', () => {
  it('the root says which height threshold applies; data-layout appears only once the viewport is measured', () => {
    const { root, store } = mount();
    expect(root.className).toBe('embed embed--list');
    expect(root.hasAttribute('data-layout')).toBe(false);
    act(() => store.dispatch(viewportMeasured({ width: 300, height: 151 }), 'adapter'));
    expect(root.dataset['layout']).toBe('legacy-extended');
    act(() => store.dispatch(viewportMeasured({ width: 300, height: 149 }), 'adapter'));
    expect(root.dataset['layout']).toBe('legacy-basic');
  });

  it('the server frame has no data-layout and the same classes and bottom section as the client', () => {
    const html = renderEmbedApp(testEmbedData);
    expect(html).toContain('class="embed embed--list"');
    expect(html).not.toContain('data-layout');
    expect(html).toContain('embed__bottom embed__bottom--list');
  });

  it('a list resource puts the track list in the bottom section', () => {
    const bottom = byTestId(mount().container, 'bottom');
    expect(bottom.querySelectorAll('[data-testid="track-row"]')).toHaveLength(3);
  });

  it('a track with the big-cover-art flag (spec 000 §3) puts the big cover art (lazily loaded) in the bottom section; the 230 px rule applies', () => {
    const { container, root } = mount(trackData);
    expect(root.className).toBe('embed embed--single embed--single-item embed--big-cover-art');
    const big = byTestId(byTestId(container, 'bottom'), 'big-cover-art').querySelector('img');
    expect(big?.getAttribute('loading')).toBe('lazy');
    expect(container.querySelector('[data-testid="track-row"]')).toBeNull();
  });

  it('a track without the flag has no big cover art: no bottom section, and the modal goes to the top area (spec 000 §2 Modals)', () => {
    const { container, root, store } = mount(unflaggedTrackData);
    expect(root.className).toBe('embed embed--single embed--single-item');
    expect(container.querySelector('[data-testid="bottom"]')).toBeNull();
    act(() => store.dispatch(viewportMeasured({ width: 300, height: 380 }), 'adapter'));
    expect(root.dataset['layout']).toBe('legacy-extended');
    expect(container.querySelector('[data-testid="big-cover-art"]')).toBeNull();
  });

  it('a flagged list has its cover after the rows, for the room they leave (issue 13; shown by widget.css when 80 px or more)', () => {
    const { container, root } = mount(flaggedAlbum);
    expect(root.className).toBe('embed embed--list embed--big-cover-art');
    const bottom = byTestId(container, 'bottom');
    expect(Array.from(bottom.children, (el) => el.className)).toEqual(['track-list', 'embed__room-cover']);
    expect(byTestId(bottom, 'room-cover-art').querySelector('img')?.getAttribute('loading')).toBe('lazy');
    // Unflagged (testEmbedData): the rows only.
    expect(mount().container.querySelector('[data-testid="room-cover-art"]')).toBeNull();
  });

  it('an album without tracks has no bottom section at all (a track list with no tracks renders nothing)', () => {
    const { container, root } = mount(emptyAlbum);
    expect(root.className).toBe('embed embed--single');
    expect(container.querySelector('[data-testid="bottom"]')).toBeNull();
  });
});

describe('controls dispatch their intents (spec 000 §2 Track list table, Icon buttons)', () => {
  it('a row click dispatches trackRowClicked with its index', () => {
    const { container, actions } = mount();
    const rows = container.querySelectorAll<HTMLElement>('[data-testid="track-row"]');
    act(() => rows[2]?.click());
    expect(actions().filter(trackRowClicked.match)).toEqual([trackRowClicked({ index: 2 })]);
  });

  it('a list of several tracks has previous/next buttons and no 15-second jumps', () => {
    const { container, actions } = mount();
    act(() => byTestId(container, 'skip-back').click());
    act(() => byTestId(container, 'skip-forward').click());
    expect(actions().filter((a) => skipPrevRequested.match(a) || skipNextRequested.match(a))).toEqual([skipPrevRequested(), skipNextRequested()]);
    expect(container.querySelector('[data-testid="back-15"]')).toBeNull();
  });

  it('an episode has back/forward 15 seconds and no previous/next', () => {
    const { container, actions } = mount(episodeData);
    act(() => byTestId(container, 'back-15').click());
    act(() => byTestId(container, 'forward-15').click());
    expect(actions().filter(seekByRequested.match)).toEqual([seekByRequested({ deltaMs: -15000 }), seekByRequested({ deltaMs: 15000 })]);
    expect(container.querySelector('[data-testid="skip-back"]')).toBeNull();
  });
});
