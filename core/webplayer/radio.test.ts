import { Subject } from 'rxjs';
import { ENDPOINTS, requestFailed } from '../catalogue';
import type { Action } from '../store/action';
import type { StateObservable } from '../store/store';
import { initialPlayerBar } from './player';
import { initialWebPlayerState, webPlayerReducer } from './reducer';
import { isStationUri, likeKey, radioActions, radioFeedbackAnswered, radioSongBanned, radioSongLiked, webPlayerRadioEpic } from './radio';
import { tracksSection } from './sections';
import type { WebPlayerState, WebTrack } from './state';

// Issue 17 radio (spec 001 §7 Radio): like and ban a station's songs from its page.

const STATION = 'spotify:station:track:t1';
const row = (id: string): WebTrack => ({
  id,
  uri: `spotify:track:${id}`,
  name: `Song ${id}`,
  artists: [],
  album: null,
  imageUrl: null,
  durationMs: 1000,
  previewUrl: null,
  playable: true,
});
const page = (contextUri: string) => ({
  path: '/station/track/t1',
  itemUri: null,
  header: null,
  sections: [tracksSection('station', null, contextUri, [row('t1'), row('t2'), row('t3')], { album: true, cover: true }, '')],
});
const state = (loggedIn = true, contextUri = STATION): WebPlayerState => ({
  ...initialWebPlayerState(page(contextUri), loggedIn),
  player: initialPlayerBar(loggedIn),
});
const rowsOf = (s: WebPlayerState) => (s.page.sections[0]?.kind === 'tracks' ? s.page.sections[0].rows.map((r) => r.id) : []);

describe('issue 17 radio: a station row is liked or banned', () => {
  it('a ban takes the row away at once; its refusal puts it back where it was; its success keeps it away', () => {
    const banned = webPlayerReducer(state(), radioSongBanned({ section: 0, index: 1 }));
    expect(rowsOf(banned)).toEqual(['t1', 't3']);
    expect(banned.radio.pending).toMatchObject([{ seq: 1, kind: 'ban', station: STATION, track: { id: 't2' }, index: 1 }]);
    expect(rowsOf(webPlayerReducer(banned, radioFeedbackAnswered({ seq: 1, ok: false })))).toEqual(['t1', 't2', 't3']);
    const kept = webPlayerReducer(banned, radioFeedbackAnswered({ seq: 1, ok: true }));
    expect([rowsOf(kept), kept.radio.pending]).toEqual([['t1', 't3'], []]);
  });

  it('a like marks the row for that station; a refused like unmarks it', () => {
    const liked = webPlayerReducer(state(), radioSongLiked({ section: 0, index: 0 }));
    expect(liked.radio.liked[likeKey(STATION, 'spotify:track:t1')]).toBe(true);
    expect(rowsOf(liked)).toEqual(['t1', 't2', 't3']);
    expect(webPlayerReducer(liked, radioFeedbackAnswered({ seq: 1, ok: false })).radio.liked[likeKey(STATION, 'spotify:track:t1')]).toBe(false);
  });

  it('an anonymous visitor is offered the log-in page; a list that is no station is left alone', () => {
    const anonymous = webPlayerReducer(state(false), radioSongBanned({ section: 0, index: 1 }));
    expect([anonymous.loginOffer, rowsOf(anonymous), anonymous.radio.pending]).toEqual(['save', ['t1', 't2', 't3'], []]);
    const album = state(true, 'spotify:album:a1');
    expect(webPlayerReducer(album, radioSongBanned({ section: 0, index: 1 }))).toBe(album);
  });

  it('the epic sends each feedback once through the request layer and answers it from the answer or the failure', () => {
    let current = state();
    const action$ = new Subject<Action>();
    // The store's state$: its value is the state after the action being handled.
    const state$ = Object.defineProperty(new Subject(), 'value', { get: () => ({ webplayer: current }) }) as unknown as StateObservable<{
      readonly webplayer: WebPlayerState;
    }>;
    const out: Action[] = [];
    webPlayerRadioEpic(action$, state$).subscribe((a) => out.push(a));
    const dispatch = (a: Action) => {
      current = webPlayerReducer(current, a);
      action$.next(a);
    };
    dispatch(radioSongBanned({ section: 0, index: 1 }));
    dispatch(radioSongLiked({ section: 0, index: 0 }));
    expect(out).toEqual([
      ENDPOINTS.banRadioSong.request({ requestId: 'webplayer-radio-1', args: { context: STATION, track: 'spotify:track:t2' } }),
      ENDPOINTS.likeRadioSong.request({ requestId: 'webplayer-radio-2', args: { context: STATION, track: 'spotify:track:t1' } }),
    ]);
    out.length = 0;
    dispatch(ENDPOINTS.banRadioSong.answered({ requestId: 'webplayer-radio-1', result: null }));
    dispatch(
      requestFailed({ requestId: 'webplayer-radio-2', endpoint: 'likeRadioSong', method: 'POST', url: 'u', query: '', status: 500, err: 'x', fatal: false }),
    );
    expect(out).toEqual([radioFeedbackAnswered({ seq: 1, ok: true }), radioFeedbackAnswered({ seq: 2, ok: false })]);
  });

  it('song and artist pages link their radio (ours: /station/{type}/{id}); other items none', () => {
    expect(radioActions('spotify:track:t1')).toEqual([{ kind: 'link', href: '/station/track/t1', label: 'Go to song radio' }]);
    expect(radioActions('spotify:artist:a1')).toEqual([{ kind: 'link', href: '/station/artist/a1', label: 'Go to artist radio' }]);
    expect(radioActions('spotify:album:a1')).toEqual([]);
    expect([isStationUri(STATION), isStationUri('spotify:station:genre:x'), isStationUri(null)]).toEqual([true, false, false]);
  });
});
