import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/*
 * The licence URL cannot be forged (issue 12): its expiry is signed with an HMAC under a server
 * secret, bound to the account it was issued to, so a changed expiry, a changed signature or
 * another user's URL is refused (403) by the licence server like an expired one.
 */

/** The name of the licence URL's key in server_secrets. */
const LICENCE_SECRET = 'licence-url-hmac';
/** SHA-256 output: the signature is this many bytes, base64url in the URL. */
const SIGNATURE_BYTES = 32;

/**
 * A named server secret: made once (32 random bytes) and kept in server_secrets, so it survives a
 * restart and every instance over the same database (SQLite or Postgres, issue 14) shares it.
 * Insert-if-absent, then read: two instances starting together end with the same secret. Never logged, never sent.
 */
export async function serverSecret(db: Kysely<Database>, name: string, now: () => number = Date.now): Promise<Buffer> {
  await db
    .insertInto('server_secrets')
    .values({ name, secret: randomBytes(32), created_at: now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('secret').where('name', '=', name).executeTakeFirst();
  if (row === undefined || !Buffer.isBuffer(row.secret) || row.secret.length < 32) throw new Error(`server secret ${name} is missing or too short`);
  return row.secret;
}

export interface LicenceUrlSigner {
  /** The signature of a URL valid until `expires` (unix seconds) for `accountId`, base64url. */
  sign(accountId: string, expires: number): string;
  /** Whether `signature` is the one `sign` gives for these; compared in constant time. */
  verify(accountId: string, expires: number, signature: string): boolean;
}

export function licenceUrlSigner(secret: Buffer): LicenceUrlSigner {
  // The purpose is part of what is signed, so this key's MACs mean nothing to any other use.
  const mac = (accountId: string, expires: number) => createHmac('sha256', secret).update(`licence-url\n${accountId}\n${expires}`).digest();
  return {
    sign: (accountId, expires) => mac(accountId, expires).toString('base64url'),
    verify: (accountId, expires, signature) => {
      if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
      const given = Buffer.from(signature, 'base64url');
      return given.length === SIGNATURE_BYTES && timingSafeEqual(given, mac(accountId, expires));
    },
  };
}

/**
 * The signer under the database's licence secret, read on first use and then kept (the secret never
 * changes); a failed read (the database unreachable) is tried again by the next request.
 */
export function createLicenceUrlSigner(db: Kysely<Database>): () => Promise<LicenceUrlSigner> {
  let signer: Promise<LicenceUrlSigner> | undefined;
  return () => {
    const current = (signer ??= serverSecret(db, LICENCE_SECRET).then(licenceUrlSigner));
    current.catch(() => {
      if (signer === current) signer = undefined;
    });
    return current;
  };
}
