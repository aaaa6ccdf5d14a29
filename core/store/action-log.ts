import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import type { Envelope } from './store';
import { formatDecodeErrors } from '../model/decode-errors';
import type { Redactor } from './redact';

/** The schema of the JSONL action log (ARCHITECTURE.md §3). Bump it when a line changes shape. */
export const ACTION_LOG_SCHEMA = 1;

export interface LogHeader {
  readonly kind: 'header';
  readonly schema: number;
  readonly app: string;
  readonly version: string;
  readonly initialState: unknown;
}

export interface ActionLogFile {
  readonly header: LogHeader;
  /** Present when older entries were dropped from memory (a windowed log): the entries start after its seq. */
  readonly checkpoint?: LogCheckpoint;
  readonly entries: ReadonlyArray<Envelope>;
}

const headerCodec = t.type({
  kind: t.literal('header'),
  schema: t.number,
  app: t.string,
  version: t.string,
  initialState: t.unknown,
});

const checkpointCodec = t.type({ kind: t.literal('checkpoint'), seq: t.number, state: t.unknown });

const envelopeCodec = t.intersection([
  t.type({
    seq: t.number,
    t: t.number,
    src: t.keyof({ ui: null, adapter: null, epic: null }),
    action: t.intersection([t.type({ type: t.string }), t.UnknownRecord]),
  }),
  t.partial({ cause: t.number }),
]);

/**
 * Issue 12 "Memory stays bounded": the most entries a log keeps in memory. A session's log grows by
 * a few actions a second of playback for as long as the page is open, so the oldest half is
 * dropped when the window is full: between ACTION_LOG_WINDOW / 2 and ACTION_LOG_WINDOW entries are
 * kept, after a checkpoint line holding the state before the first kept entry, from which the log
 * still folds. README (Tools) states the bound.
 */
export const ACTION_LOG_WINDOW = 1000;

/**
 * The window a page's log keeps: `window`, or none when its query has `logWindow=off`, the bench's
 * baseline (scripts/bench-heap.ts measures how the heap grew with whole logs, before issue 12).
 */
export function pageLogWindow(search: string, window: number): { readonly window?: number } {
  return /[?&]logWindow=off(?:&|$)/.test(search) ? {} : { window };
}

/**
 * The marker line of a windowed log (its second line): the entries up to `seq` were dropped, and
 * `state` is the state after `seq`, where fold replay starts.
 */
export interface LogCheckpoint {
  readonly kind: 'checkpoint';
  readonly seq: number;
  readonly state: unknown;
}

export interface ActionLogOptions {
  /** Every line passes through it as it is recorded (core/store/redact.ts); the engine's log shares its transcript's. */
  readonly redactor?: Redactor;
  /** The most entries kept in memory (ACTION_LOG_WINDOW in the browser); unbounded when absent. */
  readonly window?: number;
  /**
   * Issue 19: the log starts after this seq, from this (unredacted) state after it, as a windowed
   * log after a drop: the widget's early buffer (ui/widget/early-log.ts) dropped the entries before.
   */
  readonly start?: { readonly seq: number; readonly state: unknown };
}

interface Segment {
  /** The seq before the segment's first entry and the state after it (redacted). */
  readonly before: { readonly seq: number; readonly state: unknown };
  readonly entries: Envelope[];
}

/**
 * Collects the log of one session in memory, ready to download as JSONL. `record` gets the state
 * after each envelope (the store's onEnvelope gives it), so that a windowed log can start from a
 * checkpoint.
 */
export function createActionLog(
  header: Omit<LogHeader, 'kind' | 'schema'>,
  options: ActionLogOptions = {},
): {
  // Function properties, not methods: they read no `this`, so `onEnvelope: log.record` passes one safely.
  readonly record: (envelope: Envelope, stateAfter?: unknown) => void;
  readonly file: () => ActionLogFile;
  readonly toJsonl: () => string;
} {
  const redact = <T>(value: T): T => (options.redactor === undefined ? value : options.redactor.redact(value));
  const fullHeader: LogHeader = { kind: 'header', schema: ACTION_LOG_SCHEMA, ...header, initialState: redact(header.initialState) };
  const half = options.window === undefined ? Number.POSITIVE_INFINITY : Math.max(1, Math.floor(options.window / 2));
  // Two segments of up to `half` entries: when a third would start, the oldest is dropped.
  const start = options.start;
  let segments: Segment[] = [
    { before: start === undefined ? { seq: 0, state: fullHeader.initialState } : { seq: start.seq, state: redact(start.state) }, entries: [] },
  ];
  let lastState: unknown = start === undefined ? header.initialState : start.state;
  let lastSeq = start?.seq ?? 0;
  const file = (): ActionLogFile => {
    const [first] = segments;
    const entries = segments.flatMap((segment) => segment.entries);
    const checkpoint = first === undefined || first.before.seq === 0 ? undefined : { kind: 'checkpoint' as const, ...first.before };
    return { header: fullHeader, ...(checkpoint === undefined ? {} : { checkpoint }), entries };
  };
  return {
    record: (envelope, stateAfter) => {
      let current = segments[segments.length - 1] as Segment;
      if (current.entries.length >= half) {
        current = { before: { seq: lastSeq, state: redact(lastState) }, entries: [] };
        segments = [...segments.slice(-1), current];
      }
      current.entries.push(redact(envelope));
      lastSeq = envelope.seq;
      lastState = stateAfter;
    },
    file,
    toJsonl: () => serializeActionLog(file()),
  };
}

export function serializeActionLog(file: ActionLogFile): string {
  const lines: unknown[] = [file.header, ...(file.checkpoint === undefined ? [] : [file.checkpoint]), ...file.entries];
  return lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
}

/** Where fold replay starts: the checkpoint of a windowed log, else the header's initial state at seq 0. */
export function startOf(file: ActionLogFile): { readonly seq: number; readonly state: unknown } {
  return file.checkpoint ?? { seq: 0, state: file.header.initialState };
}

export class ActionLogError extends Error {
  override readonly name = 'ActionLogError';
}

/**
 * Decodes a JSONL log. A log of another schema version is refused before its lines are read,
 * since their shape may mean something else.
 */
export function parseActionLog(text: string): ActionLogFile {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const [first, ...rest] = lines;
  if (first === undefined) throw new ActionLogError('The action log is empty: expected a header line.');
  const header = headerCodec.decode(parseJson(first, 1));
  if (isLeft(header)) throw new ActionLogError(`Line 1 is not an action log header: ${formatDecodeErrors(header.left)}`);
  if (header.right.schema !== ACTION_LOG_SCHEMA) {
    throw new ActionLogError(`This action log has schema version ${header.right.schema}; this build reads schema version ${ACTION_LOG_SCHEMA} only.`);
  }
  // A windowed log's second line is its checkpoint (the entries before it were dropped).
  const second = rest[0] === undefined ? undefined : parseJson(rest[0], 2);
  const isCheckpoint = typeof second === 'object' && second !== null && (second as { kind?: unknown }).kind === 'checkpoint';
  let checkpoint: LogCheckpoint | undefined;
  if (isCheckpoint) {
    const decoded = checkpointCodec.decode(second);
    if (isLeft(decoded)) throw new ActionLogError(`Line 2 is not a checkpoint: ${formatDecodeErrors(decoded.left)}`);
    checkpoint = decoded.right;
  }
  const skipped = isCheckpoint ? 1 : 0;
  const firstSeq = (checkpoint?.seq ?? 0) + 1;
  const entries = rest.slice(skipped).map((line, index) => {
    const decoded = envelopeCodec.decode(parseJson(line, index + 2 + skipped));
    if (isLeft(decoded)) throw new ActionLogError(`Line ${index + 2 + skipped}: ${formatDecodeErrors(decoded.left)}`);
    return decoded.right;
  });
  entries.forEach((entry, index) => {
    if (entry.seq !== index + firstSeq) {
      throw new ActionLogError(`Line ${index + 2 + skipped}: expected seq ${index + firstSeq}, found ${entry.seq}.`);
    }
  });
  return { header: header.right, ...(checkpoint === undefined ? {} : { checkpoint }), entries };
}

function parseJson(line: string, lineNumber: number): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new ActionLogError(`Line ${lineNumber} is not valid JSON.`);
  }
}
