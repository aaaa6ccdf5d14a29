// Issue 17 left: a new sign-up had not accepted the terms, so the web player's terms dialog met it on its first
// visit. Sign-up now asks for consent to the terms in force (TERMS_LICENCE) and records it (spec 001 §7 Terms), so
// the reacceptance service the dialog asks says none is required; a later licence asks again. On both databases.
import { startTestServer, type TestServer } from '../test-server';
import { DIALECTS, useDialect } from '../testing/dialects';
import { postForm } from './login-client';
import { sessionCookieOf } from './test-app';

const LICENCE = '2027-03';

describe.each(DIALECTS)('sign-up accepts the terms in force (spec 001 §7 Terms) on %s', (dialect) => {
  const database = useDialect(dialect);
  let server: TestServer;
  let databaseUrl: string | undefined;
  beforeAll(async () => {
    databaseUrl = await database.databaseUrl();
    server = await startTestServer(undefined, { databaseUrl, termsLicence: LICENCE });
  }, 60_000);
  afterAll(() => server.stop());

  /** The reacceptance metadata the web player's page asks at load, for a session's listener. */
  async function reacceptance(cookie: string): Promise<{ license: string; acceptedLicense: string | null; reacceptanceRequired: boolean }> {
    const grant = await fetch(server.url('/access_token?reason=init&productType=web_player'), { headers: { cookie } });
    const { accessToken } = (await grant.json()) as { accessToken: string };
    const answer = await fetch(server.url('/reaccept-my-legal/v1/reacceptance-metadata?language=en'), { headers: { authorization: `Bearer ${accessToken}` } });
    expect(answer.status).toBe(200);
    return (await answer.json()) as { license: string; acceptedLicense: string | null; reacceptanceRequired: boolean };
  }

  it('the form offers the version in force; a sign-up that ticks it needs no reacceptance on its first visit', async () => {
    const form = await (await fetch(server.url('/signup?forward_url=%2F'))).text();
    expect(form).toContain(`name="accept_terms" type="checkbox" value="${LICENCE}"`);
    const response = await postForm(server.url(''), '/signup', {
      username: 'first.visit',
      display_name: 'First Visit',
      password: 'long enough',
      forward_url: '/',
      accept_terms: LICENCE,
    });
    expect(response.status).toBe(303);
    const cookie = sessionCookieOf(response.headers.getSetCookie());
    expect(await reacceptance(cookie)).toMatchObject({ license: LICENCE, acceptedLicense: LICENCE, reacceptanceRequired: false });
  });

  it('a later licence asks the new listener again, as it asks everyone', async () => {
    const response = await postForm(server.url(''), '/signup', {
      username: 'later.licence',
      display_name: 'Later',
      password: 'long enough',
      forward_url: '/',
      accept_terms: LICENCE,
    });
    const cookie = sessionCookieOf(response.headers.getSetCookie());
    const dataDir = server.dataDir;
    await server.stop({ keepData: true });
    // The same data over a server with a new TERMS_LICENCE.
    server = await startTestServer(dataDir, { databaseUrl, termsLicence: '2027-09' });
    expect(await reacceptance(cookie)).toMatchObject({ license: '2027-09', acceptedLicense: LICENCE, reacceptanceRequired: true });
  });
});
