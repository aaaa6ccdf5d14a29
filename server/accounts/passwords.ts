import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * Password hashes of the demo accounts: Node's scrypt with a random 16-byte salt. The stored form
 * names its parameters (`scrypt$N$r$p$salt$hash`, hex), so they can change without breaking the
 * hashes already stored.
 */

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err === null ? resolve(key) : reject(err)));
  });
}

const format = (salt: Buffer, key: Buffer): string => `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('hex')}$${key.toString('hex')}`;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return format(salt, await derive(password, salt, PARAMS));
}

/** For a hash made once at load, before the server answers anything (DECOY_HASH). */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  return format(salt, scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, PARAMS));
}

/** True when `password` matches `stored`; compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? '', 'hex');
  const expected = Buffer.from(parts[5] ?? '', 'hex');
  if (N === undefined || r === undefined || p === undefined || ![N, r, p].every(Number.isInteger) || expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}

/**
 * A hash of no account's password: a login with an unknown username is checked against it, so
 * the answer takes as long as for a known one (no username probing by timing).
 */
export const DECOY_HASH = hashPasswordSync(randomBytes(16).toString('hex'));
