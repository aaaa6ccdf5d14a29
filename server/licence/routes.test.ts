import { randomBytes } from 'node:crypto';
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { CLEARKEY_LICENCE_PATH, LICENCE_URL_LIFETIME_S, LICENCE_URL_PATH } from './licence-url';
import { APPLICATION_CERTIFICATE_PATH, SERVER_TIME_PATH } from './routes';

let t: PlaybackTestServer;
const keyId = randomBytes(16);
const key = randomBytes(16);
const b64url = (b: Buffer) => b.toString('base64url');
const urlQuery = 'keysystem=org.w3.clearkey&mediatype=audio&sdk_name=harmony&sdk_version=3.22.1';

beforeAll(async () => {
  t = await startPlaybackTestServer();
  t.db.prepare("INSERT INTO audio_files (file_id, path, format, bitrate, key_id, key) VALUES ('lic1', 'x.mp4', 'MP4_96', 96000, ?, ?)").run(keyId.toString('hex'), key.toString('hex'));
});
afterAll(async () => {
  await t.stop();
});

/** The licence uri the URL endpoint gives, as a path on the test server. */
async function licencePath(token: string): Promise<string> {
  const answer = await t.request('GET', `${LICENCE_URL_PATH}?${urlQuery}`, { token });
  const { uri } = answer.json() as { uri: string };
  const url = new URL(uri);
  return `${url.pathname}${url.search}`;
}

describe('licence URL (spec 001 §7 Media: keysystem, mediatype, sdk_name, sdk_version → uri, expires)', () => {
  it('answers an absolute ClearKey licence uri and expires in unix seconds, one hour ahead', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answer = await t.request('GET', `${LICENCE_URL_PATH}?${urlQuery}`, { token: t.token('demo') });
    expect(answer.status).toBe(200);
    const { uri, expires } = answer.json();
    expect(uri).toBe(t.server.url(`${CLEARKEY_LICENCE_PATH}?expires=${expires}`));
    expect(expires - before).toBeGreaterThanOrEqual(LICENCE_URL_LIFETIME_S);
    expect(expires - before).toBeLessThanOrEqual(LICENCE_URL_LIFETIME_S + 2);
  });

  it('answers 400 naming the parameter for a missing one or a key system other than ClearKey; 401 without a token', async () => {
    const token = t.token('demo');
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
    const token = t.token('demo');
    const request = JSON.stringify({ kids: [b64url(keyId)], type: 'temporary' });
    const answer = await t.request('POST', await licencePath(token), { token, raw: request, contentType: 'application/octet-stream' });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ keys: [{ kty: 'oct', k: b64url(key), kid: b64url(keyId) }], type: 'temporary' });
    // The same request sent as JSON works too.
    expect((await t.request('POST', await licencePath(token), { token, raw: request, contentType: 'application/json' })).status).toBe(200);
  });

  it('answers 403 for an unknown key id, 400 for a malformed request or an empty kids list', async () => {
    const token = t.token('demo');
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
    const path = await licencePath(t.token('demo'));
    const free = await t.request('POST', path, { token: t.token('free'), raw: request, contentType: 'application/octet-stream' });
    expect(free.status).toBe(403);
    expect(free.text).toContain('PREMIUM_REQUIRED');
    expect((await t.request('POST', path, { raw: request, contentType: 'application/octet-stream' })).status).toBe(401);
    const expired = `${CLEARKEY_LICENCE_PATH}?expires=${Math.floor(Date.now() / 1000) - 1}`;
    expect((await t.request('POST', expired, { token: t.token('demo'), raw: request, contentType: 'application/octet-stream' })).status).toBe(403);
  });
});

describe('application certificate and server time (spec 001 §7 Media)', () => {
  it('answers 204 with no body for the application certificate (ClearKey has none), 401 without a token', async () => {
    const answer = await t.request('GET', APPLICATION_CERTIFICATE_PATH, { token: t.token('demo') });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect((await t.request('GET', APPLICATION_CERTIFICATE_PATH)).status).toBe(401);
  });

  it('answers the server time as { timestamp } in unix seconds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { timestamp } = (await t.request('GET', SERVER_TIME_PATH)).json();
    expect(Number.isInteger(timestamp)).toBe(true);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });
});
