import { isPreviewMode, isTrackPlayable, PREVIEW_CAP_MS } from './preview-mode';
import { initialWidgetState } from './state';
import { albumData, testTrack } from './testing/album-data';
import type { Episode } from '../model/embed-data';

const base = initialWidgetState(albumData());
const full = { ...base, session: { loggedIn: true, accessToken: 'token' } };

describe('isPreviewMode (spec 000 §4 Preview mode)', () => {
  it.each([
    ['an anonymous visitor (not logged in, no token)', base, true],
    ['a logged-in visitor with an access token', full, false],
    ['logged in without an access token', { ...full, session: { loggedIn: true, accessToken: null } }, true],
    ['a token without the logged-in flag', { ...full, session: { loggedIn: false, accessToken: 'token' } }, true],
    ['forcePreview', { ...full, platform: { ...full.platform, forcePreview: true } }, true],
    ['mobile', { ...full, platform: { ...full.platform, isMobile: true } }, true],
    ['Safari', { ...full, platform: { ...full.platform, isSafari: true } }, true],
  ])('%s -> %s', (_case, state, expected) => {
    expect(isPreviewMode(state)).toBe(expected);
  });

  it('caps previews at 30000 ms (spec 000 §9)', () => {
    expect(PREVIEW_CAP_MS).toBe(30000);
  });
});

const episode = (isPlayable?: boolean): Episode => ({
  type: 'episode',
  uri: 'spotify:episode:e1',
  external_urls: { spotify: 'https://open.test/episode/e1' },
  name: 'Episode',
  duration_ms: 1000,
  audio_preview_url: 'https://cdn.test/e1.mp3',
  available_markets: ['SE'],
  ...(isPlayable === undefined ? {} : { is_playable: isPlayable }),
});

describe('isTrackPlayable (spec 000 §4 Track availability)', () => {
  it.each([
    ['a track marked playable', testTrack(1), false, true],
    ['a track not marked playable', testTrack(1, { is_playable: false }), false, false],
    ['a track not marked playable, logged in', testTrack(1, { is_playable: false }), true, false],
    ['an episode marked playable', episode(true), false, true],
    ['an episode not marked playable, anonymous', episode(), false, false],
    ['an episode not marked playable, logged in', episode(false), true, true],
  ])('%s (logged in: %s) -> %s', (_case, track, loggedIn, expected) => {
    expect(isTrackPlayable(track, loggedIn)).toBe(expected);
  });
});
