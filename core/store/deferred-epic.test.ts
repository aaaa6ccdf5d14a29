import { EMPTY, Subject } from 'rxjs';
import { filter, map } from 'rxjs/operators';
import * as t from 'io-ts';
import { defineAction, type Action } from './action';
import { deferredEpic } from './deferred-epic';
import { createStore, type Envelope, type Epic } from './store';

const asked = defineAction('test/asked', { n: t.number });
const answered = defineAction('test/answered', { by: t.string, n: t.number });

type S = { asked: number };
type D = { clock: { now(): number } };
const reducer = (state: S, action: Action): S => (asked.match(action) ? { asked: state.asked + 1 } : state);
const answering =
  (by: string): Epic<S, D> =>
  (action$) =>
    action$.pipe(filter(asked.match), map((a) => answered({ by, n: a.n })));

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
