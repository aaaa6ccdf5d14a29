import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import { formatDecodeErrors } from '../model/decode-errors';

/**
 * The port transcript kept beside an action log: everything the store's epics learnt from outside
 * besides the logged inputs, in the order it happened, so that engine replay can answer each port
 * call with what the real port answered and fire each timer where the real one fired. The action
 * log holds what the store did; the transcript holds what the world told it.
 *
 * Entries, in recorded order:
 * - `call`: a port method returning a plain value (a clock read, a random draw, a socket send),
 *   with its arguments and answer (`v`), or the error it threw (`x`);
 * - `sub`: a subscription to the Observable a port method returned, with the method's arguments;
 * - `next`, `error`, `complete`: what that subscription delivered;
 * - `schedule`, `reschedule`: a timer set on the epics' scheduler (`d`, its delay in ms), and `fire`
 *   when it ran;
 * - `input`: an input entered the store (replay dispatches the log's next input there).
 * `n` marks an occurrence that came while the store was already busy (for instance a value an
 * Observable gave synchronously on subscription); the others came from the event loop.
 */
export const TRANSCRIPT_SCHEMA = 1;

const nested = t.partial({ n: t.literal(1) });
/** All the epics read of an error: its name and message. */
const errorCodec = t.type({ name: t.string, message: t.string });

const entryCodec = t.union([
  t.intersection([t.type({ k: t.literal('call'), c: t.string, a: t.array(t.unknown) }), t.partial({ v: t.unknown, x: errorCodec })]),
  t.type({ k: t.literal('sub'), c: t.string, a: t.array(t.unknown), id: t.number }),
  t.intersection([t.type({ k: t.literal('next'), id: t.number, v: t.unknown }), nested]),
  t.intersection([t.type({ k: t.literal('error'), id: t.number, e: errorCodec }), nested]),
  t.intersection([t.type({ k: t.literal('complete'), id: t.number }), nested]),
  t.type({ k: t.literal('schedule'), id: t.number, d: t.number }),
  t.type({ k: t.literal('reschedule'), id: t.number, d: t.number }),
  t.intersection([t.type({ k: t.literal('fire'), id: t.number }), nested]),
  t.intersection([t.type({ k: t.literal('input') }), nested]),
]);

export type TranscriptEntry = t.TypeOf<typeof entryCodec>;

const headerCodec = t.intersection([
  t.type({ kind: t.literal('transcript'), schema: t.number, app: t.string, config: t.unknown }),
  t.partial({ dropped: t.number }),
]);

/**
 * Issue 12 "Memory stays bounded": the most transcript entries kept in memory (about three per
 * action of the engine's log, whose window is ACTION_LOG_WINDOW); the oldest half is dropped when
 * it is full, and the header's `dropped` says how many entries went. README (Tools) states it.
 */
export const TRANSCRIPT_WINDOW = 3000;

export interface TranscriptHeader {
  readonly kind: 'transcript';
  readonly schema: number;
  /** The app of the action log it belongs to. */
  readonly app: string;
  /** The plain-data part of the recording store's deps (hosts, device descriptor...), which replay reuses. */
  readonly config: unknown;
  /** How many of the first entries were dropped from memory (a windowed transcript); absent when it is whole. */
  readonly dropped?: number;
}

export interface Transcript {
  readonly header: TranscriptHeader;
  readonly entries: ReadonlyArray<TranscriptEntry>;
}

export class TranscriptError extends Error {
  override readonly name = 'TranscriptError';
}

export function serializeTranscript(transcript: Transcript): string {
  return [transcript.header, ...transcript.entries].map((line) => JSON.stringify(line)).join('\n') + '\n';
}

/** Decodes a JSONL transcript; another schema version is refused before its lines are read. */
export function parseTranscript(text: string): Transcript {
  const [first, ...rest] = text.split('\n').filter((line) => line.trim() !== '');
  if (first === undefined) throw new TranscriptError('The transcript is empty: expected a header line.');
  const header = headerCodec.decode(parseLine(first, 1));
  if (isLeft(header)) throw new TranscriptError(`Line 1 is not a transcript header: ${formatDecodeErrors(header.left)}`);
  if (header.right.schema !== TRANSCRIPT_SCHEMA) {
    throw new TranscriptError(`This transcript has schema version ${header.right.schema}; this build reads schema version ${TRANSCRIPT_SCHEMA} only.`);
  }
  const entries = rest.map((line, index) => {
    const entry = entryCodec.decode(parseLine(line, index + 2));
    if (isLeft(entry)) throw new TranscriptError(`Line ${index + 2} is not a transcript entry: ${formatDecodeErrors(entry.left)}`);
    return entry.right;
  });
  return { header: header.right, entries };
}

function parseLine(line: string, number: number): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch (err) {
    throw new TranscriptError(`Line ${number} is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}
