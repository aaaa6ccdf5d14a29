import { registeredConnections, UNKNOWN_CONNECTION_MESSAGE } from './product-state-routes';
import { accountsTestApp, T0, type AccountsTestApp } from './test-app';
import { PRODUCT_STATE_EVENT_URI } from '../../core/engine/player/product-state.epic';
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { sessionCookie } from '../web-api/api-test-client';
import { ACCESS_TOKEN_LIFETIME_MS } from './tokens';
import { DIALECTS, useDialect } from '../testing/dialects';

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

  const tokenOf = async (username: string | null): Promise<string> => {
    const cookie = username === null ? undefined : await t.login(username, username);
    const response = await t.request({ url: '/access_token?reason=init&productType=web_player', headers: cookie === undefined ? {} : { cookie } });
    return response.json().accessToken as string;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  describe('GET /v1/product_state (spec 001 §7 Product state, §6 licence type)', () => {
    it("the premium demo user has ads off ('0'): licence type premium", async () => {
      const response = await t.request({ url: '/v1/product_state', headers: bearer(await tokenOf('demo')) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ product: 'premium', type: 'premium', catalogue: 'premium', country: 'SE', ads: '0', 'on-demand': '1' });
    });

    it("the free demo user has ads on ('1'): licence type on-demand; also at /product_state", async () => {
      const response = await t.request({ url: '/product_state', headers: bearer(await tokenOf('free')) });
      expect(response.json()).toMatchObject({ product: 'free', ads: '1' });
    });

    it.each([
      ['no token', {}, 401, 'No token provided'],
      ['a made-up token', bearer('made-up'), 401, 'Invalid access token'],
    ])('answers %s with %i', async (_name, headers, status, message) => {
      const response = await t.request({ url: '/v1/product_state', headers });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: { status, message } });
    });

    it('answers an anonymous token with 403: product state belongs to a user', async () => {
      const response = await t.request({ url: '/v1/product_state', headers: bearer(await tokenOf(null)) });
      expect(response.statusCode).toBe(403);
    });

    it('answers an expired token with 401 (injected clock), so the engine refreshes it', async () => {
      const token = await tokenOf('demo');
      t.clock.now = T0 + ACCESS_TOKEN_LIFETIME_MS;
      expect((await t.request({ url: '/v1/product_state', headers: bearer(token) })).statusCode).toBe(401);
    });
  });

  describe('PUT and DELETE /v1/me/notifications/user?connection_id= (spec 001 §7 Product state)', () => {
    const path = (connectionId: string) => `/v1/me/notifications/user?connection_id=${encodeURIComponent(connectionId)}`;

    it('without a dealer no connection is live: a well-formed id is refused (404) and nothing is stored', async () => {
      const token = await tokenOf('demo');
      const connectionId = 'NzI5YjQ1ZDAtMTIzNC00YmNkLTk4NzYtYWJjZGVm+/=';
      const put = await t.request({ method: 'PUT', url: path(connectionId), headers: bearer(token) });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ error: { status: 404, message: UNKNOWN_CONNECTION_MESSAGE } });
      expect(await registeredConnections(t.db, await t.accountId('demo'))).toEqual([]);
      // DELETE of one's own (possibly closed) connection stays allowed.
      expect((await t.request({ method: 'DELETE', url: path(connectionId), headers: bearer(token) })).statusCode).toBe(204);
    });

    it.each([
      ['PUT', 'no connection_id', '/v1/me/notifications/user'],
      ['PUT', 'an empty connection_id', '/v1/me/notifications/user?connection_id='],
      ['PUT', 'a connection_id with spaces and markup', path('<b> x')],
      ['PUT', 'a connection_id over 256 characters', path('a'.repeat(257))],
      ['DELETE', 'no connection_id', '/v1/me/notifications/user'],
      ['DELETE', 'a connection_id with a quote', path("a'b")],
    ])('%s with %s answers 400 naming connection_id', async (method, _name, url) => {
      const response = await t.request({ method, url, headers: bearer(await tokenOf('free')) });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/^connection_id must be a dealer connection id/);
    });

    it('refuses registration without a token (401) and for an anonymous token (403)', async () => {
      expect((await t.request({ method: 'PUT', url: path('abc') })).statusCode).toBe(401);
      expect((await t.request({ method: 'PUT', url: path('abc'), headers: bearer(await tokenOf(null)) })).statusCode).toBe(403);
    });
  });

  describe("registrations are the caller's own (issue 12): only a live dealer connection of the same user", () => {
    // The whole server: the dealer is live, and the product change (the demo's switch) pushes.
    let p: PlaybackTestServer;
    beforeAll(async () => {
      p = await startPlaybackTestServer({ demoProductChange: true, databaseUrl: await database.databaseUrl() });
    });
    afterAll(() => p.stop());
    const path = (connectionId: string) => `/v1/me/notifications/user?connection_id=${encodeURIComponent(connectionId)}`;
    // Through the server's own routes and database: on Postgres the accounts and tokens live there.
    const db = () => p.server.app.database.kysely;
    const accountIdOf = async (username: string) =>
      (await db().selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    const tokenFor = async (username: string): Promise<string> => {
      const cookie = await sessionCookie(p.server, username, username);
      const answer = await fetch(p.server.url('/access_token?reason=init&productType=web_player'), { headers: { cookie } });
      return ((await answer.json()) as { accessToken: string }).accessToken;
    };
    const changeProduct = (cookie: string, product: string) =>
      fetch(p.server.url('/account/product'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ product, continue: '/' }).toString(),
        redirect: 'manual',
      });

    it('the owner registers its live connection (204, twice keeps one) and removes it on DELETE', async () => {
      const token = await tokenFor('demo');
      const dealer = await p.dealer(token);
      expect((await p.request('PUT', path(dealer.connectionId), { token })).status).toBe(204);
      expect((await p.request('PUT', path(dealer.connectionId), { token })).status).toBe(204);
      expect(await registeredConnections(db(), await accountIdOf('demo'))).toEqual([dealer.connectionId]);
      expect((await p.request('DELETE', path(dealer.connectionId), { token })).status).toBe(204);
      expect(await registeredConnections(db(), await accountIdOf('demo'))).toEqual([]);
      dealer.close();
    });

    it("user B registering user A's live connection id is refused (404, as an unknown id) and stores nothing", async () => {
      const a = await p.dealer(await tokenFor('demo'));
      const b = await tokenFor('free');
      const foreign = await p.request('PUT', path(a.connectionId), { token: b });
      const unknown = await p.request('PUT', path('NoSuchConnection0'), { token: b });
      expect(foreign.status).toBe(404);
      expect(foreign.json()).toEqual(unknown.json());
      expect(await registeredConnections(db(), await accountIdOf('free'))).toEqual([]);
      a.close();
    });

    it('a product change of B reaches nothing of A, even through a registration stored before this check', async () => {
      const aToken = await tokenFor('demo');
      const a = await p.dealer(aToken);
      expect((await p.request('PUT', path(a.connectionId), { token: aToken })).status).toBe(204);
      // A row as the old code stored it: B registered A's connection id.
      await db()
        .insertInto('product_state_registrations')
        .values({ account_id: await accountIdOf('free'), connection_id: a.connectionId, registered_at: Date.now() })
        .execute();
      expect((await changeProduct(await sessionCookie(p.server, 'free', 'free'), 'premium')).status).toBe(303);
      // Then A's own change: the next frame A hears is A's state (free), so B's (premium) was never sent.
      expect((await changeProduct(await sessionCookie(p.server, 'demo', 'demo'), 'free')).status).toBe(303);
      const frame = await a.next();
      expect(frame).toMatchObject({ uri: PRODUCT_STATE_EVENT_URI, payloads: [expect.objectContaining({ product: 'free' })] });
      a.close();
    });
  });
});
