import * as t from 'io-ts';
import { isLeft, left, right, type Either } from 'fp-ts/Either';
import { formatDecodeErrors } from '../../model/decode-errors';
import { base64ToLatin1 } from '../drm/base64';
import { fileInvalidPssh, fileKeySystemFormat, fileMalformedSeektable, fileMalformedSeektableNoContents, type MediaPipelineError } from './media-errors';

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
 * The protection schemes this engine plays: CENC (spec 001 §3 default, what the provider packages;
 * the DRM asks the browser for 'cenc' init data only), and none.
 */
export const PLAYABLE_PROTECTION: ReadonlyArray<string> = ['cenc', 'none'];

/** A pssh field holds one whole 'pssh' box (ISO 23001-7): its size, then the type, at least 32 bytes. */
export function isPsshBox(base64: string): boolean {
  let bytes: string;
  try {
    bytes = base64ToLatin1(base64);
  } catch {
    return false;
  }
  if (bytes.length < 32 || bytes.slice(4, 8) !== 'pssh') return false;
  const size = ((bytes.charCodeAt(0) << 24) >>> 0) + (bytes.charCodeAt(1) << 16) + (bytes.charCodeAt(2) << 8) + bytes.charCodeAt(3);
  return size === bytes.length;
}

/**
 * Decodes the seek-table response body (spec 001 §7 Media: GET seek-table JSON per file id). spec 001
 * §8 Manifest: unreadable JSON or fields → malformed seektable; no segments or references → malformed
 * seektable with no contents; a protection this engine cannot play → 'KeySystem does not support
 * the file format.'; a pssh field that is not a pssh box → invalid PSSH value.
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
    json.segments?.map(([size, duration]) => ({ size, duration })) ?? json.references?.map(({ size, duration }) => ({ size, duration })) ?? [];
  if (segments.length === 0) return left(fileMalformedSeektableNoContents());
  const protection = json.protection ?? 'cenc';
  if (!PLAYABLE_PROTECTION.includes(protection)) return left(fileKeySystemFormat());
  const pssh = psshFields(raw);
  if (!Object.values(pssh).every(isPsshBox)) return left(fileInvalidPssh());
  return right({ offset: json.offset, timescale: json.timescale, segments, protection, pssh });
}
