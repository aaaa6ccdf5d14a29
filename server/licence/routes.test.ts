import { randomBytes } from 'node:crypto';
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { CLEARKEY_LICENCE_PATH, CONTENT_ID_PLACEHOLDER, LICENCE_URL_LIFETIME_S, LICENCE_URL_PATH } from './licence-url';
import { APPLICATION_CERTIFICATE_PATH, SERVER_TIME_PATH } from './routes';
import { licenceUrlSigner, serverSecret } from './licence-signature';
import { startTestServer } from '../test-server';

let t: PlaybackTestServer;
const keyId = randomBytes(16);
const key = randomBytes(16);
const b64url = (b: Buffer) => b.toString('base64url');
const urlQuery = 'keysystem=org.w3.clearkey&mediatype=audio&sdk_name=harmony&sdk_version=3.22.1';

beforeAll(async () => {
  t = await startPlaybackTestServer();
  await t.db
    .insertInto('audio_files')
    .values({ file_id: 'lic1', path: 'x.mp4', format: 'MP4_96', bitrate: 96000, key_id: keyId.toString('hex'), key: key.toString('hex') })
    .execute();
});
afterAll(async () => {
  await t.stop();
});

/** The licence uri the URL endpoint gives, with the content id substituted (spec 001 §7 Media), as a path on the test server. */
async function licencePath(token: string, contentId = 'lic1'): Promise<string> {
  const answer = await t.request('GET', `${LICENCE_URL_PATH}?${urlQuery}`, { token });
  const { uri } = answer.json() as { uri: string };
  const url = new URL(uri.replace(CONTENT_ID_PLACEHOLDER, encodeURIComponent(contentId)));
  return `${url.pathname}${url.search}`;
}
/** The licence server path of the test's file. */
const LIC1_PATH = `${CLEARKEY_LICENCE_PATH}/lic1`;

describe('licence URL (spec 001 §7 Media: keysystem, mediatype, sdk_name, sdk_version → uri, expires)', () => {
  it('answers an absolute ClearKey licence uri and expires in unix seconds, one hour ahead', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answer = await t.request('GET', `${LICENCE_URL_PATH}?${urlQuery}`, { token: await t.token('demo') });
    expect(answer.status).toBe(200);
    const { uri, expires } = answer.json();
    expect(uri).toMatch(
      new RegExp(`^${t.server.url(`${CLEARKEY_LICENCE_PATH}/{contentId}?expires=${expires}&sig=`).replace(/[.?{}]/g, '\\$&')}[A-Za-z0-9_-]{43}$`),
    );
    expect(expires - before).toBeGreaterThanOrEqual(LICENCE_URL_LIFETIME_S);
    expect(expires - before).toBeLessThanOrEqual(LICENCE_URL_LIFETIME_S + 2);
  });

  it('answers 400 naming the parameter for a missing one or a key system other than ClearKey; 401 without a token', async () => {
    const token = await t.token('demo');
    const missing = await t.request('GET', `${LICENCE_URL_PATH}?keysystem=org.w3.clearkey&mediatype=audio&sdk_name=x`, { token });
    expect(missing.status).toBe(400);
    expect(missing.json().error.message).toContain('sdk_version');
    const widevine = await t.request('GET', `${LICENCE_URL_PATH}?${urlQuery.replace('org.w3.clearkey', 'com.widevine.alpha')}`, { token });
    expect(widevine.status).toBe(400);
    expect(widevine.json().error.message).toContain('keysystem');
    expect((await t.request('GET', `${LICENCE_URL_PATH}?${urlQuery}`)).status).toBe(401);
  });
});

describe('ClearKey licence server (W3C EME ClearKey; spec 001 §7 Media: no retry on 400, 402, 403)', () => {
  it('answers the key of audio_files for the requested key id, to a premium token', async () => {
    const token = await t.token('demo');
    const request = JSON.stringify({ kids: [b64url(keyId)], type: 'temporary' });
    const answer = await t.request('POST', await licencePath(token), { token, raw: request, contentType: 'application/octet-stream' });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ keys: [{ kty: 'oct', k: b64url(key), kid: b64url(keyId) }], type: 'temporary' });
    // The same request sent as JSON works too.
    expect((await t.request('POST', await licencePath(token), { token, raw: request, contentType: 'application/json' })).status).toBe(200);
  });

  it('answers 403 for an unknown key id, 400 for a malformed request or an empty kids list', async () => {
    const token = await t.token('demo');
    const path = await licencePath(token);
    const unknown = await t.request('POST', path, { token, raw: JSON.stringify({ kids: [b64url(randomBytes(16))] }), contentType: 'application/octet-stream' });
    expect(unknown.status).toBe(403);
    for (const raw of ['not json', '{"type":"temporary"}', '{"kids":[]}']) {
      expect((await t.request('POST', path, { token, raw, contentType: 'application/octet-stream' })).status).toBe(400);
    }
    expect((await t.request('POST', path, { token })).status).toBe(400);
  });

  it('answers 403 PREMIUM_REQUIRED to a free user, 401 without a token, 403 for an expired URL', async () => {
    const request = JSON.stringify({ kids: [b64url(keyId)] });
    const path = await licencePath(await t.token('demo'));
    const free = await t.request('POST', path, { token: await t.token('free'), raw: request, contentType: 'application/octet-stream' });
    expect(free.status).toBe(403);
    expect(free.text).toContain('PREMIUM_REQUIRED');
    expect((await t.request('POST', path, { raw: request, contentType: 'application/octet-stream' })).status).toBe(401);
    const expired = `${LIC1_PATH}?expires=${Math.floor(Date.now() / 1000) - 1}`;
    expect((await t.request('POST', expired, { token: await t.token('demo'), raw: request, contentType: 'application/octet-stream' })).status).toBe(403);
  });
});

describe('content id (spec 001 §7 Media: "POST to licence server URL with content id substituted")', () => {
  const request = JSON.stringify({ kids: [b64url(keyId)] });
  const post = async (path: string) => t.request('POST', path, { token: await t.token('demo'), raw: request, contentType: 'application/octet-stream' });

  it('the licence URL names the content by a placeholder; the file named gives its key', async () => {
    const { uri } = (await t.request('GET', `${LICENCE_URL_PATH}?${urlQuery}`, { token: await t.token('demo') })).json() as { uri: string };
    expect(uri).toContain(`${CLEARKEY_LICENCE_PATH}/${CONTENT_ID_PLACEHOLDER}?`);
    expect((await post(await licencePath(await t.token('demo'), 'lic1'))).status).toBe(200);
  });

  it("another file's content id, or none, gives no key: 403, 404", async () => {
    await t.db
      .insertInto('audio_files')
      .values({
        file_id: 'lic2',
        path: 'y.mp4',
        format: 'MP4_96',
        bitrate: 96000,
        key_id: randomBytes(16).toString('hex'),
        key: randomBytes(16).toString('hex'),
      })
      .onConflict((oc) => oc.column('file_id').doNothing())
      .execute();
    const other = await post(await licencePath(await t.token('demo'), 'lic2'));
    expect(other.status).toBe(403);
    expect(other.json().error.message).toContain('for content lic2');
    expect((await post(await licencePath(await t.token('demo'), 'nothing-here'))).status).toBe(403);
    const { search } = new URL(await licencePath(await t.token('demo')), 'http://x');
    expect((await post(`${CLEARKEY_LICENCE_PATH}${search}`)).status).toBe(404);
  });
});

describe('the licence URL cannot be forged (issue 12): expiry signed for the account, 403 otherwise', () => {
  const request = JSON.stringify({ kids: [b64url(keyId)] });
  const post = (path: string, token: string) => t.request('POST', path, { token, raw: request, contentType: 'application/octet-stream' });
  const parts = (path: string) => {
    const url = new URL(path, 'http://x');
    return { expires: Number(url.searchParams.get('expires')), sig: url.searchParams.get('sig') ?? '' };
  };
  const withQuery = (expires: string | number, sig: string) => `${LIC1_PATH}?expires=${expires}&sig=${sig}`;

  it('the URL as given gives the licence', async () => {
    const token = await t.token('demo');
    expect((await post(await licencePath(token), token)).status).toBe(200);
  });

  it('a changed expiry (later, or the same number written otherwise) is 403', async () => {
    const token = await t.token('demo');
    const { expires, sig } = parts(await licencePath(token));
    for (const changed of [expires + 1, expires + 86400, `0${expires}`, `${expires}.0`, `${expires}e0`]) {
      const answer = await post(withQuery(changed, sig), token);
      expect(answer.status).toBe(403);
    }
  });

  it('a changed, missing or malformed signature is 403', async () => {
    const token = await t.token('demo');
    const { expires, sig } = parts(await licencePath(token));
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    for (const path of [
      withQuery(expires, flipped),
      withQuery(expires, sig.slice(0, -1)),
      withQuery(expires, `${sig}A`),
      `${LIC1_PATH}?expires=${expires}`,
      withQuery(expires, ''),
    ]) {
      expect((await post(path, token)).status).toBe(403);
    }
  });

  it("another premium user's URL is 403 for this user (bound to the account it was issued to)", async () => {
    const mine = await t.newUser('premium');
    const theirs = await t.token('demo');
    const theirPath = await licencePath(theirs);
    expect((await post(theirPath, theirs)).status).toBe(200);
    const answer = await post(theirPath, mine);
    expect(answer.status).toBe(403);
    expect((await post(await licencePath(mine), mine)).status).toBe(200);
  });

  it('a correctly signed URL whose expiry has passed is 403', async () => {
    const past = Math.floor(Date.now() / 1000) - 1;
    // Signed with the server's own secret (the same database), so only the expiry is wrong.
    const secret = await serverSecret(t.server.app.database.kysely, 'licence-url-hmac');
    const sig = licenceUrlSigner(secret).sign(await t.accountId('demo'), past);
    const answer = await post(withQuery(past, sig), await t.token('demo'));
    expect(answer.status).toBe(403);
    expect(answer.json().error.message).toMatch(/expired/);
  });

  it('the signing secret is made once and kept in the database: another instance over it accepts the URL', async () => {
    const rows = await t.db.selectFrom('server_secrets').select('secret').where('name', '=', 'licence-url-hmac').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret.length).toBeGreaterThanOrEqual(32);
    expect((await serverSecret(t.server.app.database.kysely, 'licence-url-hmac')).equals(rows[0]!.secret)).toBe(true);
    const token = await t.token('demo');
    const path = await licencePath(token);
    const second = await startTestServer(t.server.dataDir);
    try {
      const answer = await fetch(second.url(path), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body: request,
      });
      expect(answer.status).toBe(200);
    } finally {
      await second.stop({ keepData: true });
    }
  });
});

describe('application certificate and server time (spec 001 §7 Media)', () => {
  it('answers 204 with no body for the application certificate (ClearKey has none), 401 without a token', async () => {
    const answer = await t.request('GET', APPLICATION_CERTIFICATE_PATH, { token: await t.token('demo') });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect((await t.request('GET', APPLICATION_CERTIFICATE_PATH)).status).toBe(401);
  });

  it('the application certificate is for logged-in users, free and premium alike; anonymous 403, a bad token 401 (spec 001 §7 Media: authorised)', async () => {
    expect((await t.request('GET', APPLICATION_CERTIFICATE_PATH, { token: await t.token('free') })).status).toBe(204);
    expect((await t.request('GET', APPLICATION_CERTIFICATE_PATH, { token: 'not-a-token' })).status).toBe(401);
    expect((await t.request('GET', APPLICATION_CERTIFICATE_PATH, { token: await t.token(null) })).status).toBe(403);
  });

  it('answers the server time as { timestamp } in unix seconds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { timestamp } = (await t.request('GET', SERVER_TIME_PATH)).json();
    expect(Number.isInteger(timestamp)).toBe(true);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });
});
