// Issue 17, spec 001 §7 Seed-to-playlist (/inspiredby-mix/v2) on both databases: the similar
// episodes of an episode from the catalogue, who may ask (any token, none 401), and the refusals
// of a seed that is not an episode (the engine's 'Failed to request similar episodes').
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { DIALECTS, useDialect } from '../testing/dialects';
import { SIMILAR_EPISODES_LIMIT } from './seed-to-playlist';

jest.setTimeout(120_000);

describe.each(DIALECTS)('seed to playlist on %s', (dialect) => {
  const stores = useDialect(dialect);
  let t: PlaybackTestServer;
  let demo: string;
  let anonymous: string;
  let seedShow: { id: string; publisher: string };
  let showEpisodes: Array<{ id: string; release_date: string; available_markets: string }>;
  let seed: string;

  const get = async (path: string, token: string | null) => {
    const response = await fetch(t.server.url(path), { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
  };
  const similar = (uri: string, token: string | null) => get(`/inspiredby-mix/v2/seed_to_playlist/${encodeURIComponent(uri)}?response-format=json`, token);

  beforeAll(async () => {
    const url = await stores.databaseUrl();
    t = await startPlaybackTestServer(url === undefined ? {} : { databaseUrl: url });
    demo = await t.token('demo');
    anonymous = await t.token(null);
    seedShow = await t.db.selectFrom('shows').select(['id', 'publisher']).orderBy('id').executeTakeFirstOrThrow();
    showEpisodes = await t.db
      .selectFrom('episodes')
      .select(['id', 'release_date', 'available_markets'])
      .where('show_id', '=', seedShow.id)
      .orderBy('release_date')
      .execute();
    seed = showEpisodes[0]!.id;
    // Three more shows: one sharing a genre with the seed's show, one of its publisher, one unrelated.
    const genre = (
      await t.db.selectFrom('item_genres').select('genre_id').where('item_type', '=', 'show').where('item_id', '=', seedShow.id).executeTakeFirstOrThrow()
    ).genre_id;
    const markets = JSON.stringify(['SE', 'NO']);
    const shows = [
      { id: 'SimShowGenre0000000000', name: 'Same genre', publisher: 'Elsewhere', dominant_color: '#000000', available_markets: markets },
      { id: 'SimShowPublisher000000', name: 'Same publisher', publisher: seedShow.publisher, dominant_color: '#000000', available_markets: markets },
      { id: 'SimShowUnrelated000000', name: 'Unrelated', publisher: 'Nobody', dominant_color: '#000000', available_markets: markets },
    ];
    await t.db.insertInto('shows').values(shows).execute();
    await t.db.insertInto('item_genres').values({ item_type: 'show', item_id: 'SimShowGenre0000000000', genre_id: genre, position: 0 }).execute();
    await t.db
      .insertInto('episodes')
      .values(
        shows.map((s, i) => ({
          id: `SimEpisode${i}000000000000`.slice(0, 22),
          name: `Episode of ${s.name}`,
          show_id: s.id,
          release_date: '2020-01-01',
          duration_ms: 60_000,
          preview_file: null,
          dominant_color: '#000000',
          available_markets: markets,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('who may call: no token 401; any token (anonymous too) reads it, as the public catalogue', async () => {
    const none = await similar(`spotify:episode:${seed}`, null);
    expect([none.status, none.body.error.message]).toEqual([401, 'No token provided']);
    expect((await similar(`spotify:episode:${seed}`, anonymous)).status).toBe(200);
    expect((await similar(`spotify:episode:${seed}`, demo)).status).toBe(200);
  });

  it("similar episodes of a seed: the rest of its show newest first, then a show sharing its genres, then its publisher's; never the seed, nothing unrelated, nothing unsold in the caller's market", async () => {
    const { status, body } = await similar(`spotify:episode:${seed}`, demo);
    expect(status).toBe(200);
    const unsold = showEpisodes.filter((e) => !(JSON.parse(e.available_markets) as string[]).includes('SE')).map((e) => e.id);
    const siblings = showEpisodes
      .slice(1)
      .filter((e) => !unsold.includes(e.id))
      .sort((a, b) => b.release_date.localeCompare(a.release_date))
      .map((e) => `spotify:episode:${e.id}`);
    expect(body.seedUri).toBe(`spotify:episode:${seed}`);
    const listed: string[] = body.mediaItems.map((m: { uri: string }) => m.uri);
    // The rest of its show first, newest first.
    expect(listed.slice(0, siblings.length)).toEqual(siblings);
    // A show sharing a genre before a show of the same publisher only; an unrelated show and the seed never.
    const genreAt = listed.indexOf('spotify:episode:SimEpisode000000000000');
    const publisherAt = listed.indexOf('spotify:episode:SimEpisode100000000000');
    expect([genreAt >= siblings.length, publisherAt > genreAt]).toEqual([true, true]);
    expect(listed).not.toContain('spotify:episode:SimEpisode200000000000');
    expect(listed).not.toContain(`spotify:episode:${seed}`);
    for (const id of unsold) expect(listed).not.toContain(`spotify:episode:${id}`);
    expect(new Set(listed).size).toBe(listed.length);
    expect(body.episodes.map((e: { uri: string }) => e.uri)).toEqual(body.mediaItems.map((m: { uri: string }) => m.uri));
    expect(body.episodes[0]).toMatchObject({ type: 'episode', is_playable: true, show: { id: seedShow.id } });
    expect(body.mediaItems.length).toBeLessThanOrEqual(SIMILAR_EPISODES_LIMIT);
    // The episode SE does not sell is listed for a market that sells it.
    if (unsold.length > 0) {
      const inNorway = await get(`/inspiredby-mix/v2/seed_to_playlist/spotify:episode:${seed}?response-format=json&market=NO`, anonymous);
      expect(inNorway.body.mediaItems.map((m: { uri: string }) => m.uri)).toEqual(expect.arrayContaining(unsold.map((id) => `spotify:episode:${id}`)));
    }
  });

  it('refusals: a seed that is not an episode URI 400, an unknown episode 404, another format 400', async () => {
    const track = await similar('spotify:track:4uLU6hMCjMI75M1A2tKUQC', demo);
    expect([track.status, track.body.error.message]).toEqual([400, expect.stringContaining('uri')]);
    expect((await similar('spotify:episode:Unknown000000000000000', demo)).status).toBe(404);
    expect((await get(`/inspiredby-mix/v2/seed_to_playlist/spotify:episode:${seed}?response-format=xml`, demo)).status).toBe(400);
  });
});
