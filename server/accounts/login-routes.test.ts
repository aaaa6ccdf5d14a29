import { loginUrl, signUpUrl } from '../../core/widget/links';
import { accountsTestApp, sessionCookieOf, T0, type AccountsTestApp } from './test-app';
import { SESSION_LIFETIME_MS } from './sessions';
import { DIALECTS, useDialect } from '../testing/dialects';
import { DEFAULT_TERMS_LICENCE } from '../other-services/routes';
import { TERMS_NOT_ACCEPTED } from './validate-sign-up';

/** The sign-up form's consent to the terms in force, ticked. */
const ACCEPTED = { accept_terms: DEFAULT_TERMS_LICENCE };

// Issue 14: on SQLite and on Postgres alike.
describe.each(DIALECTS)('on %s', (dialect) => {
  const database = useDialect(dialect);

  // One app for the file (seeding hashes two passwords); each test resets the clock.
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await accountsTestApp({ databaseUrl: await database.databaseUrl() });
  });
  beforeEach(() => {
    t.clock.now = T0;
  });
  afterAll(() => t.close());

  const sessionRows = async (cookie: string) => ({
    n: (
      await t.db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', cookie.replace(/^sp_dc=/, ''))
        .execute()
    ).length,
  });

  const CONTINUE = '/album/4aawyAB9vmqN3uQ7FjRGTy';
  const hosts = { accounts: '' };
  const tokenFor = async (cookie?: string) =>
    (await t.request({ url: '/access_token?reason=transport&productType=web_player', headers: cookie === undefined ? {} : { cookie } })).json();

  describe('GET /login (the page the widget login link opens, spec 000 §7)', () => {
    it('renders an accessible form carrying the continue URL of the widget link', async () => {
      const response = await t.request({ url: loginUrl(hosts, CONTINUE) });
      expect(response.statusCode).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = response.body;
      expect(html).toContain('<form method="post" action="/login"');
      expect(html).toContain(`<input type="hidden" name="continue" value="${CONTINUE}">`);
      expect(html).toContain('<label for="username">Username</label><input id="username" name="username" type="text" autocomplete="username"');
      expect(html).toContain('<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password"');
      // The way on to sign-up keeps where the visitor was going.
      expect(html).toContain(`href="/signup?forward_url=${encodeURIComponent(CONTINUE)}"`);
    });

    it('carries / instead of a continue URL on another origin (open redirect refused)', async () => {
      const response = await t.request({ url: loginUrl(hosts, 'https://evil.test/phish') });
      expect(response.body).toContain('<input type="hidden" name="continue" value="/">');
    });

    it('sends an already logged-in visitor straight on', async () => {
      const cookie = await t.login('demo', 'demo');
      const response = await t.request({ url: loginUrl(hosts, CONTINUE), headers: { cookie } });
      expect(response.statusCode).toBe(303);
      expect(response.headers.get('location')).toBe(CONTINUE);
    });
  });

  describe('POST /login', () => {
    it('logs the demo user in: 303 to the continue URL with an httpOnly, SameSite=Lax session cookie on Path=/', async () => {
      const response = await t.request({ method: 'POST', url: '/login', form: { username: 'demo', password: 'demo', continue: CONTINUE } });
      expect(response.statusCode).toBe(303);
      expect(response.headers.get('location')).toBe(CONTINUE);
      const setCookie = response.setCookie.join('\n');
      expect(setCookie).toMatch(/^sp_dc=[0-9a-f]{64}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
      expect(await sessionRows(sessionCookieOf(response.setCookie))).toEqual({ n: 1 });
    });

    it('answers a wrong password with the form again, a readable error, 401 and no cookie', async () => {
      const response = await t.request({ method: 'POST', url: '/login', form: { username: 'demo', password: 'wrong', continue: CONTINUE } });
      expect(response.statusCode).toBe(401);
      expect(response.setCookie).toEqual([]);
      expect(response.body).toContain('<p class="error" id="form-error" role="alert">Incorrect username or password.</p>');
      expect(response.body).toContain('value="demo" aria-invalid="true" aria-describedby="form-error"');
      expect(response.body).toContain(`name="continue" value="${CONTINUE}"`);
    });

    it('answers an unknown username exactly like a wrong password (no username probing)', async () => {
      const response = await t.request({ method: 'POST', url: '/login', form: { username: 'nobody', password: 'demo' } });
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain('Incorrect username or password.');
    });

    it('asks for both fields when one is empty (400)', async () => {
      const response = await t.request({ method: 'POST', url: '/login', form: { username: 'demo', password: '' } });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Enter your username and password.');
      expect(response.body).toContain('type="password" autocomplete="current-password" required aria-invalid="true"');
    });

    it.each(['https://evil.test/phish', '//evil.test', '/\\evil.test', '/\t/evil.test', 'javascript:alert(1)'])(
      'refuses to redirect to %j after login (open redirect): goes to /',
      async (target) => {
        const response = await t.request({ method: 'POST', url: '/login', form: { username: 'demo', password: 'demo', continue: target } });
        expect(response.statusCode).toBe(303);
        expect(response.headers.get('location')).toBe('/');
      },
    );

    it('accepts an absolute continue URL on the public origin', async () => {
      const app = await accountsTestApp({ databaseUrl: await database.databaseUrl(), publicUrl: 'https://provider.example' });
      try {
        const response = await app.request({
          method: 'POST',
          url: '/login',
          form: { username: 'demo', password: 'demo', continue: 'https://provider.example/album/x?utm_source=embed_player' },
        });
        expect(response.headers.get('location')).toBe('/album/x?utm_source=embed_player');
      } finally {
        await app.close();
      }
    });
  });

  describe('GET /signup and POST /signup (the widget sign-up link, spec 000 §7)', () => {
    it('renders the sign-up form carrying the forward URL of the widget link', async () => {
      const response = await t.request({ url: signUpUrl(hosts, CONTINUE) });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<form method="post" action="/signup"');
      expect(response.body).toContain(`<input type="hidden" name="forward_url" value="${CONTINUE}">`);
      expect(response.body).toContain('autocomplete="new-password"');
      expect(response.body).toContain('<label for="display_name">Display name</label>');
    });

    it('creates a free account, logs it in and goes on to the forward URL', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/signup',
        form: { username: 'new.listener', display_name: ' New Listener ', password: 'long enough', forward_url: CONTINUE, ...ACCEPTED },
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.get('location')).toBe(CONTINUE);
      expect(
        await t.db.selectFrom('accounts').select(['display_name', 'product', 'country']).where('username', '=', 'new.listener').executeTakeFirst(),
      ).toEqual({
        display_name: 'New Listener',
        product: 'free',
        country: 'SE',
      });
      const token = await tokenFor(sessionCookieOf(response.setCookie));
      expect(token.isAnonymous).toBe(false);
      // And the new password works on the login form.
      await expect(t.login('new.listener', 'long enough')).resolves.toMatch(/^sp_dc=/);
    });

    it.each([
      [{ username: '', display_name: 'A', password: 'long enough' }, 'Enter a username.', ['username']],
      [{ username: 'ab', display_name: 'A', password: 'long enough' }, 'The username must be 3 to 30 characters long.', ['username']],
      [
        { username: 'Bad Name', display_name: 'A', password: 'long enough' },
        'The username may only hold lower-case letters, digits, dots, dashes and underscores.',
        ['username'],
      ],
      [{ username: 'abc', display_name: '   ', password: 'long enough' }, 'Enter a display name.', ['display_name']],
      [{ username: 'abc', display_name: 'x'.repeat(51), password: 'long enough' }, 'The display name must be at most 50 characters long.', ['display_name']],
      [{ username: 'abc', display_name: 'A\u0007', password: 'long enough' }, 'The display name cannot hold control characters.', ['display_name']],
      [{ username: 'abc', display_name: 'A', password: 'short' }, 'The password must be at least 8 characters long.', ['password']],
      [{ username: 'abcdefgh', display_name: 'A', password: 'abcdefgh' }, 'The password must not be the same as the username.', ['password']],
      [{ username: '', display_name: '', password: '' }, 'Enter a username. Enter a display name. Enter a password.', ['username', 'display_name', 'password']],
    ])('refuses %j with 400 and the message %j on the fields it names', async (fields, message, invalid) => {
      const response = await t.request({ method: 'POST', url: '/signup', form: { ...fields, forward_url: CONTINUE, ...ACCEPTED } });
      expect(response.statusCode).toBe(400);
      expect(response.setCookie).toEqual([]);
      expect(response.body).toContain(`role="alert">${message}</p>`);
      for (const name of ['username', 'display_name', 'password']) {
        expect(response.body.includes(`name="${name}" type=`) && new RegExp(`name="${name}"[^>]*aria-invalid="true"`).test(response.body)).toBe(
          invalid.includes(name),
        );
      }
      expect(response.body).toContain(`name="forward_url" value="${CONTINUE}"`);
    });

    it('the form asks for consent to the terms in force: a checkbox carrying their version, labelled with links to both documents', async () => {
      const response = await t.request({ url: signUpUrl(hosts, CONTINUE) });
      expect(response.body).toContain(`<input id="accept_terms" name="accept_terms" type="checkbox" value="${DEFAULT_TERMS_LICENCE}" required>`);
      expect(response.body).toContain('<label for="accept_terms">I accept the <a href="/legal/terms?license=');
      expect(response.body).toContain(`/legal/terms?license=${DEFAULT_TERMS_LICENCE}&amp;language=en`);
      expect(response.body).toContain('href="/legal/privacy?language=en"');
    });

    it('spec 001 §7 Terms: a sign-up that accepts the terms records the version in force, so reacceptance is not required on the first visit', async () => {
      t.clock.now = T0 + 5000;
      const response = await t.request({
        method: 'POST',
        url: '/signup',
        form: { username: 'consenting', display_name: 'C', password: 'long enough', forward_url: CONTINUE, ...ACCEPTED },
      });
      expect(response.statusCode).toBe(303);
      const id = await t.accountId('consenting');
      expect(await t.db.selectFrom('terms_acceptances').select(['license', 'accepted_at']).where('account_id', '=', id).executeTakeFirst()).toEqual({
        license: DEFAULT_TERMS_LICENCE,
        accepted_at: T0 + 5000,
      });
    });

    it.each([
      ['without the consent', {}],
      ['with the consent to another version (a form from before the terms changed)', { accept_terms: '2020-01' }],
    ])('refuses a sign-up %s with 400, marking the checkbox, and makes no account and no acceptance', async (_what, consent) => {
      const response = await t.request({
        method: 'POST',
        url: '/signup',
        form: { username: 'unconsenting', display_name: 'U', password: 'long enough', forward_url: CONTINUE, ...consent },
      });
      expect(response.statusCode).toBe(400);
      expect(response.setCookie).toEqual([]);
      expect(response.body).toContain(`role="alert">${TERMS_NOT_ACCEPTED}</p>`);
      expect(response.body).toMatch(/name="accept_terms"[^>]*aria-invalid="true"/);
      // What was typed stays; the checkbox is not ticked for them.
      expect(response.body).toContain('value="unconsenting"');
      expect(response.body).not.toMatch(/name="accept_terms"[^>]* checked/);
      expect(await t.db.selectFrom('accounts').select('id').where('username', '=', 'unconsenting').execute()).toEqual([]);
    });

    it('a form that comes back with another problem keeps the consent ticked', async () => {
      const response = await t.request({ method: 'POST', url: '/signup', form: { username: 'ab', display_name: 'A', password: 'long enough', ...ACCEPTED } });
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(/name="accept_terms"[^>]* checked/);
    });

    it('refuses a username that is taken with 409, keeping what was typed (but not the password)', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/signup',
        form: { username: 'demo', display_name: 'Me &amp; <b>', password: 'long enough', ...ACCEPTED },
      });
      expect(response.statusCode).toBe(409);
      expect(response.body).toContain('That username is taken. Choose another one, or log in.');
      expect(response.body).toContain('value="Me &amp;amp; &lt;b&gt;"');
      expect(response.body).not.toContain('long enough');
      expect(await t.db.selectFrom('accounts').select('id').where('username', '=', 'demo').execute()).toHaveLength(1);
    });

    it('refuses to forward to another origin after sign-up', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/signup',
        form: { username: 'someone', display_name: 'S', password: 'long enough', forward_url: 'https://evil.test/', ...ACCEPTED },
      });
      expect(response.headers.get('location')).toBe('/');
    });
  });

  describe('sessions and GET /logout', () => {
    it("logout clears this origin's storage too: the engine's stored token and device id are not left to the next user", async () => {
      const cookie = await t.login('demo', 'demo');
      const response = await t.request({ url: '/logout', headers: { cookie } });
      expect(response.headers.get('clear-site-data')).toBe('"storage"');
    });

    it('logout clears the cookie and the session row, then goes to /; the old cookie is anonymous', async () => {
      const cookie = await t.login('demo', 'demo');
      expect(await sessionRows(cookie)).toEqual({ n: 1 });
      const response = await t.request({ url: '/logout', headers: { cookie } });
      expect(response.statusCode).toBe(303);
      expect(response.headers.get('location')).toBe('/');
      expect(response.setCookie.join('\n')).toMatch(/^sp_dc=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
      expect(await sessionRows(cookie)).toEqual({ n: 0 });
      expect((await tokenFor(cookie)).isAnonymous).toBe(true);
    });

    it('a session ends after its lifetime (30 days, injected clock)', async () => {
      const cookie = await t.login('demo', 'demo');
      t.clock.now = T0 + SESSION_LIFETIME_MS - 1;
      expect((await tokenFor(cookie)).isAnonymous).toBe(false);
      t.clock.now = T0 + SESSION_LIFETIME_MS;
      expect((await tokenFor(cookie)).isAnonymous).toBe(true);
    });

    it('a forged or malformed cookie is no session', async () => {
      expect((await tokenFor(`sp_dc=${'a'.repeat(64)}`)).isAnonymous).toBe(true);
      expect((await tokenFor("sp_dc=' OR 1=1 --")).isAnonymous).toBe(true);
    });
  });
});
