// The accounts service inside the whole provider (server/app.ts): its routes answer next to the
// embed pages, the open pages and the Web API under /v1, which has a not-found handler of its own.
import { startTestServer, type TestServer } from '../test-server';
import { sessionCookieOf } from './test-app';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('the accounts service in the provider app', () => {
  it('demo/demo logs in, gets a logged-in token, reads product state and registers a connection', async () => {
    const login = await fetch(server.url('/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'demo', password: 'demo', continue: '/album/4aawyAB9vmqN3uQ7FjRGTy' }).toString(),
      redirect: 'manual',
    });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/album/4aawyAB9vmqN3uQ7FjRGTy');
    const cookie = sessionCookieOf(login.headers.getSetCookie());

    const token = await (await fetch(server.url('/access_token?reason=init&productType=web_player'), { headers: { cookie } })).json();
    expect(token.isAnonymous).toBe(false);
    const authorization = `Bearer ${token.accessToken}`;

    const state = await fetch(server.url('/v1/product_state'), { headers: { authorization } });
    expect(state.status).toBe(200);
    expect(await state.json()).toMatchObject({ product: 'premium', ads: '0' });
    const put = await fetch(server.url('/v1/me/notifications/user?connection_id=abc123'), { method: 'PUT', headers: { authorization } });
    expect(put.status).toBe(204);
  });

  it('the login page is HTML, and a bad productType is a JSON 400', async () => {
    const page = await fetch(server.url('/login?utm_source=embed_player&utm_medium=embed_v2&continue=%2F'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const bad = await fetch(server.url('/access_token?productType=mobile'));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toContain('productType');
  });
});
