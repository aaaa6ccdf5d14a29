// Issue 17: the web player page's token. Each page view used to mint a token through /access_token,
// whose per-address limit (server/accounts/rate-limits.ts) a listener browsing fast then ran into
// (the page answered 503 "busy"). The page session now holds its token (page-token.ts) and reuses it
// while it has time left and belongs to the same login; both dialects (the token table).
import { logInCookie } from '../accounts/login-client';
import { startTestServer, type TestServer } from '../test-server';
import { DIALECTS, useDialect } from '../testing/dialects';
import { PAGE_TOKEN_PATH } from '../../core/catalogue/page-token';
import { PAGE_TOKEN_COOKIE, PAGE_TOKEN_REUSE_MARGIN_MS } from './page-token';

jest.setTimeout(120_000);

/** Tokens /access_token may mint per address per window in these tests: a few page views' worth. */
const TOKENS_PER_WINDOW = 6;
/** Page views in a row: more than the limit allows tokens. */
const VIEWS = 2 * TOKENS_PER_WINDOW + 1;

describe.each(DIALECTS)('web player page token on %s', (dialect) => {
  const stores = useDialect(dialect);
  let server: TestServer;

  beforeEach(async () => {
    const url = await stores.databaseUrl();
    server = await startTestServer(undefined, { ...(url === undefined ? {} : { databaseUrl: url }), rateLimits: { tokens: TOKENS_PER_WINDOW } });
  });
  afterEach(async () => {
    await server.stop();
  });

  const tokenCount = async () =>
    Number(
      (
        await server.app.database.kysely
          .selectFrom('access_tokens')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A page view as a browser makes it: its cookies sent, the page token cookie it is given kept. */
  const browser = (login: string | null) => {
    let held: string | null = null;
    const cookie = () => [login, held === null ? null : `${PAGE_TOKEN_COOKIE}=${held}`].filter((c) => c !== null).join('; ');
    const keep = (response: Response) => {
      for (const c of response.headers.getSetCookie()) {
        const [pair] = c.split(';');
        if (pair?.startsWith(`${PAGE_TOKEN_COOKIE}=`)) held = pair.slice(PAGE_TOKEN_COOKIE.length + 1);
      }
    };
    return {
      view: async (path: string) => {
        const response = await fetch(server.url(path), { redirect: 'manual', headers: { cookie: cookie() } });
        keep(response);
        const html = await response.text();
        return { status: response.status, html, setCookie: response.headers.getSetCookie() };
      },
      refresh: async () => {
        const response = await fetch(server.url(PAGE_TOKEN_PATH), { headers: { cookie: cookie() } });
        keep(response);
        return {
          status: response.status,
          body: (await response.json()) as { accessToken: string; accessTokenExpirationTimestampMs: number; isAnonymous: boolean },
        };
      },
      held: () => held,
    };
  };

  it(`a listener browsing fast is not limited: ${VIEWS} page views in a row (the limit mints ${TOKENS_PER_WINDOW} tokens) all answer, with one token`, async () => {
    const demo = browser(await logInCookie(server.url(''), 'demo', 'demo'));
    const before = await tokenCount();
    const tokens = new Set<string>();
    for (let i = 0; i < VIEWS; i += 1) {
      const page = await demo.view(i % 2 === 0 ? '/search/a' : '/collection/tracks');
      expect([i, page.status]).toEqual([i, 200]);
      tokens.add(demo.held() ?? '');
    }
    expect(tokens.size).toBe(1);
    expect(await tokenCount()).toBe(before + 1);
    // The page hands its client that token.
    const page = await demo.view('/search/a');
    expect(page.html).toContain([...tokens][0]);
    // The cookie is HttpOnly and lives no longer than the token.
    const first = await browser(await logInCookie(server.url(''), 'demo', 'demo')).view('/search/a');
    const set = first.setCookie.find((c) => c.startsWith(`${PAGE_TOKEN_COOKIE}=`)) ?? '';
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(Number(/Max-Age=(\d+)/.exec(set)?.[1])).toBeLessThanOrEqual(3600);
  });

  it('an anonymous visitor browsing fast is not limited either', async () => {
    const visitor = browser(null);
    for (let i = 0; i < VIEWS; i += 1) expect([i, (await visitor.view('/search/a')).status]).toEqual([i, 200]);
  });

  it('a held token is not reused for another login, after a log-out, once revoked, or with less than the reuse margin left', async () => {
    const demoLogin = await logInCookie(server.url(''), 'demo', 'demo');
    const demo = browser(demoLogin);
    await demo.view('/search/a');
    const demoToken = demo.held()!;
    // The same token cookie with another login (free): a token of its own, never demo's.
    const free = browser(await logInCookie(server.url(''), 'free', 'free'));
    const freeView = await fetch(server.url('/search/a'), {
      headers: { cookie: `${await logInCookie(server.url(''), 'free', 'free')}; ${PAGE_TOKEN_COOKIE}=${demoToken}` },
    });
    expect(await freeView.text()).not.toContain(demoToken);
    await free.view('/search/a');
    expect(free.held()).not.toBe(demoToken);
    // Without a login (logged out) demo's token is not handed to an anonymous page.
    const anonymousView = await fetch(server.url('/search/a'), { headers: { cookie: `${PAGE_TOKEN_COOKIE}=${demoToken}` } });
    expect(await anonymousView.text()).not.toContain(demoToken);
    // A revoked token (its row gone) is replaced.
    await server.app.database.kysely.deleteFrom('access_tokens').where('token', '=', demoToken).execute();
    expect((await demo.view('/search/a')).status).toBe(200);
    const second = demo.held()!;
    expect(second).not.toBe(demoToken);
    // A token with less than the margin left is replaced; the refresh route gives the new one.
    await server.app.database.kysely
      .updateTable('access_tokens')
      .set({ expires_at: Date.now() + PAGE_TOKEN_REUSE_MARGIN_MS - 60_000 })
      .where('token', '=', second)
      .execute();
    const refreshed = await demo.refresh();
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.isAnonymous).toBe(false);
    expect(refreshed.body.accessToken).not.toBe(second);
    expect(refreshed.body.accessToken).toBe(demo.held());
    expect(refreshed.body.accessTokenExpirationTimestampMs).toBeGreaterThan(Date.now() + PAGE_TOKEN_REUSE_MARGIN_MS);
    // While it has time left, the refresh route reuses it.
    expect((await demo.refresh()).body.accessToken).toBe(refreshed.body.accessToken);
    // The new token works for the listener's Web API calls.
    const me = await fetch(server.url('/v1/me'), { headers: { authorization: `Bearer ${refreshed.body.accessToken}` } });
    expect(me.status).toBe(200);
  });

  it('an anonymous token is not reused once the visitor logs in', async () => {
    const visitor = browser(null);
    await visitor.view('/search/a');
    const anonymousToken = visitor.held()!;
    const login = await logInCookie(server.url(''), 'demo', 'demo');
    const response = await fetch(server.url(PAGE_TOKEN_PATH), { headers: { cookie: `${login}; ${PAGE_TOKEN_COOKIE}=${anonymousToken}` } });
    const body = (await response.json()) as { accessToken: string; isAnonymous: boolean };
    expect([body.isAnonymous, body.accessToken === anonymousToken]).toEqual([false, false]);
  });
});
