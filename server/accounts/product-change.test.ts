// The demo's product change (server/accounts/product-change.ts) and the product-state events it
// pushes over the dealer (issue 5 Provider services: "pushes of product-state events"; spec 001 §7).
import { PRODUCT_STATE_EVENT_URI } from '../../core/engine/player/product-state.epic';
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { sessionCookieOf } from './test-app';

let t: PlaybackTestServer;
beforeAll(async () => {
  t = await startPlaybackTestServer();
});
afterAll(() => t.stop());

async function logIn(username: string): Promise<string> {
  const login = await fetch(t.server.url('/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: username, continue: '/' }).toString(),
    redirect: 'manual',
  });
  return sessionCookieOf(login.headers.getSetCookie());
}

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
    const token = t.token('demo');
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
    expect((await t.request('GET', '/v1/product_state', { token: t.token('free') })).json()).toMatchObject({ product: 'free' });
  });
});
