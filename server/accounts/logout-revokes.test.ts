// Issue 12 "Logout revokes": after /logout the session's access tokens no longer work anywhere —
// the Web API, the track-playback service, the licence server, the dealer — checked server-side on
// every authorised call, against the real provider on loopback.
import WebSocket from 'ws';
import { DEALER_PATH } from '../../core/engine/transport/constants';
import { LICENCE_URL_PATH } from '../licence/licence-url';
import { TRACK_PLAYBACK_DEVICES_PATH } from '../playback/track-playback-routes';
import { startTestServer, type TestServer } from '../test-server';
import { demoCatalogue } from '../testing/demo-catalogue';
import { logInCookie, postForm } from './login-client';
import { accountsTestApp } from './test-app';
import { DIALECTS, useDialect } from '../testing/dialects';

// Issue 14: on SQLite and on Postgres alike.
describe.each(DIALECTS)('on %s', (dialect) => {
  const database = useDialect(dialect);

  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, { databaseUrl: await database.databaseUrl() });
  });
  afterAll(() => server.stop());

  const origin = () => server.url('');
  const albumId = () => demoCatalogue().albums[0]?.id ?? '';
  /** A Web API call any live token may make, anonymous or not. */
  const album = () => server.url(`/v1/albums/${albumId()}`);

  async function tokenOf(cookie?: string): Promise<string> {
    const response = await fetch(server.url('/access_token?reason=init&productType=web_player'), { headers: cookie === undefined ? {} : { cookie } });
    return ((await response.json()) as { accessToken: string }).accessToken;
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** The status each bearer-authorised service answers the token with. */
  async function statuses(token: string): Promise<Record<string, number>> {
    const webApi = await fetch(album(), { headers: bearer(token) });
    // An empty registration: a live premium token gets past auth to the body check (400); a dead one is 401.
    const trackPlayback = await fetch(server.url(TRACK_PLAYBACK_DEVICES_PATH), {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: '{}',
    });
    const licenceUrl = await fetch(server.url(`${LICENCE_URL_PATH}?keysystem=org.w3.clearkey&mediatype=audio&sdk_name=test&sdk_version=1`), {
      headers: bearer(token),
    });
    return { webApi: webApi.status, trackPlayback: trackPlayback.status, licenceUrl: licenceUrl.status, dealer: await dealerUpgrade(token) };
  }

  /** 101 when the dealer takes the socket, else the status it refused the upgrade with. */
  function dealerUpgrade(token: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${server.url(DEALER_PATH).replace('http:', 'ws:')}?access_token=${encodeURIComponent(token)}`);
      const timer = setTimeout(() => (socket.terminate(), reject(new Error('the dealer upgrade had no answer within 5 s'))), 5000);
      socket.on('open', () => {
        clearTimeout(timer);
        socket.close();
        resolve(101);
      });
      socket.on('unexpected-response', (_request, response) => {
        clearTimeout(timer);
        socket.terminate();
        resolve(response.statusCode ?? 0);
      });
      socket.on('error', () => undefined);
    });
  }

  const logout = (cookie: string) => fetch(server.url('/logout'), { headers: { cookie, 'sec-fetch-site': 'same-origin' }, redirect: 'manual' });

  describe('issue 12: a logout revokes the session’s access tokens on every service', () => {
    it('a token from /access_token works before the logout and gets 401 from the Web API, track playback, the licence URL and the dealer after it', async () => {
      const cookie = await logInCookie(origin(), 'demo', 'demo');
      const token = await tokenOf(cookie);
      const before = await statuses(token);
      expect(before.webApi).toBe(200);
      expect(before.trackPlayback).not.toBe(401);
      expect(before.licenceUrl).toBe(200);
      expect(before.dealer).toBe(101);

      expect((await logout(cookie)).status).toBe(303);

      expect(await statuses(token)).toEqual({ webApi: 401, trackPlayback: 401, licenceUrl: 401, dealer: 401 });
    });

    it('the token the embed page handed the widget is revoked too (it belongs to the same session)', async () => {
      const cookie = await logInCookie(origin(), 'demo', 'demo');
      const page = await (await fetch(server.url(`/embed/album/${albumId()}`), { headers: { cookie } })).text();
      const data = /<script id="resource" type="application\/json">(.*?)<\/script>/s.exec(page)?.[1];
      const token = (JSON.parse(data ?? '{}') as { session?: { accessToken?: string } }).session?.accessToken;
      expect(typeof token).toBe('string');
      expect((await fetch(album(), { headers: bearer(token!) })).status).toBe(200);
      await logout(cookie);
      expect((await fetch(album(), { headers: bearer(token!) })).status).toBe(401);
    });

    it('only that session’s tokens: another login of the same user, another user and an anonymous visitor keep theirs', async () => {
      const leaving = await logInCookie(origin(), 'demo', 'demo');
      const otherDevice = await logInCookie(origin(), 'demo', 'demo');
      const otherUser = await logInCookie(origin(), 'free', 'free');
      const kept = { otherDevice: await tokenOf(otherDevice), otherUser: await tokenOf(otherUser), anonymous: await tokenOf() };
      const revoked = await tokenOf(leaving);
      await logout(leaving);
      expect((await fetch(album(), { headers: bearer(revoked) })).status).toBe(401);
      for (const token of Object.values(kept)) expect((await fetch(album(), { headers: bearer(token) })).status).toBe(200);
    });

    it('a login over an existing session replaces it: the earlier session’s tokens are revoked', async () => {
      const first = await logInCookie(origin(), 'demo', 'demo');
      const token = await tokenOf(first);
      // The same browser logs in as another user: its old session cookie goes with the post.
      const second = await postForm(origin(), '/login', { username: 'free', password: 'free', continue: '/' }, first);
      expect(second.status).toBe(303);
      expect((await fetch(server.url('/v1/me'), { headers: bearer(token) })).status).toBe(401);
    });
  });

  describe('AccountService.onTokensRevoked (for closing the dealer sockets that use them)', () => {
    it('hears the revoked tokens of the session at logout, and nothing after unsubscribing', async () => {
      const t = await accountsTestApp({ databaseUrl: await database.databaseUrl() });
      try {
        const heard: string[][] = [];
        const unsubscribe = t.service.onTokensRevoked((tokens) => heard.push([...tokens]));
        const cookie = await t.login('demo', 'demo');
        const issued = [];
        for (let i = 0; i < 2; i += 1)
          issued.push((await t.request({ url: '/access_token?reason=init&productType=web_player', headers: { cookie } })).json().accessToken);
        await t.request({ url: '/logout', headers: { cookie } });
        expect(heard).toHaveLength(1);
        expect([...heard[0]!].sort()).toEqual([...issued].sort());

        unsubscribe();
        const again = await t.login('demo', 'demo');
        await t.request({ url: '/access_token?reason=init&productType=web_player', headers: { cookie: again } });
        await t.request({ url: '/logout', headers: { cookie: again } });
        expect(heard).toHaveLength(1);
      } finally {
        await t.close();
      }
    });

    it('a logout without tokens, or without a session, tells no one', async () => {
      const t = await accountsTestApp({ databaseUrl: await database.databaseUrl() });
      try {
        const heard: unknown[] = [];
        t.service.onTokensRevoked((tokens) => heard.push(tokens));
        const cookie = await t.login('demo', 'demo');
        await t.request({ url: '/logout', headers: { cookie } });
        await t.request({ url: '/logout' });
        expect(heard).toEqual([]);
      } finally {
        await t.close();
      }
    });
  });
});
