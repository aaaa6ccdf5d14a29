import { TestScheduler } from 'rxjs/testing';
import { delay, filter, map } from 'rxjs/operators';
import { Observable } from 'rxjs';
import * as t from 'io-ts';
import { createStore, type Envelope, type Epic } from './store';
import { defineAction, type Action } from './action';

const ping = defineAction('test/pinged', { n: t.number });
const pong = defineAction('test/ponged', { n: t.number });

const reducer = (state: { pings: number; pongs: number }, action: Action) =>
  ping.match(action) ? { ...state, pings: state.pings + 1 } : pong.match(action) ? { ...state, pongs: state.pongs + 1 } : state;

describe('createStore (ARCHITECTURE.md §3, the store runs one queue)', () => {
  it('runs the reducer, then emits state$, then lets the epics see the action', () => {
    const seen: string[] = [];
    const epic: Epic<{ pings: number; pongs: number }, { clock: { now(): number } }> = (action$, state$) =>
      new Observable<Action>(() => {
        const s = action$.subscribe((a) => {
          seen.push(`epic ${a.type} sees pings=${state$.value.pings}`);
        });
        return s;
      });
    const store = createStore({ reducer, epics: [epic], deps: { clock: { now: () => 0 } }, initialState: { pings: 0, pongs: 0 } });
    store.state$.subscribe((s) => seen.push(`state pings=${s.pings}`));
    store.dispatch(ping({ n: 1 }));
    expect(seen).toEqual(['state pings=0', 'state pings=1', 'epic test/pinged sees pings=1']);
  });

  it('tags ui, adapter and epic actions, giving epic output the seq of its cause', () => {
    const epic: Epic<{ pings: number; pongs: number }, { clock: { now(): number } }> = (action$) =>
      action$.pipe(
        filter(ping.match),
        map((a) => pong({ n: a.n })),
      );
    const log: Envelope[] = [];
    let now = 100;
    const store = createStore({
      reducer,
      epics: [epic],
      deps: { clock: { now: () => now } },
      initialState: { pings: 0, pongs: 0 },
      onEnvelope: (e) => log.push(e),
    });
    now = 105;
    store.dispatch(ping({ n: 1 }));
    now = 107;
    store.dispatch(pong({ n: 9 }), 'adapter');
    expect(log).toEqual([
      { seq: 1, t: 5, src: 'ui', action: { type: 'test/pinged', n: 1 } },
      { seq: 2, t: 5, src: 'epic', cause: 1, action: { type: 'test/ponged', n: 1 } },
      { seq: 3, t: 7, src: 'adapter', action: { type: 'test/ponged', n: 9 } },
    ]);
    expect(store.getState()).toEqual({ pings: 1, pongs: 2 });
  });

  it('queues actions dispatched during a dispatch so every listener sees the log order', () => {
    const order: number[] = [];
    const store = createStore({ reducer, deps: { clock: { now: () => 0 } }, initialState: { pings: 0, pongs: 0 }, onEnvelope: (e) => order.push(e.seq) });
    store.subscribe(() => {
      if (store.getState().pings === 1 && store.getState().pongs === 0) store.dispatch(pong({ n: 1 }));
    });
    store.dispatch(ping({ n: 1 }));
    expect(order).toEqual([1, 2]);
    expect(store.getState()).toEqual({ pings: 1, pongs: 1 });
  });

  it('notifies UI subscribers once per drained batch, after the epics ran, and not for an unchanged state', () => {
    const epic: Epic<{ pings: number; pongs: number }, { clock: { now(): number } }> = (action$) =>
      action$.pipe(
        filter(ping.match),
        map((a) => pong({ n: a.n })),
      );
    const store = createStore({ reducer, epics: [epic], deps: { clock: { now: () => 0 } }, initialState: { pings: 0, pongs: 0 } });
    const seen: string[] = [];
    const unsubscribe = store.subscribe(() => seen.push(`pings=${store.getState().pings} pongs=${store.getState().pongs}`));
    store.dispatch(ping({ n: 1 }));
    expect(seen).toEqual(['pings=1 pongs=1']);
    store.dispatch({ type: 'test/ignored' });
    expect(seen).toHaveLength(1);
    unsubscribe();
    store.dispatch(ping({ n: 2 }));
    expect(seen).toHaveLength(1);
  });

  it('turns an epic that throws into store/epicFailed instead of a crash', () => {
    const epic: Epic<{ pings: number; pongs: number }, { clock: { now(): number } }> = (action$) =>
      action$.pipe(
        map(() => {
          throw new Error('boom');
        }),
      );
    const log: Envelope[] = [];
    const store = createStore({
      reducer,
      epics: [epic],
      deps: { clock: { now: () => 0 } },
      initialState: { pings: 0, pongs: 0 },
      onEnvelope: (e) => log.push(e),
    });
    store.dispatch(ping({ n: 1 }));
    expect(log[1]?.action).toEqual({ type: 'store/epicFailed', epic: 0, message: 'boom' });
  });

  it('runs timed epics on the injected scheduler (virtual time)', () => {
    new TestScheduler((a, b) => expect(a).toEqual(b)).run(({ flush }) => {
      const log: Envelope[] = [];
      const epic: Epic<{ pings: number; pongs: number }, { clock: { now(): number } }> = (action$) =>
        action$.pipe(
          filter(ping.match),
          delay(3000),
          map((a) => pong({ n: a.n })),
        );
      const store = createStore({
        reducer,
        epics: [epic],
        deps: { clock: { now: () => 0 } },
        initialState: { pings: 0, pongs: 0 },
        onEnvelope: (e) => log.push(e),
      });
      store.dispatch(ping({ n: 2 }));
      flush();
      expect(log.map((e) => [e.src, e.action.type, e.cause])).toEqual([
        ['ui', 'test/pinged', undefined],
        ['epic', 'test/ponged', undefined],
      ]);
    });
  });
});
