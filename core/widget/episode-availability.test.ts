import type { EmbedData, Episode, Playable, Resource } from '../model/embed-data';
import type { Action } from '../store/action';
import { playDecided, playerStarted, playToggleRequested, trackLoadDecided, trackRowClicked, trackUnavailable } from './actions';
import { isAvailableTo, isEpisodeAvailable, visitorOf, type Visitor } from './episode-availability';
import { engineItemUnavailable } from './full-playback/actions';
import { engineCommandDecided } from './full-playback/contract-actions';
import { fullPlaybackDecisions } from './full-playback/decisions';
import { decodeEngineEvent } from './full-playback/engine-facts';
import { playDecisions } from './preview-decisions';
import { selectCurrentTrack, selectRowAvailability, selectTrackList, toTrackRows } from './selectors';
import { initialWidgetState, type WidgetState } from './state';
import { albumData, testTrack } from './testing/album-data';
import { playIndexDecisions, skipDecisions } from './track-commands';

const episode = (markets: string[], showMarkets?: string[]): Episode => ({
  type: 'episode',
  uri: 'spotify:episode:e1',
  name: 'Episode',
  duration_ms: 1000,
  audio_preview_url: 'https://cdn.test/e1.mp3',
  available_markets: markets,
  external_urls: { spotify: 'https://open.test/episode/e1' },
  ...(showMarkets === undefined ? {} : { show: { uri: 'spotify:show:s1', available_markets: showMarkets } }),
});

const show = (markets: string[]): Resource => ({
  type: 'show',
  uri: 'spotify:show:s1',
  name: 'Show',
  publisher: 'Publisher',
  external_urls: { spotify: 'https://open.test/show/s1' },
  dominantColor: '#000000',
  images: [],
  available_markets: markets,
  episodes: { items: [] },
});

const album: Resource = {
  type: 'album',
  uri: 'spotify:album:a1',
  name: 'Album',
  external_urls: { spotify: 'https://open.test/album/a1' },
  dominantColor: '#000000',
  artists: [],
  images: [],
  tracks: { items: [] },
};

describe("isEpisodeAvailable (spec 000 §5: the user's country in the markets of the episode, its resource or its show)", () => {
  it.each([
    ['in the episode markets', episode(['SE', 'NO']), undefined, true],
    ['in no market at all', episode([]), undefined, false],
    ['only elsewhere', episode(['US']), undefined, false],
    ["in the embedded resource's markets (the show)", episode(['US']), show(['SE']), true],
    ["not in the embedded show's markets either", episode(['US']), show(['DE']), false],
    ["in the episode's show's markets", episode(['US'], ['SE']), undefined, true],
    ['a resource without markets (an album) adds none', episode(['US']), album, false],
    ['country codes are compared exactly (case matters, as the Web API gives them)', episode(['se']), undefined, false],
  ])('%s -> %s', (_case, e, resource, expected) => {
    expect(isEpisodeAvailable(e, 'SE', resource)).toBe(expected);
  });
});

// The rule applied (issue 13): the demo's case, a show sold outside SE whose newest episode is not sold in SE.
const SE_UNSOLD = 'spotify:episode:e3';
const showEpisode = (n: number, markets: string[], patch: Partial<Episode> = {}): Episode => ({
  type: 'episode',
  uri: `spotify:episode:e${n}`,
  name: `Episode ${n}`,
  duration_ms: 60000,
  audio_preview_url: `https://cdn.test/e${n}.mp3`,
  available_markets: markets,
  external_urls: { spotify: `https://open.test/episode/e${n}` },
  show: { uri: 'spotify:show:s1', name: 'Show', available_markets: ['NO', 'DE'] },
  // As a server that marks every episode playable would send it: the widget's rule does not rely on it.
  is_playable: true,
  ...patch,
});
/** Newest first, as a show lists them: the unsold one is row 0. */
const showEpisodes = [showEpisode(3, ['NO', 'DE']), showEpisode(2, ['SE', 'NO', 'DE']), showEpisode(1, ['SE', 'NO', 'DE'])];
const showData = (country = 'SE'): EmbedData => {
  const base = albumData();
  return {
    ...base,
    config: { ...base.config, countryCode: country },
    resource: { ...(show(['NO', 'DE']) as Extract<Resource, { type: 'show' }>), dominantColor: '#123456', episodes: { items: showEpisodes } },
  };
};
const episodeData = (country = 'SE'): EmbedData => {
  const base = showData(country);
  return { ...base, resource: { ...showEpisodes[0]!, dominantColor: '#123456' } };
};
const anonymousIn = (data: EmbedData): WidgetState => initialWidgetState(data);
const loggedInTo = (data: EmbedData): WidgetState => ({ ...initialWidgetState(data), session: { loggedIn: true, accessToken: 'token' } });
const command = (c: Parameters<typeof engineCommandDecided>[0]['command']) => engineCommandDecided({ command: c });

describe('isAvailableTo (spec 000 §4 Track availability, then §5 episode markets, logged in or not)', () => {
  const anonymous: Visitor = { loggedIn: false, countryCode: 'SE' };
  const listener: Visitor = { loggedIn: true, countryCode: 'SE' };
  it.each<[string, Playable, Visitor, boolean]>([
    ['a playable track, anonymous', testTrack(1), anonymous, true],
    ['a track not marked playable, logged in', testTrack(1, { is_playable: false }), listener, false],
    ['an episode sold in SE, anonymous', showEpisode(1, ['SE']), anonymous, true],
    ['an episode not sold in SE, anonymous, even flagged playable', showEpisode(3, ['NO']), anonymous, false],
    [
      'an episode not sold in SE, logged in (§6 "may play episodes even if not flagged playable": still only in its markets)',
      showEpisode(3, ['NO'], { is_playable: false }),
      listener,
      false,
    ],
    ['an episode sold in SE not flagged playable, logged in (§4)', showEpisode(1, ['SE'], { is_playable: false }), listener, true],
    ['an episode sold in SE not flagged playable, anonymous (§4)', showEpisode(1, ['SE'], { is_playable: false }), anonymous, false],
    ['a logged-in listener of another market (NO) may play it', showEpisode(3, ['NO']), { loggedIn: true, countryCode: 'NO' }, true],
    ["the embedded show's markets count (SE there)", showEpisode(3, ['NO']), { ...anonymous, resource: show(['SE']) }, true],
  ])('%s', (_case, item, visitor, expected) => {
    expect(isAvailableTo(item, visitor)).toBe(expected);
  });

  it('visitorOf takes the page country, the session flag and the embedded resource', () => {
    const state = loggedInTo(showData('NO'));
    expect(visitorOf(state)).toEqual({ loggedIn: true, countryCode: 'NO', resource: state.entities[state.resourceUri] });
  });
});

describe("an episode not sold in the visitor's market is marked unavailable in the list (spec 000 §5)", () => {
  it.each<[string, WidgetState, ReadonlyArray<boolean>]>([
    ['anonymous in SE', anonymousIn(showData()), [false, true, true]],
    ['logged in, SE', loggedInTo(showData()), [false, true, true]],
    ['logged in, an account in NO', loggedInTo(showData('NO')), [true, true, true]],
  ])('%s', (_case, state, expected) => {
    expect(selectRowAvailability(state)).toEqual(expected);
    expect(toTrackRows(selectTrackList(state), false, selectRowAvailability(state)).map((row) => row.unavailable)).toEqual(expected.map((a) => !a));
  });
});

describe("selecting an episode not sold in the visitor's market shows the unavailable notice instead of playing (spec 000 §4, §5, §8)", () => {
  const unavailable = trackUnavailable({ index: 0, uri: SE_UNSOLD });

  it('preview (anonymous): its row, and a skip onto it, report it unavailable; nothing is loaded (spec 001 §4 Preview player)', () => {
    const state = anonymousIn(showData());
    expect(playIndexDecisions(state, 0)).toEqual([playerStarted(), unavailable]);
    const onSecond = { ...state, player: { ...state.player, started: true, index: 1, status: 'playing' as const } };
    expect(skipDecisions(onSecond, 'prev')).toEqual([unavailable]);
  });

  it('preview (anonymous): play starts at the first episode sold here, and the header shows it', () => {
    const state = anonymousIn(showData());
    expect(playDecisions(state)).toEqual([
      playerStarted(),
      trackLoadDecided({ index: 1, uri: 'spotify:episode:e2', src: 'https://cdn.test/e2.mp3' }),
      playDecided(),
    ]);
    expect(selectCurrentTrack(state)?.uri).toBe('spotify:episode:e2');
  });

  it('preview forced on a logged-in visitor (Safari): the same', () => {
    const state = loggedInTo(showData());
    expect(playIndexDecisions({ ...state, platform: { ...state.platform, isSafari: true } }, 0)).toEqual([playerStarted(), unavailable]);
  });

  it('an episode embed of an unsold episode: play shows the notice, anonymous and logged in', () => {
    const notice = trackUnavailable({ index: 0, uri: SE_UNSOLD });
    expect(playDecisions(anonymousIn(episodeData()))).toEqual([playerStarted(), notice]);
    expect(fullPlaybackDecisions(loggedInTo(episodeData()), playToggleRequested({ via: 'button' }))).toEqual([notice]);
  });

  it.each<[string, WidgetState, Action, Action[]]>([
    ['full playback: its row shows the notice, no play command', loggedInTo(showData()), trackRowClicked({ index: 0 }), [unavailable]],
    [
      'full playback: its row while another plays pauses the engine too (UNAVAILABLE_TRACK pauses the resource)',
      { ...loggedInTo(showData()), playback: { ...loggedInTo(showData()).playback, isPlaying: true, trackUri: 'spotify:episode:e2' } },
      trackRowClicked({ index: 0 }),
      [command({ kind: 'pause' }), unavailable],
    ],
    [
      'full playback: another row plays',
      loggedInTo(showData()),
      trackRowClicked({ index: 1 }),
      [command({ kind: 'play', contextUri: 'spotify:show:s1', index: 1 })],
    ],
    [
      'full playback: play starts at the first episode sold here',
      loggedInTo(showData()),
      playToggleRequested({ via: 'button' }),
      [command({ kind: 'play', contextUri: 'spotify:show:s1', index: 1 })],
    ],
    [
      'full playback, an account in NO: the row plays',
      loggedInTo(showData('NO')),
      trackRowClicked({ index: 0 }),
      [command({ kind: 'play', contextUri: 'spotify:show:s1', index: 0 })],
    ],
  ])('%s', (_case, state, action, expected) => {
    expect(fullPlaybackDecisions(state, action)).toEqual(expected);
  });
});

describe('the provider refusing the item (engine event itemUnavailable, spec 000 §7 "unavailable track") shows the notice', () => {
  const playing = (data: EmbedData): WidgetState => {
    const state = loggedInTo(data);
    return { ...state, playback: { ...state.playback, isPlaying: true, trackUri: 'spotify:episode:e2' } };
  };

  it('decodes to full/engineItemUnavailable', () => {
    expect(decodeEngineEvent({ kind: 'itemUnavailable', contextUri: 'spotify:show:s1', index: 0 })).toEqual(
      engineItemUnavailable({ contextUri: 'spotify:show:s1', index: 0 }),
    );
  });

  it.each<[string, WidgetState, Action, Action[]]>([
    // An account in NO sees it available, but the provider (which knows better) refused it.
    [
      'the item of this resource: UNAVAILABLE_TRACK with its uri',
      loggedInTo(showData('NO')),
      engineItemUnavailable({ contextUri: 'spotify:show:s1', index: 0 }),
      [trackUnavailable({ index: 0, uri: SE_UNSOLD })],
    ],
    [
      'while another plays, the engine is paused too',
      playing(showData('NO')),
      engineItemUnavailable({ contextUri: 'spotify:show:s1', index: 0 }),
      [command({ kind: 'pause' }), trackUnavailable({ index: 0, uri: SE_UNSOLD })],
    ],
    ["another context (not this page's): nothing", loggedInTo(showData('NO')), engineItemUnavailable({ contextUri: 'spotify:show:other', index: 0 }), []],
    ['an index outside the list: nothing', loggedInTo(showData('NO')), engineItemUnavailable({ contextUri: 'spotify:show:s1', index: 9 }), []],
  ])('%s', (_case, state, action, expected) => {
    expect(fullPlaybackDecisions(state, action)).toEqual(expected);
  });
});
