import { startOf, type ActionLogFile } from '../store/action-log';
import type { ActionSource } from '../store/action';
import type { Reducer } from '../store/store';

/**
 * Issue 19 "The viewer": a captured log as a timeline that folds the state at any step with the
 * app's own reducer (fold replay, ARCHITECTURE.md §3). Issue 19 "It stays fast on long sessions":
 * a snapshot is kept every `snapshotEvery` entries while the log is folded once on open, so the
 * state at any step is the nearest snapshot at or before it plus at most `snapshotEvery - 1` folds.
 */
export const DEFAULT_SNAPSHOT_EVERY = 64;

export interface TimelineEntry {
  /** Position in the log's entries (0-based); the viewer's step. */
  readonly index: number;
  readonly seq: number;
  /** Milliseconds since the session started, as recorded. */
  readonly t: number;
  readonly src: ActionSource;
  readonly type: string;
  /** The part of the type before its first '/', e.g. `playback` for `playback/trackChanged`. */
  readonly domain: string;
  readonly cause?: number;
}

export interface StepState<S> {
  readonly state: S;
  /** How many actions the reducer ran to reach it (issue 19: at most snapshotEvery - 1 on a jump). */
  readonly folded: number;
}

export interface ReplayTimeline<S> {
  readonly app: string;
  readonly entries: ReadonlyArray<TimelineEntry>;
  readonly snapshotEvery: number;
  /** The state before the first entry: the header's, or a windowed log's checkpoint. */
  readonly initialState: S;
  /** The state after entry `index`; -1 is the state before the first entry. */
  stateAt(index: number): StepState<S>;
  /** The index of the entry with this seq, or undefined. */
  indexOfSeq(seq: number): number | undefined;
  /** The entry and its causes, the entry first, up to the input that started the chain. */
  causalChain(index: number): TimelineEntry[];
  /** The action of entry `index` as recorded. */
  actionAt(index: number): unknown;
}

export interface TimelineOptions {
  readonly snapshotEvery?: number;
}

export function domainOf(type: string): string {
  const slash = type.indexOf('/');
  return slash === -1 ? type : type.slice(0, slash);
}

export function createReplayTimeline<S>(file: ActionLogFile, reducer: Reducer<S>, options: TimelineOptions = {}): ReplayTimeline<S> {
  const snapshotEvery = Math.max(1, Math.floor(options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY));
  const start = startOf(file);
  const initialState = start.state as S;
  const firstSeq = start.seq + 1;
  const entries: TimelineEntry[] = file.entries.map((entry, index) => ({
    index,
    seq: entry.seq,
    t: entry.t,
    src: entry.src,
    type: entry.action.type,
    domain: domainOf(entry.action.type),
    ...(entry.cause === undefined ? {} : { cause: entry.cause }),
  }));
  // snapshots[k] is the state after entry k * snapshotEvery - 1 (snapshots[0] is the initial state).
  // The reducers return new objects and never mutate, so keeping references is safe and shares structure.
  const snapshots: S[] = [initialState];
  let state = initialState;
  file.entries.forEach((entry, index) => {
    state = reducer(state, entry.action);
    if ((index + 1) % snapshotEvery === 0) snapshots.push(state);
  });

  // The last state asked for: stepping forward by one folds one action instead of up to snapshotEvery.
  let last: { index: number; state: S } = { index: -1, state: initialState };

  const stateAt = (index: number): StepState<S> => {
    if (!Number.isInteger(index) || index < -1 || index >= entries.length) throw new RangeError(`No step ${index} in a timeline of ${entries.length}.`);
    const slot = Math.floor((index + 1) / snapshotEvery);
    let from = slot * snapshotEvery - 1;
    let current = snapshots[slot] as S;
    if (last.index <= index && last.index > from) {
      from = last.index;
      current = last.state;
    }
    let folded = 0;
    for (let i = from + 1; i <= index; i += 1) {
      current = reducer(current, (file.entries[i] as ActionLogFile['entries'][number]).action);
      folded += 1;
    }
    last = { index, state: current };
    return { state: current, folded };
  };

  const indexOfSeq = (seq: number): number | undefined => {
    const index = seq - firstSeq;
    return index >= 0 && index < entries.length ? index : undefined;
  };

  const causalChain = (index: number): TimelineEntry[] => {
    const chain: TimelineEntry[] = [];
    let current = entries[index];
    // Causes point backwards, so the chain is at most as long as the log; the bound guards a malformed one.
    while (current !== undefined && chain.length <= entries.length) {
      chain.push(current);
      const cause = current.cause === undefined ? undefined : indexOfSeq(current.cause);
      if (cause === undefined || cause >= current.index) break;
      current = entries[cause];
    }
    return chain;
  };

  return {
    app: file.header.app,
    entries,
    snapshotEvery,
    initialState,
    stateAt,
    indexOfSeq,
    causalChain,
    actionAt: (index) => file.entries[index]?.action,
  };
}
