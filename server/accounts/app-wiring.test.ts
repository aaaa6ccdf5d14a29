// The accounts service inside the whole provider (server/app.ts): its routes answer next to the
// embed pages, the open pages and the Web API under /v1, which has a not-found handler of its own.
import { EmbedData } from '../../core/model/embed-data';
import { startTestServer, type TestServer } from '../test-server';
import { demoCatalogue } from '../testing/demo-catalogue';
import { logInCookie, postForm } from './login-client';
import { sessionCookieOf } from './test-app';

const logIn = (username: string, password: string): Promise<string> => logInCookie(server.url(''), username, password);

/** The embed page's JSON block (spec 000 §3), decoded. */
async function embedDataOf(response: Response): Promise<EmbedData> {
  const html = await response.text();
  const json = /<script id="resource" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  const decoded = EmbedData.decode(JSON.parse(json ?? 'null'));
  if (decoded._tag === 'Left') throw new Error('the embed page carries no valid data block');
  return decoded.right;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('the accounts service in the provider app', () => {
  it('demo/demo logs in, gets a logged-in token, reads product state and registers a connection', async () => {
    const login = await postForm(server.url(''), '/login', { username: 'demo', password: 'demo', continue: '/album/4aawyAB9vmqN3uQ7FjRGTy' });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/album/4aawyAB9vmqN3uQ7FjRGTy');
    const cookie = sessionCookieOf(login.headers.getSetCookie());

    const token = await (await fetch(server.url('/access_token?reason=init&productType=web_player'), { headers: { cookie } })).json();
    expect(token.isAnonymous).toBe(false);
    const authorization = `Bearer ${token.accessToken}`;

    const state = await fetch(server.url('/v1/product_state'), { headers: { authorization } });
    expect(state.status).toBe(200);
    expect(await state.json()).toMatchObject({ product: 'premium', ads: '0' });
    // Wired to the dealer: abc123 is no live connection of this user, so it is refused (issue 12).
    const put = await fetch(server.url('/v1/me/notifications/user?connection_id=abc123'), { method: 'PUT', headers: { authorization } });
    expect(put.status).toBe(404);
  });

  it('the login page is HTML, and a bad productType is a JSON 400', async () => {
    const page = await fetch(server.url('/login?utm_source=embed_player&utm_medium=embed_v2&continue=%2F'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const bad = await fetch(server.url('/access_token?productType=mobile'));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toContain('productType');
  });

  it("spec 000 §3 Session: a logged-in visitor's embed carries loggedIn, a token and the market, privately; an anonymous one carries none", async () => {
    const cookie = await logIn('demo', 'demo');
    const embedPath = server.url(`/embed/album/${demoCatalogue().albums[0]?.id ?? ''}`);

    const loggedIn = await fetch(embedPath, { headers: { cookie } });
    expect(loggedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(loggedIn.headers.get('vary')).toMatch(/cookie/i);
    const { session } = await embedDataOf(loggedIn);
    expect(session).toMatchObject({ loggedIn: true, market: 'SE' });
    expect(session?.accessTokenExpirationTimestampMs).toBeGreaterThan(Date.now());
    // The token is one /access_token would give: the Web API takes it for the visitor's own data.
    const me = await fetch(server.url('/v1/me'), { headers: { authorization: `Bearer ${session?.accessToken ?? ''}` } });
    expect(me.status).toBe(200);

    const anonymous = await fetch(embedPath);
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
    expect((await embedDataOf(anonymous)).session).toBeUndefined();
  });
});
