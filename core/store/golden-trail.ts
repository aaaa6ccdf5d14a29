import { startOf, type ActionLogFile } from './action-log';
import { explainDivergence } from './divergence';
import { replayFold, type EngineReplayResult } from './replay';
import type { Divergence } from './replay-match';
import { diffStates, ROOT_PATH, type StateChange } from './state-diff';
import type { Reducer } from './store';

/**
 * Issue 19 "Regression corpus": when today's code replays a recorded session to another state, say
 * where it first went another way — the seq and the state path (`seq 41 (type): state.playback.progress:
 * 1200 ≠ 1180`) — not only that the final state differs. A fixture keeps, beside its golden final
 * state, its golden trail: for each seq, what that step changed in the state (a path and its new
 * value, or a removed key). Comparing today's states step by step against it names the first step
 * whose state differs, and the paths where it differs, in fold and in engine replay alike.
 */

/** A key of an object or an index of an array, from the root of the state. */
export type PathKey = string | number;

/** A change one step made: `[path, value]` sets the value there; `[path]` removes the key. */
export type TrailChange = readonly [path: ReadonlyArray<PathKey>, value: unknown] | readonly [path: ReadonlyArray<PathKey>];

export interface TrailStep {
  readonly seq: number;
  /** The action's type, so that a trail read beside another log is noticed. */
  readonly type: string;
  readonly changes: ReadonlyArray<TrailChange>;
}

/** The golden trail of a log: one step per entry, in order (a windowed log's from its checkpoint). */
export type Trail = ReadonlyArray<TrailStep>;

/** Where replayed states first left the trail. */
export interface TrailDivergence {
  readonly seq: number;
  readonly type: string;
  /** `before` is the golden state's value, `after` today's; paths as state-diff writes them. */
  readonly changes: ReadonlyArray<StateChange>;
  readonly message: string;
}

/** The changes from `a` to `b`: objects key by key, arrays index by index when their lengths agree, else whole. */
export function changesBetween(a: unknown, b: unknown): TrailChange[] {
  const out: TrailChange[] = [];
  const walk = (x: unknown, y: unknown, path: PathKey[]): void => {
    if (Object.is(x, y)) return;
    if (Array.isArray(x) && Array.isArray(y) && x.length === y.length) {
      x.forEach((item, i) => walk(item, y[i], [...path, i]));
      return;
    }
    if (isRecord(x) && isRecord(y)) {
      for (const key of Object.keys(x)) {
        if (!Object.hasOwn(y, key) || y[key] === undefined) {
          if (x[key] !== undefined) out.push([[...path, key]]);
        } else walk(x[key], y[key], [...path, key]);
      }
      for (const key of Object.keys(y)) if (!Object.hasOwn(x, key) && y[key] !== undefined) out.push([[...path, key], toJson(y[key])]);
      return;
    }
    // JSON has no undefined: a value that became undefined is a removal at the root only.
    out.push(y === undefined ? [path] : [path, toJson(y)]);
  };
  walk(a, b, []);
  return out;
}

/** `state` with the changes made, copying only along their paths. */
export function applyChanges(state: unknown, changes: ReadonlyArray<TrailChange>): unknown {
  let result = state;
  for (const change of changes) result = setIn(result, change[0], change.length === 2 ? { value: change[1] } : undefined, 0);
  return result;
}

function setIn(node: unknown, path: ReadonlyArray<PathKey>, to: { value: unknown } | undefined, depth: number): unknown {
  if (depth === path.length) return to?.value;
  const key = path[depth] as PathKey;
  if (Array.isArray(node)) {
    const copy = [...(node as unknown[])];
    copy[Number(key)] = setIn(copy[Number(key)], path, to, depth + 1);
    return copy;
  }
  const copy: Record<string, unknown> = isRecord(node) ? { ...node } : {};
  if (to === undefined && depth === path.length - 1) delete copy[String(key)];
  else copy[String(key)] = setIn(copy[String(key)], path, to, depth + 1);
  return copy;
}

/** The trail of `states` (the state after each entry of `file`, as replayFold gives them). */
export function recordTrail(file: ActionLogFile, states: ReadonlyArray<unknown>): TrailStep[] {
  let before: unknown = startOf(file).state;
  return file.entries.map((entry, i) => {
    const after = states[i];
    const step = { seq: entry.seq, type: entry.action.type, changes: changesBetween(before, after) };
    before = after;
    return step;
  });
}

/** One step a line: a trail file stays readable, and a re-recorded golden shows in a diff step by step. */
export function serializeTrail(trail: Trail): string {
  return `[\n${trail.map((step) => JSON.stringify(step)).join(',\n')}\n]\n`;
}

export function parseTrail(text: string): Trail {
  const parsed = JSON.parse(text) as unknown;
  if (!Array.isArray(parsed)) throw new Error('A trail is a JSON array of steps.');
  return parsed as Trail;
}

/**
 * The first step at which `states` (today's, the state after each entry of `file`) leave the golden trail,
 * or undefined when every step made the golden changes. A step is compared by what it changed, from the
 * state before it, which is the golden one as long as no step before differed; so a divergence names its
 * own step and the state paths that differ there, not every step after it.
 */
export function firstStateDivergence(file: ActionLogFile, trail: Trail, states: ReadonlyArray<unknown>): TrailDivergence | undefined {
  let before: unknown = startOf(file).state;
  for (let i = 0; i < file.entries.length; i += 1) {
    const entry = file.entries[i]!;
    const step = trail[i];
    const after = states[i];
    if (step === undefined || step.seq !== entry.seq || step.type !== entry.action.type) {
      const found = step === undefined ? 'the trail ends before it' : `the trail has seq ${step.seq} (${step.type}) there`;
      return {
        seq: entry.seq,
        type: entry.action.type,
        changes: [],
        message: `seq ${entry.seq} (${entry.action.type}): ${found}; the golden trail is not this log's (re-record it: npm run replay -- update)`,
      };
    }
    if (!sameChanges(step.changes, changesBetween(before, after))) {
      const changes = diffStates(applyChanges(before, step.changes), toJson(after));
      return { seq: entry.seq, type: entry.action.type, changes, message: describeStateChanges(entry.seq, entry.action.type, changes) };
    }
    before = after;
  }
  if (trail.length > file.entries.length) {
    const extra = trail[file.entries.length]!;
    return { seq: extra.seq, type: extra.type, changes: [], message: `seq ${extra.seq} (${extra.type}): the golden trail goes on past the end of the log` };
  }
  return undefined;
}

const MAX_VALUE_CHARS = 80;
const MAX_PATHS = 5;

/** `seq 41 (type): state.a.b: golden ≠ today; …` */
export function describeStateChanges(seq: number, type: string, changes: ReadonlyArray<StateChange>): string {
  const shown = changes.slice(0, MAX_PATHS).map((c) => `${statePath(c.path)}: ${short(c.before)} ≠ ${short(c.after)}`);
  const more = changes.length > MAX_PATHS ? `; and ${changes.length - MAX_PATHS} more` : '';
  return `seq ${seq} (${type}): ${shown.length === 0 ? 'the state differs' : shown.join('; ')}${more}`;
}

const statePath = (path: string): string => (path === ROOT_PATH ? 'state' : path.startsWith('[') ? `state${path}` : `state.${path}`);

function short(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

/** Same set of changes, in whatever order the keys came. */
function sameChanges(a: ReadonlyArray<TrailChange>, b: ReadonlyArray<TrailChange>): boolean {
  if (a.length !== b.length) return false;
  const byPath = new Map(a.map((change) => [JSON.stringify(change[0]), change]));
  return b.every((change) => {
    const other = byPath.get(JSON.stringify(change[0]));
    if (other === undefined || other.length !== change.length) return false;
    return change.length === 1 || diffStates(other[1], change[1]).length === 0;
  });
}

/**
 * The states of an engine replay, one per recorded entry in the log's order: each regenerated envelope folded
 * at the recorded seq it stands for (real timers let an input slip before a timer's action; the log's order is
 * the trail's). Engine replay already checked the actions; this checks what today's reducer made of them.
 */
export function engineReplayStates<S>(file: ActionLogFile, result: Extract<EngineReplayResult<S>, { ok: true }>, reducer: Reducer<S>): S[] {
  const bySeq = new Map<number, (typeof result.envelopes)[number]>();
  result.envelopes.forEach((envelope, i) => {
    const seq = result.recordedSeqs[i];
    if (seq !== undefined && seq >= 0) bySeq.set(seq, envelope);
  });
  let state = startOf(file).state as S;
  return file.entries.map((entry) => {
    state = reducer(state, (bySeq.get(entry.seq) ?? entry).action);
    return state;
  });
}

/**
 * For an engine replay that diverged (an action, or a port call, differs at `divergence.seq`). Every entry before
 * it was regenerated as recorded, so today's states before it are the fold of those entries: a state that left the
 * trail there is the first divergence, and the engine's is what followed from it (today's reducer changed a state
 * an epic reads). Else the replay's message, with the state paths where the regenerated action leaves the state at
 * that seq other than the recorded one (core/store/divergence.ts).
 */
export function describeEngineDivergence<S>(file: ActionLogFile, trail: Trail, divergence: Divergence, reducer: Reducer<S>): string {
  const head = `seq ${divergence.seq}: ${divergence.message}`;
  const index = divergence.seq === -1 ? file.entries.length : file.entries.findIndex((entry) => entry.seq === divergence.seq);
  if (index > 0) {
    const before = { ...file, entries: file.entries.slice(0, index) };
    const earlier = firstStateDivergence(before, trail.slice(0, index), replayFold(before, reducer).states);
    if (earlier !== undefined) return `${earlier.message}\n(then engine replay diverged: ${head})`;
  }
  const explained = explainDivergence(file, reducer, divergence);
  const type = file.entries[index]?.action.type ?? divergence.actual?.action.type ?? '?';
  return explained.changes.length === 0 ? head : `${head}\n${describeStateChanges(divergence.seq, type, explained.changes)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Recorded states went through JSON; today's must too before comparing (undefined fields vanish). */
const toJson = (value: unknown): unknown => (value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown));
