import { VirtualTimeScheduler, interval, type SchedulerLike } from 'rxjs';
import { map } from 'rxjs/operators';
import * as t from 'io-ts';
import { defineAction, type Action } from './action';
import { ACTION_LOG_WINDOW, createActionLog, pageLogWindow, parseActionLog, serializeActionLog, startOf } from './action-log';
import { createRecordingTap } from './port-tap';
import { replayEngine, replayFold, ReplayError } from './replay';
import { createStore, type Epic, type StoreClock } from './store';
import { parseTranscript, serializeTranscript, TRANSCRIPT_SCHEMA, TRANSCRIPT_WINDOW } from './transcript';
import { replayWithTranscript } from './transcript-replay';

// Issue 12 "Memory stays bounded over a long session": a log and a transcript keep a window of
// entries in memory; a windowed log folds from its checkpoint, and engine replay says why it cannot.
const ticked = defineAction('test/ticked', { n: t.number });
const clicked = defineAction('test/clicked', {});
interface State {
  readonly ticks: number;
  readonly clicks: number;
}
const reducer = (state: State, action: Action): State =>
  ticked.match(action) ? { ...state, ticks: state.ticks + 1 } : clicked.match(action) ? { ...state, clicks: state.clicks + 1 } : state;
interface Deps {
  readonly clock: StoreClock;
  readonly scheduler: SchedulerLike;
}
const tickEpic: Epic<State, Deps> = (_a, _s, deps) => interval(500, deps.scheduler).pipe(map((n) => ticked({ n })));
const initialState: State = { ticks: 0, clicks: 0 };

/** A long session: a ticker (as the progress actions) and a click every 7 s, for `ms` of virtual time. */
function longSession(ms: number, window: { log?: number; transcript?: number }) {
  const scheduler = new VirtualTimeScheduler(undefined, ms);
  const tap = createRecordingTap({ ...(window.transcript === undefined ? {} : { window: window.transcript }) });
  const log = createActionLog({ app: 'test-app', version: '1', initialState }, window.log === undefined ? {} : { window: window.log });
  const deps: Deps = { clock: { now: () => tap.value('clock.now', [], () => scheduler.now()) }, scheduler: tap.scheduler(() => scheduler) };
  const store = tap.starting(() => createStore<State, Deps>({ reducer, epics: [tickEpic], deps, initialState, onEnvelope: log.record }));
  for (let at = 7000; at < ms; at += 7000) scheduler.schedule(() => tap.input(() => store.dispatch(clicked(), 'ui')), at);
  scheduler.flush();
  store.stop();
  const dropped = tap.dropped();
  const transcript = serializeTranscript({
    header: { kind: 'transcript', schema: TRANSCRIPT_SCHEMA, app: 'test-app', config: {}, ...(dropped === 0 ? {} : { dropped }) },
    entries: tap.entries(),
  });
  return { log, tap, transcript, finalState: store.getState() };
}

describe('the action log window', () => {
  it('states its bound, and keeps between half of it and all of it', () => {
    expect(ACTION_LOG_WINDOW).toBe(1000);
    expect(TRANSCRIPT_WINDOW).toBe(3000);
    const { log } = longSession(30 * 60_000, { log: 100 }); // 3600 ticks and more
    const file = log.file();
    expect(file.entries.length).toBeGreaterThanOrEqual(50);
    expect(file.entries.length).toBeLessThanOrEqual(100);
    expect(file.checkpoint?.seq).toBe((file.entries[0]?.seq ?? 0) - 1);
  });

  it('writes a checkpoint line after the header; the windowed log parses and folds from it to the live state', () => {
    const { log, finalState } = longSession(5 * 60_000, { log: 40 });
    const text = log.toJsonl();
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind?: string });
    expect(lines[1]?.kind).toBe('checkpoint');
    const file = parseActionLog(text);
    const start = startOf(file);
    expect(start.seq).toBeGreaterThan(0);
    // The checkpoint's state is the one after its seq: a fold from it ends where the live store did.
    expect(replayFold(file, reducer).finalState).toEqual(finalState);
    expect((start.state as State).ticks + file.entries.filter((e) => ticked.match(e.action)).length).toBe(finalState.ticks);
    expect(serializeActionLog(file)).toBe(text);
  });

  it('refuses a seq sequence that does not follow the checkpoint', () => {
    const { log } = longSession(60_000, { log: 20 });
    const [header, checkpoint, ...entries] = log.toJsonl().trim().split('\n');
    const broken = [header, JSON.stringify({ ...(JSON.parse(checkpoint ?? '{}') as object), seq: 1 }), ...entries].join('\n');
    expect(() => parseActionLog(broken)).toThrow(/Line 3: expected seq 2, found \d+/);
  });

  it('engine replay of a windowed log says that the log was windowed (it needs the session from its start)', () => {
    const { log, transcript } = longSession(60_000, { log: 20 });
    const file = parseActionLog(log.toJsonl());
    expect(() => replayEngine(file, { reducer, epics: [tickEpic], makeDeps: (scheduler, clock) => ({ scheduler, clock }) })).toThrow(ReplayError);
    expect(() => replayEngine(file, { reducer, epics: [tickEpic], makeDeps: (scheduler, clock) => ({ scheduler, clock }) })).toThrow(
      /this log was windowed \(seqs 1 to \d+ were dropped/,
    );
    expect(() =>
      replayWithTranscript(file, parseTranscript(transcript), {
        reducer,
        build: () => ({ epics: [], deps: { clock: { now: () => 0 }, scheduler: new VirtualTimeScheduler() } }),
      }),
    ).toThrow(/this log was windowed/);
  });

  it('a log under its window has no checkpoint and still replays on the engine', () => {
    const { log, finalState } = longSession(10_000, { log: 1000 });
    const file = parseActionLog(log.toJsonl());
    expect(file.checkpoint).toBeUndefined();
    const result = replayEngine(file, { reducer, epics: [tickEpic], makeDeps: (scheduler, clock) => ({ scheduler, clock }) });
    expect(result.ok && result.finalState).toEqual(finalState);
  });
});

describe('the transcript window', () => {
  it('keeps between half its window and all of it, and counts what it dropped in the header', () => {
    const { tap, transcript } = longSession(10 * 60_000, { transcript: 100 });
    expect(tap.entries().length).toBeGreaterThanOrEqual(50);
    expect(tap.entries().length).toBeLessThanOrEqual(100);
    const parsed = parseTranscript(transcript);
    expect(parsed.header.dropped).toBe(tap.dropped());
    expect(tap.dropped()).toBeGreaterThan(0);
  });

  it('engine replay over a windowed transcript says that it was windowed', () => {
    const { log, transcript } = longSession(60_000, { transcript: 20 });
    const file = parseActionLog(log.toJsonl());
    expect(file.checkpoint).toBeUndefined();
    expect(() =>
      replayWithTranscript(file, parseTranscript(transcript), {
        reducer,
        build: () => ({ epics: [], deps: { clock: { now: () => 0 }, scheduler: new VirtualTimeScheduler() } }),
      }),
    ).toThrow(/the transcript was windowed \(its first \d+ entries were dropped/);
  });
});

describe('pageLogWindow', () => {
  it('keeps the window unless the page asks for whole logs (the bench baseline, logWindow=off)', () => {
    expect(pageLogWindow('?debug=1', 10)).toEqual({ window: 10 });
    expect(pageLogWindow('', 10)).toEqual({ window: 10 });
    expect(pageLogWindow('?debug=1&logWindow=off', 10)).toEqual({});
    expect(pageLogWindow('?logWindow=offish', 10)).toEqual({ window: 10 });
  });
});
