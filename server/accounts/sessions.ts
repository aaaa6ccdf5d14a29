import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/open-database';

/**
 * Login sessions: a random id (32 bytes, hex) in an httpOnly, SameSite=Lax cookie on Path=/, and a
 * row in `sessions`. The cookie's name follows the provider's web-player cookie (`sp_dc`).
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

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  // Secure only where the browser would keep it: over https (the demo also runs on plain http).
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export interface SessionStore {
  /** Starts a session for the account, sets its cookie on the reply. */
  start(reply: FastifyReply, request: FastifyRequest, accountId: string): void;
  /** The account id of the request's live session, or null (no cookie, unknown or expired). */
  accountOf(request: FastifyRequest): string | null;
  /** Ends the request's session (row and cookie); harmless without one. */
  end(reply: FastifyReply, request: FastifyRequest): void;
}

export function createSessionStore(db: Db, now: () => number): SessionStore {
  const insert = db.prepare('INSERT INTO sessions (id, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)');
  const live = db.prepare<[string, number], { account_id: string }>('SELECT account_id FROM sessions WHERE id = ? AND expires_at > ?');
  const remove = db.prepare('DELETE FROM sessions WHERE id = ?');
  const removeExpired = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  const idOf = (request: FastifyRequest): string | null => {
    const id = readCookie(request, SESSION_COOKIE);
    return id !== null && SESSION_ID.test(id) ? id : null;
  };
  return {
    start: (reply, request, accountId) => {
      const id = randomBytes(32).toString('hex');
      const t = now();
      removeExpired.run(t);
      insert.run(id, accountId, t, t + SESSION_LIFETIME_MS);
      reply.header('set-cookie', cookie(request, id, SESSION_LIFETIME_MS / 1000));
    },
    accountOf: (request) => {
      const id = idOf(request);
      return id === null ? null : (live.get(id, now())?.account_id ?? null);
    },
    end: (reply, request) => {
      const id = idOf(request);
      if (id !== null) remove.run(id);
      reply.header('set-cookie', cookie(request, '', 0));
    },
  };
}
