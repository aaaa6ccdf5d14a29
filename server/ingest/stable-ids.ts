import { createHash } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** SHA-256 over the parts, joined by NUL so that ('ab','c') and ('a','bc') differ. */
function digest(parts: ReadonlyArray<string>): Buffer {
  return createHash('sha256').update(parts.join('\0')).digest();
}

/**
 * A catalogue id derived from what identifies the resource (kind and names), so that ingesting the
 * same folder again yields the same ids. spec 001 §3: base62 ids have at most 22 characters; we
 * always give exactly 22.
 */
export function catalogueId(...parts: string[]): string {
  let n = BigInt(`0x${digest(parts).toString('hex')}`);
  let out = '';
  for (let i = 0; i < 22; i += 1) {
    out += BASE62[Number(n % 62n)];
    n /= 62n;
  }
  return out;
}

/** A file id: 40 lowercase hex characters (the storage resolve's file ids), from the same kind of hash. */
export function fileId(...parts: string[]): string {
  return digest(parts).toString('hex').slice(0, 40);
}

/** The SHA-256 of a file's bytes, hex. */
export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
