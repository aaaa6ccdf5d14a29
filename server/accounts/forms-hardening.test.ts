// Issue 12 "Access and secrets", the accounts forms and cookies: GET /logout cannot be started by
// another site; the login and sign-up forms carry a CSRF token; login, sign-up and token issue are
// rate limited per address; the session cookie is Secure whenever PUBLIC_URL is https; expired
// sessions and tokens leave the store.
import { CSRF_FIELD } from './account-pages';
import { formGrant } from './login-client';
import { ACCESS_TOKEN_LIFETIME_MS } from './tokens';
import { SESSION_LIFETIME_MS } from './sessions';
import { accountsTestApp, sessionCookieOf, T0, type AccountsTestApp } from './test-app';
import { sql } from 'kysely';
import { DIALECTS, useDialect } from '../testing/dialects';
import { DEFAULT_TERMS_LICENCE } from '../other-services/routes';

// Issue 14: on SQLite and on Postgres alike.
describe.each(DIALECTS)('on %s', (dialect) => {
  const database = useDialect(dialect);

  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await accountsTestApp({ databaseUrl: await database.databaseUrl() });
  });
  beforeEach(() => {
    t.clock.now = T0;
  });
  afterAll(() => t.close());

  const TOKEN_URL = '/access_token?reason=init&productType=web_player';
  const isAnonymous = async (cookie: string) => (await t.request({ url: TOKEN_URL, headers: { cookie } })).json().isAnonymous as boolean;

  describe('GET /logout cannot be triggered from another site (SameSite=Lax still sends the cookie on a top-level GET)', () => {
    it.each([
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['an unknown Sec-Fetch-Site value', { 'sec-fetch-site': 'elsewhere' }],
      ['no Sec-Fetch-Site and an Origin of another site', { origin: 'https://evil.test' }],
      ['no Sec-Fetch-Site and an opaque Origin', { origin: 'null' }],
      ['no Sec-Fetch-Site and a Referer on another site', { referer: 'https://evil.test/page' }],
    ])('%s: 403 with a page that offers a real logout, and the session lives on', async (_name, headers) => {
      const cookie = await t.login('demo', 'demo');
      const response = await t.request({ url: '/logout', headers: { cookie, ...headers } });
      expect(response.statusCode).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.body).toContain('<a href="/logout">Log out</a>');
      expect(response.setCookie).toEqual([]);
      expect(response.headers.get('clear-site-data')).toBeNull();
      expect(await isAnonymous(cookie)).toBe(false);
    });

    it.each([
      ['same-origin', { 'sec-fetch-site': 'same-origin' }],
      ['same-site', { 'sec-fetch-site': 'same-site' }],
      ['none (a typed address or a bookmark)', { 'sec-fetch-site': 'none' }],
      ['no browser signal (a non-browser client)', {}],
      ['an Origin of this server', { origin: 'ORIGIN' }],
      ['a Referer on this server', { referer: 'ORIGIN/album/x' }],
    ])('%s: logged out (303 to /)', async (_name, headers) => {
      const cookie = await t.login('demo', 'demo');
      const own = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('ORIGIN', t.origin)]));
      const response = await t.request({ url: '/logout', headers: { cookie, ...own } });
      expect(response.statusCode).toBe(303);
      expect(await isAnonymous(cookie)).toBe(true);
    });
  });

  describe('the login and sign-up forms carry a CSRF token (@fastify/csrf-protection)', () => {
    it('GET /login and GET /signup put the token in a hidden field and its secret in an httpOnly SameSite=Strict cookie', async () => {
      for (const page of ['/login', '/signup'] as const) {
        const response = await t.request({ url: page });
        expect(response.body).toMatch(new RegExp(`<input type="hidden" name="${CSRF_FIELD}" value="[^"]+">`));
        expect(response.setCookie.find((c) => c.startsWith(`${CSRF_FIELD}=`))).toMatch(/; Path=\/; HttpOnly; SameSite=Strict$/);
      }
    });

    it.each([
      ['without a token or its cookie', {}, undefined],
      ['with a token but not its cookie (a cross-site form)', { token: true }, undefined],
      ['with its cookie and a forged token', { cookie: true }, 'forged'],
    ])('POST /login %s is 403 with the form again, and nobody is logged in', async (_name, use, forged) => {
      const grant = await formGrant(t.origin, '/login');
      const form: Record<string, string> = { username: 'demo', password: 'demo', continue: '/album/x' };
      if ('token' in use || forged !== undefined) form[CSRF_FIELD] = forged ?? grant.csrfToken;
      const response = await t.request({ method: 'POST', url: '/login', form, csrf: false, headers: 'cookie' in use ? { cookie: grant.cookie } : {} });
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('This form has expired. Please try again.');
      expect(response.body).toContain('<form method="post" action="/login"');
      expect(response.setCookie.some((c) => c.startsWith('sp_dc='))).toBe(false);
    });

    it('POST /signup without its token is 403 and makes no account', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/signup',
        form: { username: 'csrf-victim', display_name: 'V', password: 'long enough' },
        csrf: false,
      });
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('<form method="post" action="/signup"');
      expect(await t.db.selectFrom('accounts').select('id').where('username', '=', 'csrf-victim').execute()).toEqual([]);
    });

    it('with the form’s token and cookie the login goes through', async () => {
      const response = await t.request({ method: 'POST', url: '/login', form: { username: 'demo', password: 'demo', continue: '/album/x' } });
      expect(response.statusCode).toBe(303);
    });
  });

  describe('login, sign-up and token issue are rate limited per address (@fastify/rate-limit)', () => {
    it('the limit-th attempt in a window is answered, the next is 429 with Retry-After: the login form, the sign-up form, the JSON error', async () => {
      const limited = await accountsTestApp({ databaseUrl: await database.databaseUrl(), rateLimits: { logins: 3, signUps: 2, tokens: 4 } });
      try {
        const attempts = async (count: number, send: () => Promise<{ statusCode: number }>) => {
          const seen: number[] = [];
          for (let i = 0; i < count; i += 1) seen.push((await send()).statusCode);
          return seen;
        };
        const wrongLogin = () => limited.request({ method: 'POST', url: '/login', form: { username: 'demo', password: 'wrong' } });
        expect(await attempts(3, wrongLogin)).toEqual([401, 401, 401]);
        const login = await limited.request({ method: 'POST', url: '/login', form: { username: 'demo', password: 'demo' } });
        expect(login.statusCode).toBe(429);
        expect(Number(login.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(login.body).toContain('Too many attempts');
        expect(login.body).toContain('<form method="post" action="/login"');
        expect(login.setCookie.some((c) => c.startsWith('sp_dc='))).toBe(false);

        const signUp = (i: number) => () =>
          limited.request({
            method: 'POST',
            url: '/signup',
            form: { username: `limited-${i}`, display_name: 'L', password: 'long enough', accept_terms: DEFAULT_TERMS_LICENCE },
          });
        expect(await attempts(1, signUp(1))).toEqual([303]);
        expect(await attempts(1, signUp(2))).toEqual([303]);
        const third = await signUp(3)();
        expect(third.statusCode).toBe(429);
        expect(await limited.db.selectFrom('accounts').select('id').where('username', '=', 'limited-3').execute()).toEqual([]);

        expect(await attempts(4, () => limited.request({ url: TOKEN_URL }))).toEqual([200, 200, 200, 200]);
        const token = await limited.request({ url: TOKEN_URL });
        expect(token.statusCode).toBe(429);
        expect(token.json()).toEqual({ error: { status: 429, message: 'Too many requests: wait a minute, then try again.' } });
        expect(await limited.count('access_tokens')).toBe(4);

        // The pages themselves and logout are not limited.
        expect((await limited.request({ url: '/login' })).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });

  describe('the session cookie is Secure whenever PUBLIC_URL is https', () => {
    it('https PUBLIC_URL (behind a TLS proxy the server itself sees http): Secure on login and logout', async () => {
      const https = await accountsTestApp({ databaseUrl: await database.databaseUrl(), publicUrl: 'https://provider.example' });
      try {
        const login = await https.request({ method: 'POST', url: '/login', form: { username: 'demo', password: 'demo' } });
        expect(login.setCookie.find((c) => c.startsWith('sp_dc='))).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
        expect((await https.request({ url: '/login' })).setCookie.find((c) => c.startsWith('_csrf='))).toMatch(/; Secure/);
        const logout = await https.request({ url: '/logout', headers: { cookie: sessionCookieOf(login.setCookie) } });
        expect(logout.setCookie.find((c) => c.startsWith('sp_dc='))).toMatch(/; Secure$/);
      } finally {
        await https.close();
      }
    });

    it('no PUBLIC_URL, plain http: no Secure (a browser would drop the cookie)', async () => {
      const login = await t.request({ method: 'POST', url: '/login', form: { username: 'demo', password: 'demo' } });
      expect(login.setCookie.find((c) => c.startsWith('sp_dc='))).not.toMatch(/Secure/);
    });
  });

  describe('expired sessions and tokens leave the store', () => {
    const count = (app: AccountsTestApp, table: 'access_tokens' | 'sessions') => app.count(table);

    // SQLite's plan names the index it uses; Postgres plans a tiny table as a scan whatever its indexes.
    if (dialect === 'sqlite') {
      it('both tables are indexed by expiry, and the purge uses the index', async () => {
        for (const [table, index] of [
          ['access_tokens', 'access_tokens_expires_at'],
          ['sessions', 'sessions_expires_at'],
        ] as const) {
          const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN DELETE FROM ${sql.table(table)} WHERE expires_at <= ${0}`.execute(t.db);
          expect(plan.rows.map((row) => row.detail).join('\n')).toContain(index);
        }
      });
    }

    it('a periodic purge removes them while nobody logs in or asks for a token', async () => {
      const app = await accountsTestApp({ databaseUrl: await database.databaseUrl(), purgeEveryMs: 20 });
      try {
        const cookie = await app.login('demo', 'demo');
        await app.request({ url: TOKEN_URL, headers: { cookie } });
        await app.request({ url: TOKEN_URL });
        expect(await count(app, 'access_tokens')).toBe(2);
        expect(await count(app, 'sessions')).toBe(1);

        app.clock.now = T0 + ACCESS_TOKEN_LIFETIME_MS;
        await until(async () => (await count(app, 'access_tokens')) === 0);
        expect(await count(app, 'sessions')).toBe(1);

        app.clock.now = T0 + SESSION_LIFETIME_MS;
        await until(async () => (await count(app, 'sessions')) === 0);
      } finally {
        await app.close();
      }
    });
  });

  /** Waits for a condition the purge timer makes true: polled every 10 ms, at most 5 s. */
  async function until(condition: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 500; i += 1) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the condition did not hold within 5 s');
  }
});
