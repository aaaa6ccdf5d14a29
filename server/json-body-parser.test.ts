import { startTestServer, type TestServer } from './test-server';
import { userToken } from './web-api/api-test-client';
import { JSON_MAX_DEPTH, jsonNestsDeeperThan, parseJsonText, tooDeepMessage } from './json-body-parser';

/*
 * Issue 12 Bad input: deeply nested or otherwise pathological JSON gets a 400 with a readable reason
 * on every kind of endpoint, never a 500 (before: the decode-error formatter's JSON.stringify, and
 * the routes that store a body as JSON, ran out of stack on 100000-deep values and answered 500).
 */

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

let server: TestServer;
let token: string;
let userId: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await userToken(server);
  const me = await fetch(server.url('/v1/me'), { headers: { authorization: `Bearer ${token}` } });
  userId = ((await me.json()) as { id: string }).id;
});
afterAll(() => server.stop());

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan(deepArray(3), 3)).toBe(false);
    expect(jsonNestsDeeperThan(deepArray(4), 3)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, 3)).toBe(false);
    expect(jsonNestsDeeperThan(deepObject(JSON_MAX_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(deepObject(JSON_MAX_DEPTH + 1))).toBe(true);
  });

  it('parses text within the limit and names the reason otherwise', () => {
    expect(parseJsonText('[[1]]')).toEqual({ ok: true, value: [[1]] });
    expect(parseJsonText(deepArray(100_000))).toEqual({ ok: false, reason: tooDeepMessage() });
    expect(parseJsonText('{')).toEqual({ ok: false, reason: 'The body is not valid JSON.' });
  });
});

describe('deep JSON gets 400 with a readable reason on every kind of endpoint (issue 12)', () => {
  const endpoints = (): Array<[string, string, string, boolean]> => [
    // [method, path, content type, sends the token]
    ['POST', '/log/analytics', 'application/json', false],
    ['POST', '/log/analytics', 'text/plain', false],
    ['POST', '/log/actions', 'application/json', false],
    ['POST', `/v1/users/${userId}/playlists`, 'application/json', true],
    ['PUT', '/v1/me/tracks', 'application/json', true],
    ['POST', '/track-playback/v1/devices', 'application/json', true],
    ['POST', '/v1/logging/jssdk_error', 'application/json', true],
    ['POST', '/v1/metric', 'application/json', false],
  ];

  it.each([
    ['100000-deep arrays', deepArray(100_000)],
    ['100000-deep objects', deepObject(100_000)],
    ['a deep value under a good key', `{"name":${deepArray(100_000)},"category":${deepObject(50_000)}}`],
  ])('%s', async (_name, body) => {
    for (const [method, path, type, withToken] of endpoints()) {
      const headers: Record<string, string> = { 'content-type': type };
      if (withToken) headers.authorization = `Bearer ${token}`;
      const answer = await fetch(server.url(path), { method, headers, body });
      const text = await answer.text();
      expect([method, path, type, answer.status]).toEqual([method, path, type, 400]);
      expect(text).toMatch(/nested deeper than 64 levels|not valid JSON|Invalid|expected/);
    }
  });

  it('/log/errors too (its bodies are small: 2000 levels fit)', async () => {
    for (const body of [deepArray(2000), deepObject(1000)]) {
      const answer = await fetch(server.url('/log/errors'), { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
      expect(answer.status).toBe(400);
      expect(await answer.text()).toMatch(/nested deeper than 64 levels/);
    }
  });

  it('keeps answering a body nested within the limit as before (the codec names the field)', async () => {
    const answer = await fetch(server.url('/log/analytics'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deepArray(JSON_MAX_DEPTH),
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/Invalid analytics event/);
  });
});
