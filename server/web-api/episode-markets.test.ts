import { demoCatalogue } from '../testing/demo-catalogue';
import { DIALECTS, useDialect } from '../testing/dialects';
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';

/*
 * spec 000 §5 "an episode not sold in the visitor's market is unavailable", spec 001 §3 available_markets /
 * is_playable: every Web API route that answers an episode gives an unsold one is_playable false, a market
 * restriction and no audio_preview_url, judged by the request's market (from_token: the token's country) or
 * else the token's country; the media route refuses the preview of an episode not sold in the market the URL
 * names (else the provider's, SE in the tests). The provider's country here is SE; the episode is sold in NO.
 */

const { shows, episodes } = demoCatalogue();
const show = shows[0]!;
const unsold = episodes.find((e) => e.showId === show.id && !e.availableMarkets.includes('SE') && e.availableMarkets.includes('NO'))!;
const sold = episodes.find((e) => e.showId === show.id && e.availableMarkets.includes('SE'))!;

/** A plain GET's status, its body read so that no connection is left open. */
const statusOf = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return response.status;
};

describe.each(DIALECTS)('episodes not sold in the market on the Web API and the media route (spec 000 §5) on %s', (dialect) => {
  const database = useDialect(dialect);
  let t: PlaybackTestServer;
  const listeners: Record<'SE' | 'NO', string> = {} as never;
  let anonymous: string;

  beforeAll(async () => {
    t = await startPlaybackTestServer({ databaseUrl: await database.databaseUrl() });
    for (const country of ['SE', 'NO'] as const) {
      const token = await t.newUser('premium');
      await t.rows('UPDATE accounts SET country = ? WHERE id = (SELECT account_id FROM access_tokens WHERE token = ?)', country, token);
      listeners[country] = token;
    }
    anonymous = await t.token(null);
  }, 60_000);
  afterAll(() => t.stop(), 30_000);

  /** The unsold episode as each route answers it, for one token and query. */
  const answersOf = async (token: string | undefined, query: string) => {
    const get = async (path: string) => {
      const answer = await t.request('GET', `/v1${path}${path.includes('?') ? '&' : '?'}${query}`, { token });
      expect(answer.status).toBe(200);
      return answer.json();
    };
    const inPage = (page: { items: { id: string }[] }) => page.items.find((e) => e.id === unsold.id)!;
    return [
      await get(`/episodes/${unsold.id}`),
      (await get(`/episodes?ids=${unsold.id},${sold.id}`)).episodes[0],
      inPage(await get(`/shows/${show.id}/episodes?limit=50`)),
      inPage((await get(`/shows/${show.id}`)).episodes),
    ];
  };
  const unplayable = (e: any) => [e.is_playable, e.restrictions?.reason, e.audio_preview_url];

  it('a listener in SE (by from_token, or no market): the unsold episode is not playable and has no preview, on every episode route', async () => {
    for (const query of ['market=from_token', '']) {
      for (const e of await answersOf(listeners.SE, query)) expect(unplayable(e)).toEqual([false, 'market', null]);
    }
  });

  it('a listener in NO (where it is sold): playable, with a preview naming NO that the media route serves', async () => {
    const answers = await answersOf(listeners.NO, 'market=from_token');
    for (const e of answers) expect([e.is_playable, e.restrictions]).toEqual([true, undefined]);
    const url = new URL(answers[0].audio_preview_url as string);
    expect(url.searchParams.get('market')).toBe('NO');
    expect(await statusOf(t.server.url(`${url.pathname}${url.search}`))).toBe(200);
  });

  it('an anonymous token: judged by the market asked (SE: no preview; NO: a preview), else by the token country (SE)', async () => {
    for (const e of await answersOf(anonymous, 'market=SE')) expect(unplayable(e)).toEqual([false, 'market', null]);
    for (const e of await answersOf(anonymous, '')) expect(unplayable(e)).toEqual([false, 'market', null]);
    for (const e of await answersOf(anonymous, 'market=NO')) expect([e.is_playable, typeof e.audio_preview_url]).toEqual([true, 'string']);
  });

  it('no token: 401, no episode', async () => {
    const answer = await t.request('GET', `/v1/episodes/${unsold.id}?market=NO`);
    expect(answer.status).toBe(401);
    expect(answer.text).not.toContain(unsold.preview);
  });

  it("the media route refuses the unsold episode's preview in SE (named, or the provider's country) with a JSON 403, and serves a sold one", async () => {
    for (const query of ['?market=SE', '']) {
      const refused = await fetch(t.server.url(`/media/${unsold.preview}${query}`));
      expect(refused.status).toBe(403);
      expect(refused.headers.get('cache-control')).toBe('no-store');
      expect((await refused.json()).error).toEqual({ status: 403, message: expect.stringMatching(/Restriction violated/) });
    }
    expect(await statusOf(t.server.url(`/media/${unsold.preview}?market=NO`), { headers: { range: 'bytes=0-99' } })).toBe(206);
    const soldPreview = (await t.request('GET', `/v1/episodes/${sold.id}?market=from_token`, { token: listeners.SE })).json().audio_preview_url as string;
    expect(await statusOf(soldPreview.replace(/^https?:\/\/[^/]+/, t.server.url('')))).toBe(200);
    expect(await statusOf(t.server.url(`/media/${sold.preview}`))).toBe(200);
  });
});
