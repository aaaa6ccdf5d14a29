import { Observable, Subscription, type SchedulerAction, type SchedulerLike, type Subscriber } from 'rxjs';
import type { ActionLogFile } from './action-log';
import type { PortTap } from './port-tap';
import { assertReplayable, assertWhole, ReplayError, type EngineReplayResult } from './replay';
import type { Divergence } from './replay-match';
import { diffStates } from './state-diff';
import { createStore, type Envelope, type Epic, type Reducer, type Store, type StoreClock } from './store';
import type { Transcript, TranscriptEntry } from './transcript';

/** The replay found the epics doing something the recording did not; the first one stops the run. */
class TranscriptDivergence extends Error {
  override readonly name = 'TranscriptDivergence';
}

type Work<T> = (this: SchedulerAction<T>, state?: T) => void;

interface ReplayTap extends PortTap {
  /** Delivers the next occurrence of the event loop (an answer, a timer, an input); false once the transcript is done. */
  step(): boolean;
  /** Delivers what came while the store was busy, up to the next thing the epics must do themselves. */
  settle(): void;
  /** Where the transcript stands, for reports. */
  position(): string;
  /** The first divergence found, even if an epic caught the error it threw. */
  failure(): string | undefined;
  /** How many transcript entries have been used (delivered or matched) so far. */
  used(): number;
}

/** The recorded error as the epics will read it. */
const errorOf = (recorded: { name: string; message: string }): Error => Object.assign(new Error(recorded.message), { name: recorded.name });

const json = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

const describe = (entry: TranscriptEntry | undefined): string => {
  if (entry === undefined) return 'nothing (the transcript had ended)';
  switch (entry.k) {
    case 'call':
      return `${entry.c}(${json(entry.a).slice(1, -1)})`;
    case 'sub':
      return `a subscription to ${entry.c}(${json(entry.a).slice(1, -1)})`;
    case 'schedule':
    case 'reschedule':
      return `a ${entry.k} of timer ${entry.id} in ${entry.d} ms`;
    case 'input':
      return 'an input';
    case 'fire':
      return `timer ${entry.id} firing`;
    default:
      return `a ${entry.k} of subscription ${entry.id}`;
  }
};

/**
 * Answers every port call from the transcript, in order: a call whose name or arguments differ
 * from the recorded one is a divergence, and so is an answer for a subscription the epics no
 * longer hold or a timer they cancelled. Time is the recorded clock: nothing runs by itself.
 */
function createReplayTap(entries: ReadonlyArray<TranscriptEntry>, dispatchInput: () => void): ReplayTap {
  let cursor = 0;
  const subscribers = new Map<number, Subscriber<unknown>>();
  const timers = new Map<number, { action: SchedulerAction<unknown>; work: Work<unknown>; state: unknown }>();

  let failure: string | undefined;
  const diverge = (what: string): never => {
    failure ??= `${what} (transcript line ${cursor + 2})`;
    throw new TranscriptDivergence(failure);
  };

  const deliver = (entry: TranscriptEntry): void => {
    switch (entry.k) {
      case 'input':
        cursor += 1;
        return dispatchInput();
      case 'fire': {
        const timer = timers.get(entry.id) ?? diverge(`The recorded timer ${entry.id} fired here, but the epics had cancelled it or never set it`);
        cursor += 1;
        timers.delete(entry.id);
        return timer.work.call(timer.action, timer.state);
      }
      case 'next':
      case 'error':
      case 'complete': {
        const subscriber = subscribers.get(entry.id) ?? diverge(`The recording has ${describe(entry)} here, but the epics no longer held that subscription`);
        cursor += 1;
        if (entry.k === 'next') return subscriber.next(entry.v);
        subscribers.delete(entry.id);
        if (entry.k === 'complete') return subscriber.complete();
        return subscriber.error(errorOf(entry.e));
      }
      default:
        return diverge(`The recording has ${describe(entry)} here, which the epics did not make`);
    }
  };

  const isNested = (entry: TranscriptEntry | undefined): boolean => entry !== undefined && 'n' in entry && entry.n === 1;
  const isNestedEventOf = (entry: TranscriptEntry, id: number): boolean =>
    (entry.k === 'next' || entry.k === 'error' || entry.k === 'complete') && entry.id === id && isNested(entry);
  const settle = (): void => {
    while (isNested(entries[cursor])) deliver(entries[cursor] as TranscriptEntry);
  };

  /** The next thing the epics do must be the recorded one. */
  const expect = <K extends TranscriptEntry['k']>(kind: K, what: string, same: (entry: Extract<TranscriptEntry, { k: K }>) => boolean) => {
    settle();
    const entry = entries[cursor];
    if (entry?.k !== kind || !same(entry as Extract<TranscriptEntry, { k: K }>)) {
      diverge(`The epics made ${what} where the recording has ${describe(entry)}`);
    }
    cursor += 1;
    return entry as Extract<TranscriptEntry, { k: K }>;
  };

  const sameCall = (call: string, args: readonly unknown[]) => (entry: { c: string; a: unknown[] }) => entry.c === call && json(entry.a) === json(args);

  const value = <T>(call: string, args: readonly unknown[]): T => {
    const entry = expect('call', describe({ k: 'call', c: call, a: [...args] }), sameCall(call, args));
    if (entry.x !== undefined) throw errorOf(entry.x);
    return entry.v as T;
  };

  return {
    value,
    stream: <T>(call: string, args: readonly unknown[]): Observable<T> =>
      new Observable<T>((subscriber) => {
        const { id } = expect('sub', describe({ k: 'sub', c: call, a: [...args], id: -1 }), sameCall(call, args));
        subscribers.set(id, subscriber);
        // What the recorded subscription gave synchronously, it gives before subscribe returns.
        for (let entry = entries[cursor]; entry !== undefined && isNestedEventOf(entry, id); entry = entries[cursor]) deliver(entry);
        return () => subscribers.delete(id);
      }),
    scheduler: (): SchedulerLike => ({
      now: () => value<number>('scheduler.now', []),
      schedule: <T>(work: Work<T>, delay = 0, state?: T): Subscription => {
        const { id } = expect('schedule', `a timer in ${delay} ms`, (entry) => entry.d === delay);
        const action = new Subscription() as SchedulerAction<T>;
        const set = (timerState: T | undefined) => timers.set(id, { action, work: work as Work<unknown>, state: timerState });
        action.schedule = (nextState?: T, nextDelay = 0): Subscription => {
          if (action.closed) return action;
          expect('reschedule', `a reschedule of timer ${id} in ${nextDelay} ms`, (entry) => entry.id === id && entry.d === nextDelay);
          set(nextState);
          return action;
        };
        action.add(() => timers.delete(id));
        set(state);
        return action;
      },
    }),
    step: () => {
      const entry = entries[cursor];
      if (entry === undefined || failure !== undefined) return false;
      deliver(entry);
      settle();
      return true;
    },
    settle,
    position: () => `transcript line ${cursor + 2} of ${entries.length + 1}`,
    failure: () => failure,
    used: () => cursor,
  };
}

export interface TranscriptReplayOptions<S, D extends { clock: StoreClock }> {
  readonly reducer: Reducer<S>;
  /** The store's epics and deps, built over the replay tap from the transcript header's config. */
  readonly build: (tap: PortTap, config: unknown) => { readonly epics: ReadonlyArray<Epic<S, D>>; readonly deps: D };
  readonly expectApp?: string;
  /**
   * Sees each recorded line the replay regenerated, with how many transcript entries had been used
   * when the store logged it: the entries before that count happened before the action (the replay
   * viewer links the transcript to the actions so, core/replay-viewer/transcript-links.ts).
   */
  readonly onRegenerated?: (envelope: Envelope, transcriptEntriesUsed: number) => void;
}

const toJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/**
 * Engine replay with a port transcript (ARCHITECTURE.md §3 Replay, for a store whose epics read
 * ports): a fresh store gets the log's inputs where the recording got them, and fake ports that
 * answer from the transcript, with timers firing where the real ones fired and the clock reading
 * what it read. Nothing is left to timing, so the regenerated log must equal the recorded one
 * line for line, `t` and `cause` included; the first line that differs is the divergence, by seq.
 */
export function replayWithTranscript<S, D extends { clock: StoreClock }>(
  file: ActionLogFile,
  transcript: Transcript,
  options: TranscriptReplayOptions<S, D>,
): EngineReplayResult<S> {
  assertReplayable(file, options.expectApp);
  if (transcript.header.app !== file.header.app) {
    throw new ReplayError(`Cannot replay: the transcript was recorded by the app "${transcript.header.app}", the log by "${file.header.app}".`);
  }
  assertWhole(file);
  if ((transcript.header.dropped ?? 0) > 0) {
    throw new ReplayError(
      `Cannot replay on the engine: the transcript was windowed (its first ${transcript.header.dropped} entries were dropped from memory to bound it); ` +
        "engine replay needs the session from its start. Fold replay works from the log's checkpoint.",
    );
  }
  const inputs = file.entries.filter((entry) => entry.src !== 'epic');
  const envelopes: Envelope[] = [];
  let divergence: Divergence | undefined;
  let store: Store<S> | undefined;
  let inputsFed = 0;

  const tap = createReplayTap(transcript.entries, () => {
    const input = inputs[inputsFed];
    if (input === undefined) throw new Error('The transcript has an input here, but the log has no more inputs');
    inputsFed += 1;
    store?.dispatch(input.action, input.src === 'adapter' ? 'adapter' : 'ui');
  });
  const fail = (found: Divergence): void => {
    // A divergence at the ports comes before what it made the epics log, even if an epic caught its error.
    const atPorts = tap.failure();
    const where = found.seq === -1 ? 'After the last line of the log' : `Before seq ${found.seq}`;
    divergence ??= atPorts === undefined ? found : { seq: found.seq, message: `${where}: ${atPorts}.` };
    store?.stop();
  };
  const onEnvelope = (actual: Envelope): void => {
    if (divergence !== undefined) return;
    envelopes.push(actual);
    const expected = file.entries[envelopes.length - 1];
    if (expected === undefined) {
      fail({ seq: -1, actual, message: `The store logged ${actual.action.type} (seq ${actual.seq}) past the end of the log.` });
      return;
    }
    const changes = diffStates(toJson(expected), toJson(actual));
    if (changes.length > 0) {
      const what = changes.map((c) => `${c.path}: ${json(c.before)} -> ${json(c.after)}`).join('; ');
      fail({ seq: expected.seq, expected, actual, message: `Seq ${expected.seq} (${expected.action.type}) differs: ${what}.` });
      return;
    }
    options.onRegenerated?.(actual, tap.used());
  };

  try {
    const { epics, deps } = options.build(tap, transcript.header.config);
    store = createStore({ reducer: options.reducer, epics, deps, initialState: file.header.initialState as S, onEnvelope });
    tap.settle();
    while (divergence === undefined && tap.step());
  } catch (err) {
    const seq = file.entries[envelopes.length]?.seq ?? -1;
    fail({ seq, message: `The replayed store threw before seq ${seq}: ${err instanceof Error ? err.message : String(err)}` });
  } finally {
    store?.stop();
  }
  // An epic may have caught the error a divergence threw and gone on: the tap still knows.
  if (tap.failure() !== undefined) fail({ seq: file.entries[envelopes.length]?.seq ?? -1, message: '' });
  const next = file.entries[envelopes.length];
  if (divergence === undefined && next !== undefined) {
    divergence = {
      seq: next.seq,
      expected: next,
      message: `Seq ${next.seq} (${next.action.type}) was not regenerated: the transcript ended at ${tap.position()}.`,
    };
  }
  if (divergence !== undefined || store === undefined) {
    return { ok: false, divergence: divergence ?? { seq: -1, message: 'The replayed store was not created.' } };
  }
  const generated = envelopes.filter((envelope) => envelope.src === 'epic');
  // Line for line: the n-th envelope is the log's n-th entry.
  return { ok: true, finalState: store.getState(), generated, envelopes, recordedSeqs: file.entries.map((entry) => entry.seq) };
}
