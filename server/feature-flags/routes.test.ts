import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { readConfig } from '../config';
import { flagOutcome, flagsQuery } from '../../core/engine/device/feature-flag';
import { FEATURE_FLAGS_PATH, MAX_TESTS, parseFeatureFlags } from './routes';

const SEND_ALL = 'send all state updates';
const path = (tests: string) => `${FEATURE_FLAGS_PATH}?tests=${tests}`;

describe('GET feature flags (spec 001 §7 User and flags, §3 Feature flag response) on the demo provider', () => {
  let t: PlaybackTestServer;
  beforeAll(async () => {
    t = await startPlaybackTestServer();
  });
  afterAll(() => t.stop());

  it("answers the cells asked for: the demo's 'send all state updates' is absent (value null), so the engine limits (spec 001 §4)", async () => {
    const answer = await t.request('GET', path(`${encodeURIComponent(SEND_ALL)},other`), { token: await t.token('demo') });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({
      flags: {
        [SEND_ALL]: { value: null, exists: false, featureName: SEND_ALL, fromAbba: false },
        other: { value: null, exists: false, featureName: 'other', fromAbba: false },
      },
    });
  });

  it('is authorised: 401 without a bearer token or with one it did not issue; an anonymous token is a valid one', async () => {
    const none = await t.request('GET', path('a'));
    expect(none.status).toBe(401);
    expect(none.json()).toEqual({ error: { status: 401, message: 'No token provided' } });
    expect((await t.request('GET', path('a'), { token: 'made-up' })).json()).toEqual({ error: { status: 401, message: 'Invalid access token' } });
    expect((await t.request('GET', path('a'), { token: await t.token(null) })).status).toBe(200);
  });

  it.each([
    ['no tests', FEATURE_FLAGS_PATH, 'tests must name the flags to resolve, comma-separated.'],
    ['empty tests', path(''), 'tests must name at least one flag.'],
    ['only commas', path(',,'), 'tests must name at least one flag.'],
    [`more than ${MAX_TESTS} names`, path(Array.from({ length: MAX_TESTS + 1 }, (_, i) => `f${i}`).join(',')), `tests may name at most ${MAX_TESTS} flags.`],
  ])('answers %s with 400 naming tests', async (_name, url, message) => {
    const answer = await t.request('GET', url, { token: await t.token('demo') });
    expect(answer.status).toBe(400);
    expect(answer.json()).toEqual({ error: { status: 400, message } });
  });
});

describe('feature flags set in the server options (a test turning the cell on)', () => {
  let t: PlaybackTestServer;
  beforeAll(async () => {
    t = await startPlaybackTestServer({ featureFlags: { [SEND_ALL]: true, variant: 'b' } });
  });
  afterAll(() => t.stop());

  it('answers a configured cell with its value, exists and fromAbba; the others stay absent', async () => {
    const answer = await t.request('GET', path(`${encodeURIComponent(SEND_ALL)},variant,missing`), { token: await t.token('free') });
    expect(answer.json()).toEqual({
      flags: {
        [SEND_ALL]: { value: true, exists: true, featureName: SEND_ALL, fromAbba: true },
        variant: { value: 'b', exists: true, featureName: 'variant', fromAbba: true },
        missing: { value: null, exists: false, featureName: 'missing', fromAbba: false },
      },
    });
  });

  it("the engine's request and decoding read the cell as on here, and as not on from the demo's defaults", async () => {
    const ask = async (server: PlaybackTestServer) => {
      const answer = await server.request('GET', `${FEATURE_FLAGS_PATH}?${flagsQuery([SEND_ALL])}`, { token: await server.token('demo') });
      return flagOutcome(SEND_ALL, { status: answer.status, body: answer.text });
    };
    expect(await ask(t)).toEqual({ on: true, err: null });
    const demo = await startPlaybackTestServer();
    try {
      expect(await ask(demo)).toEqual({ on: false, err: null });
    } finally {
      await demo.stop();
    }
  });
});

describe('FEATURE_FLAGS (server/config.ts)', () => {
  it('is a JSON object of flag name to value; unset or empty is the demo (no cells)', () => {
    expect(readConfig({ FEATURE_FLAGS: '{"send all state updates":true}' }).featureFlags).toEqual({ [SEND_ALL]: true });
    expect(readConfig({}).featureFlags).toEqual({});
    expect(parseFeatureFlags('  ')).toEqual({});
  });

  it.each([
    ['not JSON', 'on', 'FEATURE_FLAGS must be a JSON object of flag name to value, got on'],
    [
      'an array',
      '[true]',
      'FEATURE_FLAGS must be a JSON object of flag name to value (true, false, a string or a number): (root): expected { [K in string]: (boolean | string | number) }, got [true]',
    ],
    [
      'a null value',
      '{"a":null}',
      'FEATURE_FLAGS must be a JSON object of flag name to value (true, false, a string or a number): a: expected boolean, got null',
    ],
  ])('refuses %s with a clear error', (_name, text, message) => {
    expect(() => parseFeatureFlags(text)).toThrow(message);
  });
});
