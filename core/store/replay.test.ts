import { VirtualTimeScheduler, interval, of, type SchedulerLike } from 'rxjs';
import { delay, filter, map } from 'rxjs/operators';
import * as t from 'io-ts';
import { defineAction, type Action } from './action';
import { createActionLog, parseActionLog, serializeActionLog, type ActionLogFile } from './action-log';
import { createStore, type Envelope, type Epic, type StoreClock } from './store';
import { ReplayError, replayEngine, replayFold } from './replay';

// A small app: a start-up epic, one that answers a click synchronously, one that answers 3 s later.
interface TestState {
  readonly started: boolean;
  readonly clicks: number[];
  readonly facts: string[];
  readonly acks: string[];
  readonly answers: number[];
  readonly delayed: number[];
  readonly ticks: number;
}
interface TestDeps {
  readonly clock: StoreClock;
  readonly scheduler: SchedulerLike;
}
const started = defineAction('test/started');
const clicked = defineAction('test/clicked', { n: t.number });
const factArrived = defineAction('test/factArrived', { v: t.string });
const answered = defineAction('test/answered', { n: t.number });
const delayedAnswered = defineAction('test/delayedAnswered', { n: t.number });
const factAcknowledged = defineAction('test/factAcknowledged', { v: t.string });
const ticked = defineAction('test/ticked');

const initialState: TestState = { started: false, clicks: [], facts: [], acks: [], answers: [], delayed: [], ticks: 0 };
const reducer = (s: TestState, a: Action): TestState =>
  started.match(a)
    ? { ...s, started: true }
    : clicked.match(a)
      ? { ...s, clicks: [...s.clicks, a.n] }
      : factArrived.match(a)
        ? { ...s, facts: [...s.facts, a.v] }
        : factAcknowledged.match(a)
          ? { ...s, acks: [...s.acks, a.v] }
          : answered.match(a)
            ? { ...s, answers: [...s.answers, a.n] }
            : delayedAnswered.match(a)
              ? { ...s, delayed: [...s.delayed, a.n] }
              : ticked.match(a)
                ? { ...s, ticks: s.ticks + 1 }
                : s;

type TestEpic = Epic<TestState, TestDeps>;
const startEpic: TestEpic = () => of(started());
const answerEpic: TestEpic = (action$) =>
  action$.pipe(
    filter(clicked.match),
    map((a) => answered({ n: a.n * 10 })),
  );
const ackEpic: TestEpic = (action$) =>
  action$.pipe(
    filter(factArrived.match),
    map((a) => factAcknowledged({ v: a.v })),
  );
const delayedEpic: TestEpic = (action$, _s, deps) =>
  action$.pipe(
    filter(clicked.match),
    delay(3000, deps.scheduler),
    map((a) => delayedAnswered({ n: a.n })),
  );
const tickerEpic: TestEpic = (_a, _s, deps) => interval(1000, deps.scheduler).pipe(map(() => ticked()));
const epics = [startEpic, answerEpic, ackEpic, delayedEpic];
const makeDeps = (scheduler: SchedulerLike, clock: StoreClock): TestDeps => ({ scheduler, clock });

/** Real timers fire late: this scheduler fires every delayed task `lateBy` ms after it was due. */
function lateScheduler(inner: VirtualTimeScheduler, lateBy: number): SchedulerLike {
  return {
    now: () => inner.now(),
    schedule: ((work: () => void, due?: number, state?: unknown) =>
      inner.schedule(work, due === undefined || due === 0 ? due : due + lateBy, state)) as SchedulerLike['schedule'],
  };
}

type Input = readonly [t: number, action: Action, src: 'ui' | 'adapter'];
const defaultInputs: Input[] = [
  [100, clicked({ n: 1 }), 'ui'],
  [3102, factArrived({ v: 'a' }), 'adapter'], // between the due time (3100) and the late firing (3104)
  [5000.5, clicked({ n: 2 }), 'ui'],
];

/** Records a live session: the JSONL text, and the state after every seq as the live store had it. */
function record(options: { lateBy?: number; until?: number; epics?: TestEpic[]; inputs?: Input[] } = {}) {
  const scheduler = new VirtualTimeScheduler(undefined, options.until ?? Infinity);
  const live: TestState[] = [];
  const log = createActionLog({ app: 'test-app', version: '1.0.0', initialState });
  const store = createStore({
    reducer: (s: TestState, a: Action) => {
      const next = reducer(s, a);
      live.push(next);
      return next;
    },
    epics: options.epics ?? epics,
    deps: { clock: { now: () => scheduler.now() }, scheduler: lateScheduler(scheduler, options.lateBy ?? 4) },
    initialState,
    onEnvelope: (e) => log.record(e),
  });
  for (const [at, action, src] of options.inputs ?? defaultInputs) scheduler.schedule(() => store.dispatch(action, src), at);
  scheduler.flush();
  store.stop();
  return { text: log.toJsonl(), live, finalState: store.getState() };
}

const engine = (file: ActionLogFile, withEpics: TestEpic[] = epics) => replayEngine(file, { reducer, epics: withEpics, makeDeps });
const epicEntries = (entries: ReadonlyArray<Envelope>) => entries.filter((e) => e.src === 'epic');
const editEntries = (file: ActionLogFile, edit: (entries: Envelope[]) => Envelope[]): ActionLogFile => ({
  header: file.header,
  entries: edit([...file.entries]),
});

describe('replay of a recorded session (ARCHITECTURE.md §3 Replay)', () => {
  const session = record();
  const file = parseActionLog(session.text);

  it('records the session this suite relies on: start-up, sync and late timer epic actions', () => {
    expect(file.entries.map((e) => [e.seq, e.t, e.src, e.cause, e.action.type])).toEqual([
      [1, 0, 'epic', undefined, 'test/started'],
      [2, 100, 'ui', undefined, 'test/clicked'],
      [3, 100, 'epic', 2, 'test/answered'],
      [4, 3102, 'adapter', undefined, 'test/factArrived'],
      [5, 3102, 'epic', 4, 'test/factAcknowledged'],
      [6, 3104, 'epic', undefined, 'test/delayedAnswered'],
      [7, 5000.5, 'ui', undefined, 'test/clicked'],
      [8, 5000.5, 'epic', 7, 'test/answered'],
      [9, 8004.5, 'epic', undefined, 'test/delayedAnswered'],
    ]);
  });

  describe('fold mode: the reducer alone gives the same state at every step', () => {
    it('gives the live state after every seq and the live final state', () => {
      const { states, finalState } = replayFold(file, reducer, 'test-app');
      expect(states).toHaveLength(file.entries.length);
      expect(states).toEqual(session.live);
      expect(finalState).toEqual(session.finalState);
    });

    it('starts from the header initial state (an empty log folds to it)', () => {
      expect(replayFold({ header: file.header, entries: [] }, reducer)).toEqual({ states: [], finalState: initialState });
    });

    it('refuses a log recorded by another app when the caller names its app', () => {
      expect(() => replayFold(file, reducer, 'widget')).toThrow(
        new ReplayError('Cannot replay: this action log was recorded by the app "test-app", not "widget".'),
      );
    });
  });

  describe('engine mode: inputs fed at their recorded times regenerate the epic actions', () => {
    it('regenerates every recorded epic action and reaches the live final state', () => {
      const result = engine(file);
      if (!result.ok) throw new Error(result.divergence.message);
      expect(result.finalState).toEqual(session.finalState);
      expect(result.generated).toHaveLength(epicEntries(file.entries).length);
      expect(result.generated.map((e) => e.action)).toEqual(expect.arrayContaining(epicEntries(file.entries).map((e) => e.action)));
    });

    it('does not require the recorded interleaving: the 3 s timer fires before the fact in virtual time', () => {
      const result = engine(file);
      if (!result.ok) throw new Error(result.divergence.message);
      expect(result.envelopes.slice(3, 6).map((e) => [e.seq, e.t, e.cause, e.action.type])).toEqual([
        [4, 3100, undefined, 'test/delayedAnswered'],
        [5, 3102, undefined, 'test/factArrived'],
        // Recorded as seq 5 caused by seq 4: the cause is matched through the seq map, not by number.
        [6, 3102, 5, 'test/factAcknowledged'],
      ]);
    });

    it('replays a log recorded with timers on time as well', () => {
      const onTime = parseActionLog(record({ lateBy: 0 }).text);
      expect(onTime.entries[3]?.action.type).toBe('test/delayedAnswered');
      expect(engine(onTime).ok).toBe(true);
    });

    it('reports an epic action whose payload was edited, at its seq', () => {
      const tampered = parseActionLog(session.text.replace('"n":20', '"n":21'));
      expect(engine(tampered)).toEqual({
        ok: false,
        divergence: {
          seq: 8,
          expected: expect.objectContaining({ seq: 8, action: { type: 'test/answered', n: 21 } }),
          actual: expect.objectContaining({ action: { type: 'test/answered', n: 20 } }),
          message: 'Seq 8: test/answered differs: n: 21 -> 20.',
        },
      });
    });

    it('reports a removed epic entry where the log and the replay part ways', () => {
      const tampered = editEntries(file, (entries) => entries.filter((e) => e.seq !== 5));
      const result = engine(tampered);
      expect(result.ok || result.divergence).toMatchObject({
        seq: 6,
        actual: { action: { type: 'test/factAcknowledged', v: 'a' } },
        message:
          'The epics generated test/factAcknowledged (caused by seq 4), which the log does not have after seq 4; ' +
          'the log goes on with seq 6 (test/delayedAnswered).',
      });
    });

    it('reports a removed timer entry at the next timer entry, which it is compared with', () => {
      const tampered = editEntries(file, (entries) => entries.filter((e) => e.seq !== 6));
      expect(engine(tampered)).toMatchObject({ ok: false, divergence: { seq: 9, message: 'Seq 9: test/delayedAnswered differs: n: 2 -> 1.' } });
    });

    it('reports an epic action generated past the end of the log with seq -1', () => {
      const tampered = editEntries(file, (entries) => entries.filter((e) => e.seq !== 9));
      // Without entry 9 the log ends at 5000.5, before the second delayed answer is due: nothing is missing.
      expect(engine(tampered).ok).toBe(true);
      const later = replayEngine(tampered, { reducer, epics, makeDeps, until: 9000 });
      expect(later.ok || later.divergence).toMatchObject({
        seq: -1,
        actual: { action: { type: 'test/delayedAnswered', n: 2 } },
        message: 'The epics generated test/delayedAnswered (caused by no action (a timer or start-up)) past the end of the log; replay stopped there.',
      });
    });

    it('reports the first recorded epic action that the epics never regenerate', () => {
      const result = engine(file, [startEpic, ackEpic, delayedEpic]);
      expect(result.ok || result.divergence).toMatchObject({
        seq: 3,
        expected: { seq: 3 },
        message: 'Seq 3 (test/answered) was not regenerated: the epics regenerated 4 of the 6 recorded epic actions.',
      });
    });

    it('reports an epic action whose cause was edited', () => {
      const tampered = editEntries(file, (entries) => entries.map((e) => (e.seq === 8 ? { ...e, cause: 2 } : e)));
      expect(engine(tampered)).toMatchObject({
        ok: false,
        divergence: { seq: 8, message: 'Seq 8 (test/answered): recorded as caused by seq 2, regenerated as caused by seq 7.' },
      });
    });

    it('stops a runaway epic (one that answers its own output) at its first action past the log', () => {
      const runaway: TestEpic = (action$) =>
        action$.pipe(
          filter(answered.match),
          map((a) => answered({ n: a.n })),
        );
      const loopLog = parseActionLog(record({ epics: [answerEpic], inputs: [[0, clicked({ n: 1 }), 'ui']] }).text);
      const result = engine(loopLog, [answerEpic, runaway]);
      expect(result.ok || result.divergence).toMatchObject({ seq: -1, actual: { seq: 3, cause: 2, action: { type: 'test/answered', n: 10 } } });
    });

    it('ends with the recording: a ticker still running when the log ends is not an extra action', () => {
      const ticking = parseActionLog(record({ lateBy: 0, until: 2500, epics: [tickerEpic], inputs: [[2500, clicked({ n: 1 }), 'ui']] }).text);
      expect(ticking.entries.map((e) => e.action.type)).toEqual(['test/ticked', 'test/ticked', 'test/clicked']);
      const result = engine(ticking, [tickerEpic]);
      expect(result.ok && result.finalState).toEqual({ ...initialState, ticks: 2, clicks: [1] });
    });

    it('reports a reducer that throws on a replayed input at that input seq', () => {
      const throwing = (s: TestState, a: Action) => {
        if (factArrived.match(a)) throw new Error('no facts here');
        return reducer(s, a);
      };
      const result = replayEngine(file, { reducer: throwing, epics, makeDeps });
      expect(result.ok || result.divergence).toEqual({
        seq: 4,
        message: 'The replayed store threw while replaying seq 4 (test/factArrived): no facts here',
      });
    });

    it('refuses a log recorded by another app when expectApp is given', () => {
      expect(() => replayEngine(file, { reducer, epics, makeDeps, expectApp: 'widget' })).toThrow(ReplayError);
    });
  });

  describe('schema version (ARCHITECTURE.md §3: a log of another schema version is refused)', () => {
    const otherSchema: ActionLogFile = { header: { ...file.header, schema: 2 }, entries: file.entries };

    it('parseActionLog refuses the text of a schema-2 log before reading its lines', () => {
      expect(() => parseActionLog(serializeActionLog(otherSchema))).toThrow('This action log has schema version 2; this build reads schema version 1 only.');
    });

    it('fold and engine refuse a schema-2 log given to them already parsed', () => {
      const message = 'Cannot replay: this action log has schema version 2; this build replays schema version 1 only.';
      expect(() => replayFold(otherSchema, reducer)).toThrow(new ReplayError(message));
      expect(() => engine(otherSchema)).toThrow(new ReplayError(message));
    });
  });
});
