import { DIALECTS, useDialect } from '../testing/dialects';
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { CLEARKEY_LICENCE_PATH, CONTENT_ID_PLACEHOLDER, LICENCE_URL_PATH } from './licence-url';

/*
 * spec 001 §7 Media: GET license url with keysystem, mediatype, sdk_name, sdk_version; §3 Audio track
 * mediaType is audio or video. The engine asks with the track's type (issue 18); the provider reads
 * it and refuses any other value with 400. This provider has one ClearKey licence server for both
 * types (the spec names one endpoint per key system, not per type), so both answers name it.
 */

const query = (mediatype: string | null) =>
  ['keysystem=org.w3.clearkey', ...(mediatype === null ? [] : [`mediatype=${mediatype}`]), 'sdk_name=harmony', 'sdk_version=3.22.1'].join('&');

describe.each(DIALECTS)('the licence URL reads mediatype (spec 001 §7 Media) on %s', (dialect) => {
  const database = useDialect(dialect);
  let t: PlaybackTestServer;
  let token: string;

  beforeAll(async () => {
    t = await startPlaybackTestServer({ databaseUrl: await database.databaseUrl() });
    token = await t.token('demo');
  }, 60_000);
  afterAll(() => t.stop(), 30_000);

  it.each(['audio', 'video'])('mediatype=%s: 200, a ClearKey licence uri with the content id placeholder and its expiry', async (mediatype) => {
    const answer = await t.request('GET', `${LICENCE_URL_PATH}?${query(mediatype)}`, { token });
    expect(answer.status).toBe(200);
    const { uri, expires } = answer.json() as { uri: string; expires: number };
    expect(new URL(uri).pathname).toBe(`${CLEARKEY_LICENCE_PATH}/${encodeURIComponent(CONTENT_ID_PLACEHOLDER)}`);
    expect(new URL(uri).searchParams.get('expires')).toBe(String(expires));
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['another type', 'subtitles'],
    ['another case', 'VIDEO'],
  ])('mediatype %s: 400 naming mediatype', async (_what, mediatype) => {
    const answer = await t.request('GET', `${LICENCE_URL_PATH}?${query(mediatype)}`, { token });
    expect(answer.status).toBe(400);
    expect((answer.json() as { error: { message: string } }).error.message).toContain('mediatype');
  });
});
