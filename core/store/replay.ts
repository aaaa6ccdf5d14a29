import { ReplaySubject, Subscription, VirtualTimeScheduler, takeUntil, type SchedulerLike } from 'rxjs';
import { ACTION_LOG_SCHEMA, startOf, type ActionLogFile } from './action-log';
import { createStore, type Envelope, type Epic, type Reducer, type Store, type StoreClock } from './store';
import { createEpicMatcher, type Divergence } from './replay-match';

/** A log that this build cannot replay (other schema, other app). */
export class ReplayError extends Error {
  override readonly name = 'ReplayError';
}

export type { Divergence } from './replay-match';

export type EngineReplayResult<S> =
  | {
      readonly ok: true;
      readonly finalState: S;
      /** The regenerated epic envelopes, one per recorded epic entry, in the order they were generated. */
      readonly generated: Envelope[];
      /** Every envelope of the replay run (inputs and epic output), as the replayed store logged them. */
      readonly envelopes: Envelope[];
      /** The recorded seq each of `envelopes` stands for, in the same order (issue 19: states compared per recorded seq, core/store/divergence.ts). */
      readonly recordedSeqs: number[];
    }
  | { readonly ok: false; readonly divergence: Divergence };

export interface EngineReplayOptions<S, D extends { clock: StoreClock }> {
  readonly reducer: Reducer<S>;
  readonly epics: ReadonlyArray<Epic<S, D>>;
  /** Builds the epics' deps (fake ports) on the replay's virtual-time scheduler and clock. */
  readonly makeDeps: (scheduler: SchedulerLike, clock: StoreClock) => D;
  readonly expectApp?: string;
  /** Virtual ms to run until; by default the `t` of the last entry (see replayEngine). */
  readonly until?: number;
}

/** ARCHITECTURE.md §3: a log of another schema version (or of another app, when named) is refused. */
export function assertReplayable(file: ActionLogFile, expectApp?: string): void {
  if (file.header.schema !== ACTION_LOG_SCHEMA) {
    throw new ReplayError(
      `Cannot replay: this action log has schema version ${file.header.schema}; this build replays schema version ${ACTION_LOG_SCHEMA} only.`,
    );
  }
  if (expectApp !== undefined && file.header.app !== expectApp) {
    throw new ReplayError(`Cannot replay: this action log was recorded by the app "${file.header.app}", not "${expectApp}".`);
  }
}

/**
 * Engine replay needs the session from its start: the epics' subscriptions, timers and port answers
 * in flight at a mid-session checkpoint are not in the log (nor in the windowed transcript), so a
 * windowed log is refused with the reason; fold replay works from its checkpoint.
 */
export function assertWhole(file: ActionLogFile): void {
  if (file.checkpoint !== undefined) {
    throw new ReplayError(
      `Cannot replay on the engine: this log was windowed (seqs 1 to ${file.checkpoint.seq} were dropped from memory to bound it); ` +
        'engine replay needs the session from its start. Fold replay works from the checkpoint.',
    );
  }
}

/**
 * Fold replay (ARCHITECTURE.md §3): the reducer alone over every entry, effects dropped as in Elm's
 * debugger. `states[i]` is the state after entry i (seq i + 1, or checkpoint seq + i + 1 in a
 * windowed log); the initial state is the header's, or the checkpoint's state.
 */
export function replayFold<S>(file: ActionLogFile, reducer: Reducer<S>, expectApp?: string): { states: S[]; finalState: S } {
  assertReplayable(file, expectApp);
  const states: S[] = [];
  let state = startOf(file).state as S;
  for (const entry of file.entries) {
    state = reducer(state, entry.action);
    states.push(state);
  }
  return { states, finalState: state };
}

/**
 * Engine replay (ARCHITECTURE.md §3): only the inputs (src ui and adapter) are fed, each at its
 * recorded `t`, into a fresh store on a virtual-time scheduler; the epics must regenerate the
 * recorded epic actions, with the same causes (see createEpicMatcher: not by `t`, nor by how they
 * interleave with inputs, since real timers fire late). Virtual timers fire no later than the real
 * ones did, so running until the last recorded `t` sees every recorded action, and periodic epics
 * (tickers, heartbeats) still running when the recording stopped cannot run forever.
 * The run halts at the first divergence, so a runaway epic is stopped at its first action past
 * the recorded ones (reported with seq -1).
 */
export function replayEngine<S, D extends { clock: StoreClock }>(file: ActionLogFile, options: EngineReplayOptions<S, D>): EngineReplayResult<S> {
  assertReplayable(file, options.expectApp);
  assertWhole(file);
  const matcher = createEpicMatcher(file.entries);
  const scheduler = new VirtualTimeScheduler(undefined, options.until ?? file.entries.at(-1)?.t ?? 0);
  const clock: StoreClock = { now: () => scheduler.now() };
  const halt$ = new ReplaySubject<void>(1);
  const scheduled = new Subscription();
  const recordedSeqOf = new Map<number, number>();
  const envelopes: Envelope[] = [];
  const generated: Envelope[] = [];
  let feeding: Envelope | undefined;
  let divergence: Divergence | undefined;
  let store: Store<S> | undefined;

  const fail = (found: Divergence): void => {
    divergence ??= found;
    halt$.next();
    scheduled.unsubscribe();
  };
  const onEnvelope = (actual: Envelope): void => {
    if (divergence !== undefined) return;
    envelopes.push(actual);
    if (actual.src !== 'epic') {
      if (feeding !== undefined) recordedSeqOf.set(actual.seq, feeding.seq);
      return;
    }
    generated.push(actual);
    const result = matcher.match(actual, actual.cause === undefined ? undefined : recordedSeqOf.get(actual.cause));
    if ('divergence' in result) fail(result.divergence);
    else recordedSeqOf.set(actual.seq, result.matched.seq);
  };

  try {
    store = createStore({
      reducer: options.reducer,
      epics: options.epics.map((epic) => (action$, state$, deps: D) => epic(action$, state$, deps).pipe(takeUntil(halt$))),
      deps: options.makeDeps(scheduler, clock),
      initialState: file.header.initialState as S,
      onEnvelope,
    });
    const target = store;
    for (const input of file.entries.filter(isInput)) {
      const feed = () => {
        feeding = input;
        target.dispatch(input.action, input.src);
        feeding = undefined; // left set if the dispatch threw, to name the input in the report
      };
      if (divergence === undefined) scheduled.add(scheduler.schedule(feed, Math.max(0, input.t)));
    }
    scheduler.flush();
  } catch (err) {
    const at = feeding === undefined ? `at ${scheduler.now()} ms, in the epics` : `while replaying seq ${feeding.seq} (${feeding.action.type})`;
    fail({ seq: feeding?.seq ?? -1, message: `The replayed store threw ${at}: ${err instanceof Error ? err.message : String(err)}` });
  } finally {
    store?.stop();
    scheduled.unsubscribe();
  }

  divergence ??= matcher.missing();
  if (divergence !== undefined || store === undefined) {
    return { ok: false, divergence: divergence ?? { seq: -1, message: 'The replayed store was not created.' } };
  }
  const recordedSeqs = envelopes.map((envelope) => recordedSeqOf.get(envelope.seq) ?? -1);
  return { ok: true, finalState: store.getState(), generated, envelopes, recordedSeqs };
}

const isInput = (entry: Envelope): entry is Envelope & { src: 'ui' | 'adapter' } => entry.src !== 'epic';
