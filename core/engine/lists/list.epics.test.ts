import { TestScheduler } from 'rxjs/testing';
import type { Action } from '../../store/action';
import { createStore, type Envelope } from '../../store/store';
import * as A from './actions';
import { emptyList, type ListTrack } from './list-player';
import { listEpic } from './list.epics';
import { listReducer, type ListSlice } from './reducer';

const T = (uri: string, playable = true): ListTrack => ({ uri, playable });

/** The list player alone in a store on virtual time; epic actions as [t, type-without-'list/', payload?]. */
function run(inputs: ReadonlyArray<readonly [number, Action]>, draws: ReadonlyArray<number> = []) {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const log: Array<[number, string, Record<string, unknown>?]> = [];
  let state!: () => ListSlice;
  scheduler.run(({ flush }) => {
    let drawn = 0;
    const random = { next: () => draws[drawn++ % Math.max(1, draws.length)] ?? 0 };
    const store = createStore<ListSlice, { clock: { now(): number }; random: { next(): number } }>({
      reducer: (s, a) => ({ list: listReducer(s.list, a) }),
      epics: [listEpic],
      deps: { clock: { now: () => scheduler.now() }, random },
      initialState: { list: emptyList },
      onEnvelope: (e: Envelope) => {
        if (e.src !== 'epic') return;
        const { type, ...payload } = e.action as Action & Record<string, unknown>;
        log.push(Object.keys(payload).length === 0 ? [e.t, type.replace(/^list\//, '')] : [e.t, type.replace(/^list\//, ''), payload]);
      },
    });
    state = () => store.getState();
    for (const [at, action] of inputs) scheduler.schedule(() => store.dispatch(action), at);
    scheduler.schedule(() => store.stop(), 10000);
    flush();
  });
  return { log, state };
}

const load = A.listLoadRequested({ tracks: [T('a'), T('b', false), T('c')], startIndex: 0 });
const next = (reason: unknown = 'fwdbtn') => A.navigationRequested({ direction: 'next', reason });

describe('list player epic (spec 001 §4 List player)', () => {
  it('plays through the list skipping unplayable tracks; track finish → next (trackdone); the end → list ended and cleared', () => {
    const { log, state } = run([
      [0, load],
      [1, A.navigationRequested({ direction: 'next', reason: 'playbtn' })],
      [2, A.listTrackLoaded({ index: 0 })],
      [3, A.listTrackFinished()],
      [4, A.listTrackLoaded({ index: 2 })],
      [5, A.listTrackFinished()],
    ]);
    expect(log).toEqual([
      [1, 'trackLoadRequested', { index: 0, uri: 'a', reason: 'playbtn' }],
      [3, 'trackLoadRequested', { index: 2, uri: 'c', reason: 'trackdone' }],
      [5, 'ended'],
    ]);
    expect(state().list).toEqual(emptyList);
  });

  it('a newer navigation cancels the older pending one', () => {
    const { log } = run([
      [0, A.listLoadRequested({ tracks: [T('a'), T('b'), T('c')], startIndex: 0 })],
      [1, next()],
      [2, next()],
      [3, A.listTrackLoaded({ index: 1 })],
      [4, next()],
    ]);
    expect(log).toEqual([
      [1, 'trackLoadRequested', { index: 0, uri: 'a', reason: 'fwdbtn' }],
      [2, 'trackLoadCancelled', { index: 0 }],
      [2, 'trackLoadRequested', { index: 1, uri: 'b', reason: 'fwdbtn' }],
      [4, 'trackLoadRequested', { index: 2, uri: 'c', reason: 'fwdbtn' }],
    ]);
  });

  it('a track that failed to load is not pending: the next navigation cancels nothing', () => {
    const { log } = run([
      [0, load],
      [1, next()],
      [2, A.listTrackFailed({ allowsNext: true })],
    ]);
    expect(log).toEqual([
      [1, 'trackLoadRequested', { index: 0, uri: 'a', reason: 'fwdbtn' }],
      [2, 'trackLoadRequested', { index: 2, uri: 'c', reason: 'trackerror' }],
    ]);
  });

  it('an error moves next with reason trackerror; more than 5 errors raise max-list-errors instead', () => {
    const tracks = Array.from({ length: 10 }, (_, i) => T(`t${i}`));
    const inputs: Array<readonly [number, Action]> = [
      [0, A.listLoadRequested({ tracks, startIndex: 0 })],
      [1, next('playbtn')],
    ];
    for (let i = 0; i < 6; i++) inputs.push([10 + i * 10, A.listTrackLoaded({ index: i })], [11 + i * 10, A.listTrackFailed({ allowsNext: true })]);
    const { log } = run(inputs);
    expect(log.slice(1).map(([t, type, p]) => [t, type, p?.['reason']])).toEqual([
      [11, 'trackLoadRequested', 'trackerror'],
      [21, 'trackLoadRequested', 'trackerror'],
      [31, 'trackLoadRequested', 'trackerror'],
      [41, 'trackLoadRequested', 'trackerror'],
      [51, 'trackLoadRequested', 'trackerror'],
      [61, 'maxListErrors', undefined],
    ]);
  });

  it('a track that plays resets the error count (spec 001 §9 consecutive errors)', () => {
    const { state } = run([
      [0, load],
      [1, next()],
      [2, A.listTrackFailed({ allowsNext: false })],
      [3, A.listTrackPlaying()],
    ]);
    expect(state().list).toMatchObject({ status: 'playing', errors: 0 });
  });

  it('refuses navigation without a reason or without a list (spec 001 §5)', () => {
    const { log } = run([
      [0, next()],
      [1, load],
      [2, next(null)],
    ]);
    expect(log).toEqual([
      [0, 'refused', { code: 'NO_LIST', err: 'Cannot perform operation; no list was loaded.' }],
      [2, 'refused', { code: 'INVALID', err: 'The argument `reason` is required.' }],
    ]);
  });

  it('smart previous: previous track under 3000 ms, restart at 3000 ms or more (spec 001 §4)', () => {
    const { log } = run([
      [0, load],
      [1, next()],
      [2, A.listTrackLoaded({ index: 0 })],
      [3, next()],
      [4, A.listTrackLoaded({ index: 2 })],
      [5, A.smartPreviousRequested({ positionMs: 3000, seekingDisallowed: false })],
      [6, A.smartPreviousRequested({ positionMs: 2999, seekingDisallowed: false })],
    ]);
    expect(log.slice(2)).toEqual([
      [5, 'restartRequested'],
      [6, 'trackLoadRequested', { index: 0, uri: 'a', reason: 'backbtn' }],
    ]);
  });
});

describe('shuffle and repeat in the list epic (spec 001 §3 Playback state, Repeat modes; §5 repeat mode check)', () => {
  const four = A.listLoadRequested({ tracks: [T('a'), T('b'), T('c'), T('d')], startIndex: 0 });

  it('shuffle on draws the play order from the injected random, the current track first; next follows it', () => {
    const { log } = run(
      [
        [0, four],
        [1, next('playbtn')],
        [2, A.listTrackLoaded({ index: 0 })],
        [3, A.shuffleRequested({ shuffle: true })],
        [4, next()],
      ],
      [0],
    );
    // rest [1, 2, 3] with every draw 0: [3, 2, 1] then [2, 3, 1].
    expect(log.slice(1)).toEqual([
      [3, 'orderChanged', { shuffle: true, order: [0, 2, 3, 1] }],
      [4, 'trackLoadRequested', { index: 2, uri: 'c', reason: 'fwdbtn' }],
    ]);
  });

  it('a list loaded while shuffle is on gets its own order, from the start track', () => {
    const { log } = run(
      [
        [0, A.shuffleRequested({ shuffle: true })],
        [1, A.listLoadRequested({ tracks: [T('a'), T('b'), T('c')], startIndex: 1 })],
        [2, next('playbtn')],
        [3, A.listTrackLoaded({ index: 1 })],
        [4, next()],
      ],
      [0],
    );
    expect(log).toEqual([
      [0, 'orderChanged', { shuffle: true, order: [] }],
      [1, 'orderChanged', { shuffle: true, order: [1, 2, 0] }],
      [2, 'trackLoadRequested', { index: 1, uri: 'b', reason: 'playbtn' }],
      [4, 'trackLoadRequested', { index: 2, uri: 'c', reason: 'fwdbtn' }],
    ]);
  });

  it('spec 001 §4 add to queue: a list loaded under shuffle plays its queued tracks next, in their order, then the shuffled rest', () => {
    const Q = (uri: string) => ({ uri, playable: true, queued: true });
    const { log } = run(
      [
        [0, A.shuffleRequested({ shuffle: true })],
        [1, A.listLoadRequested({ tracks: [T('a'), T('b'), Q('q1'), Q('q2'), T('c'), T('d')], startIndex: 1 })],
        [2, next('playbtn')],
        [3, A.listTrackLoaded({ index: 1 })],
        [4, next()],
        [5, A.listTrackLoaded({ index: 2 })],
        [6, next()],
      ],
      [0],
    );
    expect(log.slice(1, 2)).toEqual([[1, 'orderChanged', { shuffle: true, order: [1, 2, 3, 4, 5, 0] }]]);
    expect(log.slice(2).map(([, type, payload]) => [type, payload?.uri])).toEqual([
      ['trackLoadRequested', 'b'],
      ['trackLoadRequested', 'q1'],
      ['trackLoadRequested', 'q2'],
    ]);
  });

  it("repeat CONTEXT plays on from the first track after the last; a bad mode is refused with spec 001 §5's text", () => {
    const { log, state } = run([
      [0, A.listLoadRequested({ tracks: [T('a'), T('b')], startIndex: 1 })],
      [1, A.repeatRequested({ mode: 'CONTEXT' })],
      [2, A.repeatRequested({ mode: 'ALL' })],
      [3, next('playbtn')],
      [4, A.listTrackLoaded({ index: 1 })],
      [5, A.listTrackFinished()],
    ]);
    expect(log).toEqual([
      [1, 'repeatChanged', { mode: 'CONTEXT' }],
      [2, 'refused', { code: 'INVALID', err: 'The value of repeat mode is not a correct RepeatMode enum value' }],
      [3, 'trackLoadRequested', { index: 1, uri: 'b', reason: 'playbtn' }],
      [5, 'trackLoadRequested', { index: 0, uri: 'a', reason: 'trackdone' }],
    ]);
    expect(state().list.repeat).toBe('CONTEXT');
  });

  it('repeat TRACK plays a finished track again', () => {
    const { log } = run([
      [0, A.repeatRequested({ mode: 'TRACK' })],
      [1, four],
      [2, next('playbtn')],
      [3, A.listTrackLoaded({ index: 0 })],
      [4, A.listTrackFinished()],
    ]);
    expect(log.slice(1)).toEqual([
      [2, 'trackLoadRequested', { index: 0, uri: 'a', reason: 'playbtn' }],
      [4, 'trackLoadRequested', { index: 0, uri: 'a', reason: 'trackdone' }],
    ]);
  });

  it('max-list-errors (spec 001 §4, §9: more than 5 errors) stops the list: it clears, and no track loads after it', () => {
    const tracks = Array.from({ length: 8 }, (_, i) => T(`t${i}`));
    const inputs: Array<readonly [number, Action]> = [
      [0, A.listLoadRequested({ tracks, startIndex: 0 })],
      [1, next('playbtn')],
    ];
    for (let i = 0; i < 6; i += 1) inputs.push([2 + i, A.listTrackFailed({ allowsNext: true })]);
    const { log, state } = run(inputs);
    expect(log.filter(([, type]) => type === 'trackLoadRequested')).toHaveLength(6);
    expect(log.at(-1)).toEqual([7, 'maxListErrors']);
    expect(state().list.status).toBe('noList');
  });
});
