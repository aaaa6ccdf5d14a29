import { BehaviorSubject, Subject, of } from 'rxjs';
import { ENDPOINTS, removeAlbum, removeTrack, requestFailed, saveAlbum, saveTrack } from '../catalogue';
import type { Action } from '../store/action';
import type { StateObservable } from '../store/store';
import {
  engineEventReceived,
  initialWebPlayerState,
  libraryAnswered,
  libraryToggled,
  nowPlayingKnown,
  playToggled,
  tracksSection,
  webPlayerLibraryEpic,
  webPlayerNowPlayingEpic,
  webPlayerPreviewEpic,
  webPlayerReducer,
  type PreviewElement,
  type WebPlayerState,
  type WebTrack,
  type WebPlayerEpic,
} from './index';

const track = (id: string): WebTrack => ({
  id,
  uri: `spotify:track:${id}`,
  name: `Song ${id}`,
  artists: [{ name: 'Artist', href: '/artist/ar' }],
  album: null,
  imageUrl: null,
  durationMs: 200_000,
  previewUrl: `/preview/${id}.mp3`,
  playable: true,
});

const rows = [track('a')];
const page = { path: '/search/x', itemUri: null, header: null, sections: [tracksSection('s', null, null, rows, { album: false, cover: false }, '')] };

/** An epic over a reducer-driven state, as the store runs it (reducer first, then the epic sees the action); what it emitted. */
function run(epic: WebPlayerEpic, loggedIn: boolean, element?: PreviewElement) {
  const action$ = new Subject<Action>();
  const state = new BehaviorSubject({ webplayer: initialWebPlayerState(page, loggedIn) });
  const state$ = Object.defineProperty(state.asObservable(), 'value', { get: () => state.value }) as StateObservable<{ webplayer: WebPlayerState }>;
  const out: Action[] = [];
  const dispatch = (a: Action) => {
    state.next({ webplayer: webPlayerReducer(state.value.webplayer, a) });
    action$.next(a);
  };
  epic(action$, state$, { preview: element ?? ({} as PreviewElement) }).subscribe((a) => {
    out.push(a);
    dispatch(a);
  });
  return { out, dispatch, state };
}

describe('library writes go through the request layer (issue 17, spec 001 §7 Collection service, follow and save endpoints)', () => {
  it.each([
    [
      'a track is saved and removed through the collection service',
      'spotify:track:a',
      saveTrack({ requestId: 'webplayer-library-1', uri: 'spotify:track:a' }),
      removeTrack({ requestId: 'webplayer-library-2', uri: 'spotify:track:a' }),
    ],
    [
      'an album likewise',
      'spotify:album:b',
      saveAlbum({ requestId: 'webplayer-library-1', uri: 'spotify:album:b' }),
      removeAlbum({ requestId: 'webplayer-library-2', uri: 'spotify:album:b' }),
    ],
    [
      'a show through /me/shows',
      'spotify:show:c',
      ENDPOINTS.saveShows.request({ requestId: 'webplayer-library-1', args: { ids: ['c'] } }),
      ENDPOINTS.removeShows.request({ requestId: 'webplayer-library-2', args: { ids: ['c'] } }),
    ],
    [
      'an artist is followed through /me/following',
      'spotify:artist:d',
      ENDPOINTS.followArtists.request({ requestId: 'webplayer-library-1', args: { ids: ['d'] } }),
      ENDPOINTS.unfollowArtists.request({ requestId: 'webplayer-library-2', args: { ids: ['d'] } }),
    ],
    [
      'a playlist through its followers (PUT body public false)',
      'spotify:playlist:e',
      ENDPOINTS.followPlaylist.request({ requestId: 'webplayer-library-1', args: { id: 'e', body: { public: false } } }),
      ENDPOINTS.unfollowPlaylist.request({ requestId: 'webplayer-library-2', args: { id: 'e' } }),
    ],
  ])('%s', (_name, uri, on, off) => {
    const { out, dispatch } = run(webPlayerLibraryEpic, true);
    dispatch(libraryToggled({ uri }));
    expect(out).toEqual([on]);
    dispatch(libraryToggled({ uri }));
    expect(out).toEqual([on, off]);
  });

  it("the write's answer confirms the toggle; a failure puts it back, once", () => {
    const { out, dispatch, state } = run(webPlayerLibraryEpic, true);
    dispatch(libraryToggled({ uri: 'spotify:artist:d' }));
    dispatch(ENDPOINTS.followArtists.answered({ requestId: 'webplayer-library-1', result: null }));
    expect(out[1]).toEqual(libraryAnswered({ uri: 'spotify:artist:d', on: true, ok: true }));
    dispatch(libraryToggled({ uri: 'spotify:artist:d' }));
    dispatch(
      requestFailed({
        requestId: 'webplayer-library-2',
        endpoint: 'unfollowArtists',
        err: 'Request failed',
        status: 500,
        method: 'DELETE',
        url: '/x',
        query: '',
        fatal: false,
      }),
    );
    dispatch(ENDPOINTS.unfollowArtists.answered({ requestId: 'webplayer-library-2', result: null }));
    expect(out.slice(3)).toEqual([libraryAnswered({ uri: 'spotify:artist:d', on: false, ok: false })]);
    expect(state.value.webplayer.library['spotify:artist:d']).toBe(true);
  });

  it('an anonymous visitor sends no request (the page offers the log-in page)', () => {
    const { out, dispatch } = run(webPlayerLibraryEpic, false);
    dispatch(libraryToggled({ uri: 'spotify:album:b' }));
    expect(out).toEqual([]);
  });
});

describe('preview mode plays on the preview element inside the dispatch that asked (spec 001 §4 preview player, autoplay)', () => {
  it('each step list runs once, in order, before the dispatch returns', () => {
    const calls: string[] = [];
    const element: PreviewElement = {
      load: (src) => (calls.push(`load ${src}`), of(undefined)),
      play: () => (calls.push('play'), of(undefined)),
      pause: () => (calls.push('pause'), of(undefined)),
      seek: (ms) => (calls.push(`seek ${ms}`), of(undefined)),
      setVolume: (v) => (calls.push(`volume ${v}`), of(undefined)),
    };
    const { dispatch } = run(webPlayerPreviewEpic, false, element);
    dispatch(playToggled());
    expect(calls).toEqual(['load /preview/a.mp3', 'play']);
    dispatch(libraryToggled({ uri: 'spotify:track:a' }));
    expect(calls).toEqual(['load /preview/a.mp3', 'play']);
    dispatch(playToggled());
    expect(calls).toEqual(['load /preview/a.mp3', 'play', 'pause']);
  });
});

describe('now playing: a track the page has no row for is asked through the request layer (spec 001 §7 GET /tracks/{id})', () => {
  it('asks once for the unknown track and shows its answer', () => {
    const { out, dispatch, state } = run(webPlayerNowPlayingEpic, true);
    dispatch(engineEventReceived({ event: { kind: 'trackChanged', uri: 'spotify:track:zz', durationMs: 5 } }));
    expect(out).toEqual([ENDPOINTS.track.request({ requestId: 'webplayer-nowplaying-spotify:track:zz', args: { id: 'zz' } })]);
    const answer = { id: 'zz', uri: 'spotify:track:zz', type: 'track', name: 'Zed', duration_ms: 5, artists: [{ id: 'r', type: 'artist', name: 'R' }] };
    dispatch(ENDPOINTS.track.answered({ requestId: 'webplayer-nowplaying-spotify:track:zz', result: answer }));
    expect(out[1]).toEqual(
      nowPlayingKnown({ track: { ...track('zz'), name: 'Zed', durationMs: 5, previewUrl: null, artists: [{ name: 'R', href: '/artist/r' }] } }),
    );
    expect(state.value.webplayer.player.current?.name).toBe('Zed');
    // A known row asks nothing.
    dispatch(engineEventReceived({ event: { kind: 'trackChanged', uri: 'spotify:track:a', durationMs: 5 } }));
    expect(out).toHaveLength(2);
  });
});
