import { ACCESS_TOKEN_LIFETIME_MS, CLIENT_ID, createTokenVerifier } from './tokens';
import { accountsTestApp, T0, type AccountsTestApp } from './test-app';
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

  const TOKEN_URL = '/access_token?reason=transport&productType=web_player';

  describe('GET /access_token (spec 001 §7 Token, §3 Session)', () => {
    it('without a session answers an anonymous token, valid one hour, never cached', async () => {
      const response = await t.request({ url: TOKEN_URL });
      expect(response.statusCode).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = response.json();
      expect(body).toEqual({
        clientId: CLIENT_ID,
        accessToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        accessTokenExpirationTimestampMs: T0 + ACCESS_TOKEN_LIFETIME_MS,
        isAnonymous: true,
      });
      expect(await createTokenVerifier(t.db, () => t.clock.now)(body.accessToken)).toEqual({ accountId: null, country: 'SE', product: 'anonymous' });
    });

    it("with the demo user's session answers their token: isAnonymous false, the account's grant", async () => {
      const cookie = await t.login('demo', 'demo');
      const body = (await t.request({ url: TOKEN_URL, headers: { cookie } })).json();
      expect(body).toMatchObject({ clientId: CLIENT_ID, accessTokenExpirationTimestampMs: T0 + ACCESS_TOKEN_LIFETIME_MS, isAnonymous: false });
      expect(await createTokenVerifier(t.db, () => t.clock.now)(body.accessToken)).toEqual({
        accountId: await t.accountId('demo'),
        country: 'SE',
        product: 'premium',
      });
    });

    it('a new token each time', async () => {
      const first = (await t.request({ url: TOKEN_URL })).json().accessToken;
      const second = (await t.request({ url: TOKEN_URL })).json().accessToken;
      expect(first).not.toBe(second);
    });

    it.each([
      ['another productType', '/access_token?reason=init&productType=mobile', 'productType must be web_player, got "mobile".'],
      ['no productType', '/access_token?reason=init', 'productType must be web_player, got none.'],
      [
        'a repeated productType',
        '/access_token?productType=web_player&productType=web_player',
        'productType must be web_player, got ["web_player","web_player"].',
      ],
      [
        'a reason that is not a word',
        '/access_token?reason=%3Cscript%3E&productType=web_player',
        'reason must be a short word (letters, digits, dash or underscore).',
      ],
    ])('answers %s with 400 naming the parameter', async (_name, url, message) => {
      const response = await t.request({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { status: 400, message } });
    });
  });

  describe('createTokenVerifier (bearer auth for the provider APIs)', () => {
    it('grants a token until its expiry and nothing from then on (injected clock)', async () => {
      const cookie = await t.login('free', 'free');
      const { accessToken, accessTokenExpirationTimestampMs } = (await t.request({ url: TOKEN_URL, headers: { cookie } })).json();
      const verify = createTokenVerifier(t.db, () => t.clock.now);
      t.clock.now = accessTokenExpirationTimestampMs - 1;
      expect(await verify(accessToken)).toEqual({ accountId: await t.accountId('free'), country: 'SE', product: 'free' });
      t.clock.now = accessTokenExpirationTimestampMs;
      expect(await verify(accessToken)).toBeNull();
    });

    it('expired tokens are dropped from the table when new ones are issued', async () => {
      const { accessToken } = (await t.request({ url: TOKEN_URL })).json();
      t.clock.now = T0 + ACCESS_TOKEN_LIFETIME_MS;
      await t.request({ url: TOKEN_URL });
      expect(await t.db.selectFrom('access_tokens').select('token').where('token', '=', accessToken).execute()).toEqual([]);
    });

    it('knows no made-up token', async () => {
      expect(await createTokenVerifier(t.db, () => t.clock.now)('made-up')).toBeNull();
    });
  });

  describe('AccountService.sessionToken (for the embed page, spec 000 §3 Session)', () => {
    it("answers a logged-in visitor's session with a live token and market, and null without a session", async () => {
      expect((await t.request({ url: '/test/session-token' })).json()).toEqual({ session: null });
      const cookie = await t.login('demo', 'demo');
      const { session } = (await t.request({ url: '/test/session-token', headers: { cookie } })).json();
      expect(session).toEqual({
        loggedIn: true,
        accessToken: expect.any(String),
        accessTokenExpirationTimestampMs: T0 + ACCESS_TOKEN_LIFETIME_MS,
        market: 'SE',
      });
      expect(await createTokenVerifier(t.db, () => t.clock.now)(session.accessToken)).toMatchObject({ accountId: await t.accountId('demo') });
    });
  });
});
