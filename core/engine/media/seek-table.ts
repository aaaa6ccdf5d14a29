import * as t from 'io-ts';
import { isLeft, left, right, type Either } from 'fp-ts/Either';
import { formatDecodeErrors } from '../../model/decode-errors';
import { fileMalformedSeektable, fileMalformedSeektableNoContents, type MediaPipelineError } from './media-errors';

/** A whole number of at least 0 (byte sizes, durations in timescale units). */
const Count = t.refinement(t.number, (n) => Number.isInteger(n) && n >= 0, 'non-negative integer');
const Positive = t.refinement(t.number, (n) => Number.isInteger(n) && n > 0, 'positive integer');

/**
 * spec 001 §3 Audio manifest: pssh fields, protection (default cenc), offset, timescale, and either
 * segments (size and duration pairs) or references (size and duration). Unknown fields pass.
 */
export const SeekTableJson = t.intersection(
  [
    t.type({ offset: Positive, timescale: Positive }),
    t.partial({
      protection: t.string,
      segments: t.array(t.tuple([Positive, Count])),
      references: t.array(t.type({ size: Positive, duration: Count })),
    }),
  ],
  'SeekTable',
);

export interface Segment {
  readonly size: number;
  /** In timescale units. */
  readonly duration: number;
}

export interface SeekTable {
  /** Byte size of the init segment: bytes [0, offset) (spec 001 §3 offset). */
  readonly offset: number;
  readonly timescale: number;
  readonly segments: readonly Segment[];
  /** spec 001 §3: protection, default cenc. */
  readonly protection: string;
  /** The pssh fields (one per key system), by field name. */
  readonly pssh: Readonly<Record<string, string>>;
}

function psshFields(raw: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof raw !== 'object' || raw === null) return fields;
  for (const [key, value] of Object.entries(raw)) {
    if (key.startsWith('pssh') && typeof value === 'string') fields[key] = value;
  }
  return fields;
}

/**
 * Decodes the seek-table response body (spec 001 §7 Media: GET seek-table JSON per file id). spec 001
 * §8 Manifest: unreadable JSON or fields → malformed seektable; no segments or references → malformed
 * seektable with no contents.
 */
export function decodeSeekTable(body: string): Either<MediaPipelineError, SeekTable> {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return left(fileMalformedSeektable('not JSON'));
  }
  const decoded = SeekTableJson.decode(raw);
  if (isLeft(decoded)) return left(fileMalformedSeektable(formatDecodeErrors(decoded.left)));
  const json = decoded.right;
  const segments: Segment[] =
    json.segments?.map(([size, duration]) => ({ size, duration })) ??
    json.references?.map(({ size, duration }) => ({ size, duration })) ??
    [];
  if (segments.length === 0) return left(fileMalformedSeektableNoContents());
  return right({
    offset: json.offset,
    timescale: json.timescale,
    segments,
    protection: json.protection ?? 'cenc',
    pssh: psshFields(raw),
  });
}
