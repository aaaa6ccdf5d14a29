import { BehaviorSubject, Subject } from 'rxjs';
import { ENDPOINTS, removeTrack, requestFailed, saveTrack } from '../catalogue';
import type { Action } from '../store/action';
import type { StateObservable } from '../store/store';
import { initialWebPlayerState, saveAnswered, saveToggled, webPlayerReducer, webPlayerSaveEpic, type WebPlayerState } from './index';

const page = { path: '/search/x', itemUri: null, listContextUri: null, tracks: [{ id: 'a', uri: 'spotify:track:a', name: 'A', artists: '', playable: true }] };

/** The epic over a reducer-driven state, as the store runs it; what it emitted. */
function run(loggedIn: boolean) {
  const action$ = new Subject<Action>();
  const state = new BehaviorSubject({ webplayer: initialWebPlayerState(page, loggedIn) });
  const state$ = Object.defineProperty(state.asObservable(), 'value', { get: () => state.value }) as StateObservable<{ webplayer: WebPlayerState }>;
  const out: Action[] = [];
  webPlayerSaveEpic(action$, state$).subscribe((a) => out.push(a));
  const dispatch = (a: Action) => {
    state.next({ webplayer: webPlayerReducer(state.value.webplayer, a) });
    action$.next(a);
  };
  return { out, dispatch };
}

describe('saving from the web player goes through the request layer (issue 17, spec 001 §7 Collection service)', () => {
  it('save then unsave ask saveTrack and removeTrack; their answers confirm the rows', () => {
    const { out, dispatch } = run(true);
    dispatch(saveToggled({ id: 'a' }));
    expect(out).toEqual([saveTrack({ requestId: 'webplayer-save-1', uri: 'spotify:track:a' })]);
    dispatch(ENDPOINTS.collectionSaveTracks.answered({ requestId: 'webplayer-save-1', result: null }));
    expect(out[1]).toEqual(saveAnswered({ id: 'a', saved: true, ok: true }));
    dispatch(saveToggled({ id: 'a' }));
    expect(out[2]).toEqual(removeTrack({ requestId: 'webplayer-save-2', uri: 'spotify:track:a' }));
  });

  it('a failed request answers not ok once (its null answer after it is not a success)', () => {
    const { out, dispatch } = run(true);
    dispatch(saveToggled({ id: 'a' }));
    dispatch(
      requestFailed({
        requestId: 'webplayer-save-1',
        endpoint: 'collectionSaveTracks',
        err: 'Request failed',
        status: 500,
        method: 'POST',
        url: '/x',
        query: '',
        fatal: false,
      }),
    );
    dispatch(ENDPOINTS.collectionSaveTracks.answered({ requestId: 'webplayer-save-1', result: null }));
    expect(out.slice(1)).toEqual([saveAnswered({ id: 'a', saved: true, ok: false })]);
  });

  it('an anonymous visitor sends no request (the page offers the log-in page)', () => {
    const { out, dispatch } = run(false);
    dispatch(saveToggled({ id: 'a' }));
    expect(out).toEqual([]);
  });
});
