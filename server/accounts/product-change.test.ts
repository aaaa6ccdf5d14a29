// The demo's product change (server/accounts/product-change.ts) and the product-state events it
// pushes over the dealer (issue 5 Provider services: "pushes of product-state events"; spec 001 §7).
import { PRODUCT_STATE_EVENT_URI } from '../../core/engine/player/product-state.epic';
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { startTestServer } from '../test-server';
import { logInCookie } from './login-client';
import { DIALECTS, useDialect } from '../testing/dialects';

// Issue 14: on SQLite and on Postgres alike.
describe.each(DIALECTS)('on %s', (dialect) => {
  const database = useDialect(dialect);

  let t: PlaybackTestServer;
  beforeAll(async () => {
    // The demo's switch, as `npm start` runs it (DEMO_PRODUCT_CHANGE=1).
    t = await startPlaybackTestServer({ demoProductChange: true, databaseUrl: await database.databaseUrl() });
  });
  afterAll(() => t.stop());

  const logIn = (username: string): Promise<string> => logInCookie(t.server.url(''), username, username);
  // Through the server's own routes: on Postgres the tokens live there.
  const tokenOf = async (username: string): Promise<string> => {
    const answer = await fetch(t.server.url('/access_token?reason=init&productType=web_player'), { headers: { cookie: await logIn(username) } });
    return ((await answer.json()) as { accessToken: string }).accessToken;
  };

  const changeProduct = (cookie: string | null, product: string) =>
    fetch(t.server.url('/account/product'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie === null ? {} : { cookie }) },
      body: new URLSearchParams({ product, continue: '/album/x' }).toString(),
      redirect: 'manual',
    });

  describe('a product change pushes a product-state event to the registered dealer connections (spec 001 §7 Product state)', () => {
    it('demo switches to free: its registered connection hears the new state, and GET product_state says free', async () => {
      const cookie = await logIn('demo');
      const token = await tokenOf('demo');
      const dealer = await t.dealer(token);
      expect((await t.request('PUT', `/v1/me/notifications/user?connection_id=${encodeURIComponent(dealer.connectionId)}`, { token })).status).toBe(204);

      const answer = await changeProduct(cookie, 'free');
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/album/x');
      const frame = await dealer.next();
      expect(frame).toMatchObject({ type: 'message', uri: PRODUCT_STATE_EVENT_URI, payloads: [expect.objectContaining({ product: 'free', ads: '1' })] });
      expect((await t.request('GET', '/v1/product_state', { token })).json()).toMatchObject({ product: 'free' });

      expect((await changeProduct(cookie, 'premium')).status).toBe(303);
      expect((await dealer.next()).payloads[0]).toMatchObject({ product: 'premium', ads: '0' });
    });

    it('without a session it is 401; an unknown product is 400, and nothing changes', async () => {
      expect((await changeProduct(null, 'free')).status).toBe(401);
      const cookie = await logIn('free');
      expect((await changeProduct(cookie, 'platinum')).status).toBe(400);
      expect((await t.request('GET', '/v1/product_state', { token: await tokenOf('free') })).json()).toMatchObject({ product: 'free' });
    });
  });

  describe('issue 12: the self-service switch is a demo feature, off unless DEMO_PRODUCT_CHANGE turns it on', () => {
    it('on a server without the setting, POST /account/product is 404 (as if it did not exist) for a logged-in user, and the product stays', async () => {
      const plain = await startTestServer(undefined, { databaseUrl: await database.databaseUrl() });
      try {
        const cookie = await logInCookie(plain.url(''), 'demo', 'demo');
        const answer = await fetch(plain.url('/account/product'), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
          body: new URLSearchParams({ product: 'free', continue: '/' }).toString(),
          redirect: 'manual',
        });
        expect(answer.status).toBe(404);
        const token = await (await fetch(plain.url('/access_token?reason=init&productType=web_player'), { headers: { cookie } })).json();
        const state = await fetch(plain.url('/v1/product_state'), { headers: { authorization: `Bearer ${token.accessToken}` } });
        expect(await state.json()).toMatchObject({ product: 'premium' });
      } finally {
        await plain.stop();
      }
    });
  });
});
