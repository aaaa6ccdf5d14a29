import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/**
 * Login sessions: a random id (32 bytes, hex) in an httpOnly, SameSite=Lax cookie on Path=/, and a
 * row in `sessions`. The cookie's name follows the provider's web-player cookie (`sp_dc`).
 * Lax, not Strict: a visitor who follows a link from another site arrives logged in. Lax keeps the
 * cookie off other sites' POSTs, subresources and frames, but a top-level GET from another site
 * still carries it, so the one GET that changes the session (/logout) checks where it came from
 * (same-site.ts).
 */
export const SESSION_COOKIE = 'sp_dc';
/** How long a login lasts: 30 days, as a web player's "remember me" would. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const SESSION_ID = /^[0-9a-f]{64}$/;

/** The value of one cookie of the request's Cookie header, or null. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (header === undefined) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

function cookie(secure: boolean, value: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The request's live login session. */
export interface LiveSession {
  readonly id: string;
  readonly accountId: string;
}

export interface SessionStore {
  /**
   * Starts a session for the account, sets its cookie on the reply. A session the request's cookie
   * named is deleted (a new login replaces it); answers its id, or null.
   */
  start(reply: FastifyReply, request: FastifyRequest, accountId: string): Promise<string | null>;
  /** The request's live session (cookie names a row that has not expired), or null. */
  current(request: FastifyRequest): Promise<LiveSession | null>;
  /** The account id of the request's live session, or null (no cookie, unknown or expired). */
  accountOf(request: FastifyRequest): Promise<string | null>;
  /** Ends the request's session (row and cookie); harmless without one. Answers the ended session's id, or null. */
  end(reply: FastifyReply, request: FastifyRequest): Promise<string | null>;
  /** Deletes the sessions that expired by now; answers how many. */
  purgeExpired(): Promise<number>;
}

export interface SessionStoreOptions {
  /**
   * The provider's public origin ('' when none): the cookie is Secure whenever it is https (the
   * server may sit behind a TLS proxy and see plain http), and also for a request that came over
   * https. The demo on plain http gets no Secure, which a browser would not keep.
   */
  readonly publicUrl: string;
}

/** The sessions on the configured database (issue 14: SQLite or Postgres, server/db/database.ts). */
export function createSessionStore(db: Kysely<Database>, now: () => number, options: SessionStoreOptions = { publicUrl: '' }): SessionStore {
  const publicHttps = options.publicUrl.startsWith('https:');
  const secure = (request: FastifyRequest) => publicHttps || request.protocol === 'https';
  const idOf = (request: FastifyRequest): string | null => {
    const id = readCookie(request, SESSION_COOKIE);
    return id !== null && SESSION_ID.test(id) ? id : null;
  };
  const removeExpired = async (t: number): Promise<number> =>
    Number((await db.deleteFrom('sessions').where('expires_at', '<=', t).executeTakeFirst()).numDeletedRows);
  const current = async (request: FastifyRequest): Promise<LiveSession | null> => {
    const id = idOf(request);
    if (id === null) return null;
    const row = await db.selectFrom('sessions').select('account_id').where('id', '=', id).where('expires_at', '>', now()).executeTakeFirst();
    return row === undefined ? null : { id, accountId: row.account_id };
  };
  return {
    start: async (reply, request, accountId) => {
      const id = randomBytes(32).toString('hex');
      const t = now();
      await removeExpired(t);
      const previous = idOf(request);
      // The old session goes and the new one comes together: a login never leaves both, or neither.
      await db.transaction().execute(async (trx) => {
        if (previous !== null) await trx.deleteFrom('sessions').where('id', '=', previous).execute();
        await trx
          .insertInto('sessions')
          .values({ id, account_id: accountId, created_at: t, expires_at: t + SESSION_LIFETIME_MS })
          .execute();
      });
      reply.header('set-cookie', cookie(secure(request), id, SESSION_LIFETIME_MS / 1000));
      return previous;
    },
    current,
    accountOf: async (request) => (await current(request))?.accountId ?? null,
    end: async (reply, request) => {
      const id = idOf(request);
      if (id !== null) await db.deleteFrom('sessions').where('id', '=', id).execute();
      reply.header('set-cookie', cookie(secure(request), '', 0));
      return id;
    },
    purgeExpired: () => removeExpired(now()),
  };
}
