import { randomBytes } from 'node:crypto';
import { demoCatalogue } from '../testing/demo-catalogue';
import { DIALECTS, useDialect } from '../testing/dialects';
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { CLEARKEY_LICENCE_PATH, CONTENT_ID_PLACEHOLDER, LICENCE_URL_PATH } from './licence-url';

/*
 * spec 000 §5 "an episode not sold in the visitor's market is unavailable", spec 001 §3 available_markets:
 * the licence server gives no key for a file whose episode or track is not sold in the listener's market
 * (their token's), as storage resolve and the player command refuse it (server/playback/episode-markets.test.ts).
 */

const { shows, episodes, tracks } = demoCatalogue();
const show = shows[0]!;
const unsold = episodes.find((e) => e.showId === show.id && !e.availableMarkets.includes('SE') && e.availableMarkets.includes('NO'))!;
const sold = episodes.find((e) => e.showId === show.id && e.availableMarkets.includes('SE'))!;
const restrictedTrack = tracks.find((tr) => tr.availableMarkets.length > 0 && tr.availableMarkets.includes('SE') && !tr.availableMarkets.includes('FR'))!;
const urlQuery = 'keysystem=org.w3.clearkey&mediatype=audio&sdk_name=harmony&sdk_version=3.22.1';
const b64url = (b: Buffer) => b.toString('base64url');

describe.each(DIALECTS)('the licence server follows the listener market (spec 000 §5) on %s', (dialect) => {
  const database = useDialect(dialect);
  let t: PlaybackTestServer;
  const files = {
    unsold: { id: 'mkt-unsold', kid: randomBytes(16), key: randomBytes(16) },
    sold: { id: 'mkt-sold', kid: randomBytes(16), key: randomBytes(16) },
    track: { id: 'mkt-track', kid: randomBytes(16), key: randomBytes(16) },
  };
  const listeners: Record<'SE' | 'NO' | 'FR', string> = {} as never;

  beforeAll(async () => {
    t = await startPlaybackTestServer({ databaseUrl: await database.databaseUrl() });
    const row = (f: (typeof files)['sold'], owner: { episode_id: string } | { track_id: string }) => ({
      file_id: f.id,
      path: 'x.mp4',
      format: 'MP4_96',
      bitrate: 96000,
      key_id: f.kid.toString('hex'),
      key: f.key.toString('hex'),
      ...owner,
    });
    await t.db
      .insertInto('audio_files')
      .values([row(files.unsold, { episode_id: unsold.id }), row(files.sold, { episode_id: sold.id }), row(files.track, { track_id: restrictedTrack.id })])
      .execute();
    for (const country of ['SE', 'NO', 'FR'] as const) {
      const token = await t.newUser('premium');
      await t.rows('UPDATE accounts SET country = ? WHERE id = (SELECT account_id FROM access_tokens WHERE token = ?)', country, token);
      listeners[country] = token;
    }
  }, 60_000);
  afterAll(() => t.stop(), 30_000);

  /** The licence server path for a file, as the licence URL endpoint signs it for the token's account. */
  const licencePath = async (token: string, contentId: string) => {
    const { uri } = (await t.request('GET', `${LICENCE_URL_PATH}?${urlQuery}`, { token })).json() as { uri: string };
    const url = new URL(uri.replace(CONTENT_ID_PLACEHOLDER, encodeURIComponent(contentId)));
    return `${url.pathname}${url.search}`;
  };
  const ask = async (token: string, f: (typeof files)['sold']) =>
    t.request('POST', await licencePath(token, f.id), {
      token,
      raw: JSON.stringify({ kids: [b64url(f.kid)], type: 'temporary' }),
      contentType: 'application/octet-stream',
    });

  it('a listener in SE gets no key for the episode not sold in SE: 403 Restriction violated, in the JSON error shape', async () => {
    const answer = await ask(listeners.SE, files.unsold);
    expect(answer.status).toBe(403);
    expect(answer.json()).toEqual({ error: { status: 403, message: expect.stringMatching(/Restriction violated/) } });
    expect(answer.text).not.toContain(b64url(files.unsold.key));
  });

  it('a listener in NO (where it is sold) gets its key; a listener in SE gets the key of a sold episode', async () => {
    const no = await ask(listeners.NO, files.unsold);
    expect(no.status).toBe(200);
    expect(no.json().keys).toEqual([{ kty: 'oct', k: b64url(files.unsold.key), kid: b64url(files.unsold.kid) }]);
    const se = await ask(listeners.SE, files.sold);
    expect(se.status).toBe(200);
    expect(se.json().keys[0].k).toBe(b64url(files.sold.key));
  });

  it("a track's file follows its track_markets: refused in FR (not listed), given in SE", async () => {
    expect(restrictedTrack).toBeDefined();
    const fr = await ask(listeners.FR, files.track);
    expect(fr.status).toBe(403);
    expect(fr.json().error.message).toMatch(/Restriction violated/);
    expect((await ask(listeners.SE, files.track)).status).toBe(200);
  });

  it('an anonymous token is refused 403 and no token 401: neither gets a key', async () => {
    const anonymous = await t.token(null);
    const path = `${CLEARKEY_LICENCE_PATH}/${files.unsold.id}?expires=9999999999&sig=x`;
    const body = { raw: JSON.stringify({ kids: [b64url(files.unsold.kid)] }), contentType: 'application/octet-stream' };
    const anon = await t.request('POST', path, { token: anonymous, ...body });
    expect(anon.status).toBe(403);
    expect(anon.text).not.toContain(b64url(files.unsold.key));
    const none = await t.request('POST', path, body);
    expect(none.status).toBe(401);
    expect(none.text).not.toContain(b64url(files.unsold.key));
  });
});
