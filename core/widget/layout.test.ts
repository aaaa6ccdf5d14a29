import type { Resource } from '../model/embed-data';
import { albumData, testTrack } from './testing/album-data';
import { initialWidgetState } from './state';
import { computeLayout, coverArtPx, layoutContent, MODERN_LAYOUT_WIDTH_THRESHOLD, selectLayout, type LayoutContent } from './layout';

const list: LayoutContent = { trackList: true, singleItem: false, bigCoverArt: true };
const single: LayoutContent = { trackList: false, singleItem: true, bigCoverArt: true };
/** spec 000 §3: a resource without the big-cover-art flag. */
const singleNoFlag: LayoutContent = { ...single, bigCoverArt: false };
const emptyList: LayoutContent = { trackList: false, singleItem: false, bigCoverArt: true };

describe('spec 000 §2 Layout variants (legacy below the width threshold, extended above 230/150 px, tiny = legacy + basic)', () => {
  it.each([
    // [what, width, height, content, name, tiny, bottom, modal area]
    ['single 229 px', 300, 229, single, 'legacy-basic', true, 'empty', 'top'],
    ['single 230 px', 300, 230, single, 'legacy-basic', true, 'empty', 'top'],
    ['single 231 px', 300, 231, single, 'legacy-extended', false, 'bigCoverArt', 'bottom'],
    ['single 151 px', 300, 151, single, 'legacy-basic', true, 'empty', 'top'],
    // spec 000 §3: the big-cover-art flag decides with the layout rule: without it the section is empty.
    ['single 380 px without the big-cover-art flag', 300, 380, singleNoFlag, 'legacy-extended', false, 'empty', 'top'],
    ['single 231 px without the big-cover-art flag', 300, 231, singleNoFlag, 'legacy-extended', false, 'empty', 'top'],
    ['list 149 px', 300, 149, list, 'legacy-basic', true, 'empty', 'top'],
    ['list 150 px', 300, 150, list, 'legacy-basic', true, 'empty', 'top'],
    ['list 151 px', 300, 151, list, 'legacy-extended', false, 'trackList', 'bottom'],
    ['list 380 px', 300, 380, list, 'legacy-extended', false, 'trackList', 'bottom'],
    ['empty list 200 px (no track list shown: the 230 px rule)', 300, 200, emptyList, 'legacy-basic', true, 'empty', 'top'],
    ['empty list 231 px (no big cover art: not a track or episode)', 300, 231, emptyList, 'legacy-extended', false, 'empty', 'top'],
    ['modern single 600 px (big cover art only in legacy)', 1_000_000, 600, single, 'modern-extended', false, 'empty', 'top'],
    ['modern list 600 px', 1_000_000, 600, list, 'modern-extended', false, 'trackList', 'bottom'],
    ['modern list 150 px (modern-basic is not tiny)', 1_000_000, 150, list, 'modern-basic', false, 'empty', 'top'],
  ] as const)('%s', (_what, width, height, content, name, tiny, bottom, modalArea) => {
    expect(computeLayout({ width, height }, content)).toMatchObject({ name, tiny, bottom, modalArea });
  });

  it('the modern threshold is the spec placeholder 999999: legacy just below it, modern from it on', () => {
    expect(MODERN_LAYOUT_WIDTH_THRESHOLD).toBe(999999);
    expect(computeLayout({ width: 999998, height: 400 }, list).width).toBe('legacy');
    expect(computeLayout({ width: 999999, height: 400 }, list).width).toBe('modern');
  });

  it('the threshold can be overridden by the caller', () => {
    expect(computeLayout({ width: 640, height: 400 }, list, 600).width).toBe('modern');
    expect(computeLayout({ width: 599, height: 400 }, list, 600).width).toBe('legacy');
  });
});

describe('the compact player (issue 13): legacy under 300 px tall, whatever the variant', () => {
  it.each([
    [300, 80, list, true],
    [300, 152, list, true],
    [300, 232, single, true],
    [300, 299, list, true],
    [300, 300, list, false],
    [300, 380, single, false],
    [1_000_000, 150, list, false],
  ] as const)('%i x %i', (width, height, content, compact) => {
    expect(computeLayout({ width, height }, content).compact).toBe(compact);
  });
});

describe('spec 000 §2 Cover-art block: 80 px in legacy; modern at least 161 px, at most a third of the height', () => {
  it.each([
    ['legacy', 1000, 80],
    ['modern', 300, 161],
    ['modern', 483, 161],
    ['modern', 600, 200],
    ['modern', 900, 300],
  ] as const)('%s at height %s → %s px', (width, height, px) => {
    expect(coverArtPx(width, height)).toBe(px);
  });
});

describe('layoutContent (a track list is shown for list resources with tracks)', () => {
  it('an album with tracks shows a list; without tracks it does not; a track is a single item', () => {
    const album = albumData().resource;
    const empty = albumData([]).resource;
    const track = { ...testTrack(1), external_urls: { spotify: 'x' }, dominantColor: '#000' } as Resource;
    expect(layoutContent(album)).toEqual({ trackList: true, singleItem: false, bigCoverArt: false });
    expect(layoutContent(empty)).toEqual({ trackList: false, singleItem: false, bigCoverArt: false });
    expect(layoutContent(track)).toEqual({ trackList: false, singleItem: true, bigCoverArt: false });
  });

  it("carries the resource's big-cover-art flag (spec 000 §3); an absent flag is no", () => {
    const track = { ...testTrack(1), external_urls: { spotify: 'x' }, dominantColor: '#000' } as Resource;
    expect(layoutContent({ ...track, has_big_cover_art: true }).bigCoverArt).toBe(true);
    expect(layoutContent({ ...track, has_big_cover_art: false }).bigCoverArt).toBe(false);
    expect(layoutContent(undefined).bigCoverArt).toBe(false);
  });

  it('the flag and the layout rule decide together: a flagged track at 300x380 has big cover art, an unflagged one an empty bottom', () => {
    const track = { ...testTrack(1), external_urls: { spotify: 'x' }, dominantColor: '#000' } as Resource;
    const layoutOf = (resource: Resource) => computeLayout({ width: 300, height: 380 }, layoutContent(resource));
    expect(layoutOf({ ...track, has_big_cover_art: true })).toMatchObject({ bottom: 'bigCoverArt', modalArea: 'bottom' });
    expect(layoutOf({ ...track, has_big_cover_art: false })).toMatchObject({ bottom: 'empty', modalArea: 'top' });
  });
});

describe('selectLayout (from state.viewport, measured at start and after a debounced resize)', () => {
  it('is null before the viewport is measured (the first frame is laid out by CSS alone)', () => {
    expect(selectLayout(initialWidgetState(albumData()))).toBeNull();
  });

  it('follows the measured viewport', () => {
    const state = initialWidgetState(albumData(), { width: 300, height: 380 });
    expect(selectLayout(state)).toMatchObject({ name: 'legacy-extended', bottom: 'trackList', coverArtPx: 80 });
    expect(selectLayout({ ...state, viewport: { width: 300, height: 80 } })).toMatchObject({ name: 'legacy-basic', tiny: true });
  });
});
