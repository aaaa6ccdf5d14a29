// Test support: the accounts routes alone, over a database of their own (SQLite in a temporary
// DATA_DIR, or the Postgres database of `databaseUrl`) and a clock the test moves.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { openDbHandle } from '../db/database';
import type { Database } from '../db/tables';
import { CSRF_FIELD } from './account-pages';
import { formGrant } from './login-client';
import type { RateLimits } from './rate-limits';
import { registerAccountRoutes, type AccountRoutesOptions, type AccountService } from './routes';
import { SESSION_COOKIE } from './sessions';

/** What a test reads of an answer (fetch, redirects not followed). */
export interface Answer {
  readonly statusCode: number;
  readonly headers: { get(name: string): string | null };
  readonly setCookie: string[];
  readonly body: string;
  json(): any;
}

export interface RequestOptions {
  readonly method?: string;
  readonly url: string;
  /** An urlencoded form body. */
  readonly form?: Record<string, string>;
  readonly headers?: Record<string, string>;
  /** A POST to /login or /signup carries a fresh CSRF token (as the form does) unless this is false. */
  readonly csrf?: boolean;
}

export interface AccountsTestApp {
  readonly app: FastifyInstance;
  /** A real HTTP request to the listening app (light-my-request cannot load under jest here). */
  request(options: RequestOptions): Promise<Answer>;
  /** The accounts' database (app.database.kysely in the server): SQLite or Postgres. */
  readonly db: Kysely<Database>;
  readonly service: AccountService;
  /** The id of an account by username (the demo accounts are seeded at start). */
  accountId(username: string): Promise<string>;
  /** How many rows a table holds. */
  count(table: 'accounts' | 'sessions' | 'access_tokens' | 'product_state_registrations'): Promise<number>;
  readonly origin: string;
  /** Epoch milliseconds the routes see; tests move it forward. */
  readonly clock: { now: number };
  /** Logs in through POST /login and answers the session cookie (`sp_dc=...`). */
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export const T0 = Date.UTC(2026, 0, 1);

/** The `name=value` part of a reply's Set-Cookie for the session cookie. */
export function sessionCookieOf(setCookie: ReadonlyArray<string>): string {
  const found = setCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (found === undefined) throw new Error('no session cookie was set');
  return found.split(';')[0]!;
}

/** Test limits high enough that no test but a rate-limit test meets them. */
const ROOMY_LIMITS: Partial<RateLimits> = { logins: 1000, signUps: 1000, tokens: 1000 };

const FIXTURES = resolve(__dirname, '..', '..', 'fixtures');

/** `databaseUrl`: a Postgres database (server/testing/dialects.ts useDialect); without it, SQLite. */
export async function accountsTestApp(
  options: { publicUrl?: string; databaseUrl?: string } & Pick<AccountRoutesOptions, 'rateLimits' | 'productChange' | 'purgeEveryMs' | 'pushTo'> = {},
): Promise<AccountsTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'embed-accounts-'));
  const handle = await openDbHandle({ dataDir, fixturesDir: FIXTURES, databaseUrl: options.databaseUrl });
  const db = handle.kysely;
  const clock = { now: T0 };
  const app = Fastify();
  const service = await registerAccountRoutes(app, {
    db,
    country: 'SE',
    publicUrl: options.publicUrl ?? '',
    now: () => clock.now,
    rateLimits: options.rateLimits ?? ROOMY_LIMITS,
    productChange: options.productChange,
    purgeEveryMs: options.purgeEveryMs,
    pushTo: options.pushTo,
  });
  // What an embed page would hand the widget (AccountService.sessionToken), as JSON.
  app.get('/test/session-token', async (request) => ({ session: await service.sessionToken(request) }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  const origin = `http://127.0.0.1:${address.port}`;
  const request = async (options: RequestOptions): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    let form = options.form;
    const formPage = options.url === '/login' || options.url === '/signup' ? options.url : null;
    if (options.method === 'POST' && formPage !== null && options.csrf !== false) {
      const grant = await formGrant(origin, formPage);
      form = { [CSRF_FIELD]: grant.csrfToken, ...form };
      headers.cookie = headers.cookie === undefined ? grant.cookie : `${headers.cookie}; ${grant.cookie}`;
    }
    if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(`${origin}${options.url}`, {
      method: options.method ?? 'GET',
      headers,
      body: form === undefined ? undefined : new URLSearchParams(form).toString(),
      redirect: 'manual',
    });
    const body = await response.text();
    return { statusCode: response.status, headers: response.headers, setCookie: response.headers.getSetCookie(), body, json: () => JSON.parse(body) };
  };
  return {
    app,
    request,
    db,
    service,
    accountId: async (username) => (await db.selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id,
    count: async (table) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    origin,
    clock,
    login: async (username, password) => {
      const response = await request({ method: 'POST', url: '/login', form: { username, password, continue: '/' } });
      if (response.statusCode !== 303) throw new Error(`login as ${username} answered ${response.statusCode}`);
      return sessionCookieOf(response.setCookie);
    },
    close: async () => {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
