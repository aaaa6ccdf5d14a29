import { EMPTY, Subject } from 'rxjs';
import { filter, map } from 'rxjs/operators';
import * as t from 'io-ts';
import { defineAction, type Action } from './action';
import { deferredEpic, deferredEpicHearingAll } from './deferred-epic';
import { createStore, type Envelope, type Epic } from './store';

const asked = defineAction('test/asked', { n: t.number });
const answered = defineAction('test/answered', { by: t.string, n: t.number });

type S = { asked: number };
type D = { clock: { now(): number } };
const reducer = (state: S, action: Action): S => (asked.match(action) ? { asked: state.asked + 1 } : state);
const answering =
  (by: string): Epic<S, D> =>
  (action$) =>
    action$.pipe(
      filter(asked.match),
      map((a) => answered({ by, n: a.n })),
    );

function storeWith(load: Subject<Epic<S, D>> | typeof EMPTY) {
  const log: Envelope[] = [];
  const store = createStore<S, D>({
    reducer,
    epics: [answering('first'), deferredEpic(load), answering('last')],
    deps: { clock: { now: () => 0 } },
    initialState: { asked: 0 },
    onEnvelope: (e) => log.push(e),
  });
  const answers = () => log.flatMap((e) => (answered.match(e.action) ? [`${e.action.by} ${e.action.n} cause ${e.cause ?? '-'}`] : []));
  return { store, answers };
}

describe('deferredEpic (a lazily loaded epic keeps its place in the epic order)', () => {
  it('answers in list order once loaded, as engine replay with every epic from the start would', () => {
    const load = new Subject<Epic<S, D>>();
    const { store, answers } = storeWith(load);
    store.dispatch(asked({ n: 1 }));
    load.next(answering('loaded'));
    store.dispatch(asked({ n: 2 }));
    expect(answers()).toEqual(['first 1 cause 1', 'last 1 cause 1', 'first 2 cause 4', 'loaded 2 cause 4', 'last 2 cause 4']);
  });

  it('does not see the actions that came before it was loaded', () => {
    const load = new Subject<Epic<S, D>>();
    const { store, answers } = storeWith(load);
    store.dispatch(asked({ n: 1 }));
    load.next(answering('loaded'));
    expect(answers().filter((a) => a.startsWith('loaded'))).toEqual([]);
  });

  it('stays silent when nothing is loaded (the chunk is not wanted)', () => {
    const { store, answers } = storeWith(EMPTY);
    store.dispatch(asked({ n: 1 }));
    expect(answers()).toEqual(['first 1 cause 1', 'last 1 cause 1']);
  });
});

describe('deferredEpicHearingAll (a lazily loaded logging channel hears the whole session: issue 12)', () => {
  const noted = defineAction('test/noted', { n: t.number, asked: t.number, at: t.number });
  /** Answers each ask with what it sees of it: the state's count and the clock. */
  const noting: Epic<S, D> = (action$, state$, deps) =>
    action$.pipe(
      filter(asked.match),
      map((a) => noted({ n: a.n, asked: state$.value.asked, at: deps.clock.now() })),
    );

  function hearingStore(load: Subject<Epic<S, D>>, max?: number) {
    const log: Envelope[] = [];
    let now = 0;
    const store = createStore<S, D>({
      reducer,
      epics: [answering('first'), deferredEpicHearingAll(load, max), answering('last')],
      deps: { clock: { now: () => now } },
      initialState: { asked: 0 },
      onEnvelope: (e) => log.push(e),
    });
    const types = () =>
      log.map((e) => (answered.match(e.action) ? `${e.action.by} ${e.action.n}` : asked.match(e.action) ? `asked ${e.action.n}` : e.action.type));
    const notes = () => log.flatMap((e) => (noted.match(e.action) ? [{ n: e.action.n, asked: e.action.asked, at: e.action.at, cause: e.cause }] : []));
    return { store, types, notes, setNow: (t: number) => (now = t) };
  }

  it('hands the actions that came before its code to it first, in order, with the state after each and the time it came', () => {
    const load = new Subject<Epic<S, D>>();
    const { store, notes, setNow } = hearingStore(load);
    setNow(10);
    store.dispatch(asked({ n: 1 }));
    setNow(20);
    store.dispatch(asked({ n: 2 }));
    setNow(500);
    load.next(noting);
    setNow(600);
    store.dispatch(asked({ n: 3 }));
    expect(notes()).toEqual([
      // Early ones: no cause (not emitted while the store processed them), their own state and time.
      { n: 1, asked: 1, at: 10, cause: undefined },
      { n: 2, asked: 2, at: 20, cause: undefined },
      // Live ones as deferredEpic: answered in list order, caused by the ask.
      { n: 3, asked: 3, at: 600, cause: expect.any(Number) },
    ]);
  });

  it('keeps the order when its answers to early actions are processed while it catches up, even with its early store full', () => {
    const load = new Subject<Epic<S, D>>();
    // 6: the two asks and their answers fill it; what comes while it catches up is live, not early.
    const { store, types } = hearingStore(load, 6);
    store.dispatch(asked({ n: 1 }));
    store.dispatch(asked({ n: 2 }));
    // Answers every ask with an ask of its own (n + 10) once: the new ask comes after the early ones.
    load.next((action$) =>
      action$.pipe(
        filter(asked.match),
        filter((a) => a.n < 10),
        map((a) => asked({ n: a.n + 10 })),
      ),
    );
    expect(types()).toEqual([
      'asked 1',
      'first 1',
      'last 1',
      'asked 2',
      'first 2',
      'last 2',
      // While it catches up on 1 it asks 11: the store answers 11 at once, and the late epic hears 11 after 2.
      'asked 11',
      'first 11',
      'last 11',
      'asked 12',
      'first 12',
      'last 12',
    ]);
  });

  it('keeps at most `max` early actions, the first ones (a chunk that never arrives does not grow the page)', () => {
    const load = new Subject<Epic<S, D>>();
    // Each ask is 3 actions (the ask and the two answers): 6 keep the first two asks.
    const { store, notes } = hearingStore(load, 6);
    for (let n = 1; n <= 5; n += 1) store.dispatch(asked({ n }));
    load.next(noting);
    store.dispatch(asked({ n: 6 }));
    expect(notes().map((note) => note.n)).toEqual([1, 2, 6]);
  });

  it('hears nothing twice and nothing is lost when it loads at once (as in engine replay)', () => {
    const load = new Subject<Epic<S, D>>();
    const { store, notes } = hearingStore(load);
    load.next(noting);
    store.dispatch(asked({ n: 1 }));
    store.dispatch(asked({ n: 2 }));
    expect(notes().map((note) => [note.n, note.cause])).toEqual([
      [1, 1],
      [2, 5],
    ]);
  });
});
