import { registeredConnections } from './product-state-routes';
import { accountsTestApp, T0, type AccountsTestApp } from './test-app';
import { ACCESS_TOKEN_LIFETIME_MS } from './tokens';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await accountsTestApp();
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
const accountId = (username: string) => (t.db.prepare('SELECT id FROM accounts WHERE username = ?').get(username) as { id: string }).id;

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

  it('registers a dealer connection for product-state events and removes it on DELETE', async () => {
    const token = await tokenOf('demo');
    const connectionId = 'NzI5YjQ1ZDAtMTIzNC00YmNkLTk4NzYtYWJjZGVm+/=';
    const put = await t.request({ method: 'PUT', url: path(connectionId), headers: bearer(token) });
    expect(put.statusCode).toBe(204);
    // Registering twice keeps one registration.
    expect((await t.request({ method: 'PUT', url: path(connectionId), headers: bearer(token) })).statusCode).toBe(204);
    expect(registeredConnections(t.db, accountId('demo'))).toEqual([connectionId]);
    const del = await t.request({ method: 'DELETE', url: path(connectionId), headers: bearer(token) });
    expect(del.statusCode).toBe(204);
    expect(registeredConnections(t.db, accountId('demo'))).toEqual([]);
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
