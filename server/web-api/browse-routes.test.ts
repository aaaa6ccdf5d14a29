// Issue 17, the browse and genre pages' provider data on both databases: the Web API's browse
// endpoints (categories = the catalogue's genres, a category's playlists, featured playlists, new
// releases) and the view of a genre (spec 001 §7 GET /views/{viewId}, §9 content_limit 12, limit 10,
// types album, playlist, artist, show), built from the demo catalogue's genres (migration 006); who may call.
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { DIALECTS, useDialect } from '../testing/dialects';
import { genreIdOf } from '../ingest/genres';

jest.setTimeout(120_000);

// The demo sources' genres (scripts/make-demo-sources.ts): Chill holds both artists and albums, the show and the playlist.
const CHILL = genreIdOf('Chill');
const FOLK = genreIdOf('Folk');
const INDIE = genreIdOf('Indie');
const TALK = genreIdOf('Music talk');

describe.each(DIALECTS)('browse endpoints on %s', (dialect) => {
  const stores = useDialect(dialect);
  let t: PlaybackTestServer;
  let demo: string;
  let stranger: string;
  let anonymous: string;
  let albums: Array<{ id: string; name: string; release_date: string }>;
  let artists: Array<{ id: string; name: string }>;
  let playlist: string;
  let show: string;

  const get = async (path: string, token: string | null, scheme = 'Bearer') => {
    const response = await fetch(t.server.url(path), { headers: token === null ? {} : { authorization: `${scheme} ${token}` } });
    const text = await response.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the test sees the text
    }
    return { status: response.status, body };
  };
  const ok = async (path: string, token: string | null) => {
    const answer = await get(path, token);
    expect([path, answer.status]).toEqual([path, 200]);
    return answer.body;
  };

  beforeAll(async () => {
    const url = await stores.databaseUrl();
    t = await startPlaybackTestServer(url === undefined ? {} : { databaseUrl: url });
    demo = await t.token('demo');
    stranger = await t.newUser();
    anonymous = await t.token(null);
    albums = await t.db.selectFrom('albums').select(['id', 'name', 'release_date']).orderBy('release_date', 'desc').execute();
    artists = await t.db.selectFrom('artists').select(['id', 'name']).orderBy('name').execute();
    playlist = (await t.db.selectFrom('playlists').select('id').executeTakeFirstOrThrow()).id;
    show = (await t.db.selectFrom('shows').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.stop();
  });

  const ROUTES = [
    '/v1/browse/categories',
    `/v1/browse/categories/${CHILL}`,
    `/v1/browse/categories/${CHILL}/playlists`,
    '/v1/browse/featured-playlists',
    '/v1/browse/new-releases',
    `/v1/views/${CHILL}?platform=web`,
  ];

  it('who may call: every browse route needs a bearer token (none 401, another scheme 400) and answers any, an anonymous visitor’s too', async () => {
    for (const path of ROUTES) {
      expect([path, (await get(path, null)).status]).toEqual([path, 401]);
      expect([path, (await get(path, demo, 'Basic')).status]).toEqual([path, 400]);
      expect([path, (await get(path, 'not-a-token')).status]).toEqual([path, 401]);
      for (const token of [anonymous, demo, stranger]) await ok(path, token);
    }
  });

  it('categories are the genres, those holding most items first (ties by name), each with the cover of its first album as icon', async () => {
    const body = await ok('/v1/browse/categories', anonymous);
    expect(body.categories.items.map((c: any) => [c.id, c.name])).toEqual([
      [CHILL, 'Chill'],
      [FOLK, 'Folk'],
      [INDIE, 'Indie'],
      [TALK, 'Music talk'],
    ]);
    expect(body.categories.total).toBe(4);
    const chill = body.categories.items[0];
    expect(chill.href).toBe(t.server.url(`/v1/browse/categories/${CHILL}`));
    // Nobody keeps anything yet: the newest album leads the genre, and its cover is the icon.
    const newest = await ok(`/v1/albums/${albums[0]!.id}`, anonymous);
    expect(chill.icons).toEqual(newest.images);
    expect(chill.icons.length).toBeGreaterThan(0);
    // Music talk holds only the show: its cover.
    const talkShow = await ok(`/v1/shows/${show}`, anonymous);
    expect(body.categories.items[3].icons).toEqual(talkShow.images);
    // Paging: limit and offset, next and previous.
    const second = await ok('/v1/browse/categories?limit=2&offset=2', demo);
    expect(second.categories.items.map((c: any) => c.id)).toEqual([INDIE, TALK]);
    expect(second.categories.next).toBeNull();
    expect(second.categories.previous).toContain('offset=0');
    expect((await ok(`/v1/browse/categories/${FOLK}`, anonymous)).name).toBe('Folk');
  });

  it('a category’s playlists are its public playlists; an unknown category 404, a bad id or limit 400', async () => {
    const chill = await ok(`/v1/browse/categories/${CHILL}/playlists`, anonymous);
    expect(chill.message).toBe('Chill');
    expect(chill.playlists.items.map((p: any) => p.id)).toEqual([playlist]);
    expect(chill.playlists.items[0].type).toBe('playlist');
    const folk = await ok(`/v1/browse/categories/${FOLK}/playlists`, anonymous);
    expect(folk.playlists).toMatchObject({ items: [], total: 0 });
    expect((await get('/v1/browse/categories/0000000000000000000000', anonymous)).status).toBe(404);
    expect((await get('/v1/browse/categories/0000000000000000000000/playlists', anonymous)).status).toBe(404);
    expect((await get('/v1/browse/categories/not%20an%20id/playlists', anonymous)).status).toBe(400);
    expect((await get('/v1/browse/categories?limit=0', anonymous)).status).toBe(400);
  });

  it('artists and albums carry their genres (the ingest metadata’s order)', async () => {
    const byName = Object.fromEntries(artists.map((a) => [a.name, a.id]));
    expect((await ok(`/v1/artists/${byName['Marlow Tide']}`, anonymous)).genres).toEqual(['Folk', 'Chill']);
    expect((await ok(`/v1/artists/${byName['The Quiet Orchards']}`, anonymous)).genres).toEqual(['Indie', 'Chill']);
    const harbour = albums.find((a) => a.name === 'Harbour Lights')!;
    expect((await ok(`/v1/albums/${harbour.id}`, anonymous)).genres).toEqual(['Folk', 'Chill']);
  });

  it('new releases are the albums newest first; featured playlists the public playlists most followed first', async () => {
    const releases = await ok('/v1/browse/new-releases?country=SE&limit=1', anonymous);
    expect(releases.albums.items.map((a: any) => a.id)).toEqual([albums[0]!.id]);
    expect(releases.albums.total).toBe(albums.length);
    expect(releases.albums.next).toContain('offset=1');
    // A listener's public playlist with no follower but its maker comes after the catalogue one demo follows.
    const made = await t.request('POST', `/v1/users/${await t.accountId('demo')}/playlists`, { token: demo, body: { name: 'Mine', public: true } });
    expect(made.status).toBe(201);
    const hidden = await t.request('POST', `/v1/users/${await t.accountId('demo')}/playlists`, { token: demo, body: { name: 'Secret', public: false } });
    for (const token of [demo, stranger]) expect((await t.request('PUT', `/v1/playlists/${playlist}/followers`, { token, body: {} })).status).toBe(200);
    const featured = await ok('/v1/browse/featured-playlists', anonymous);
    expect(featured.message).toBe('Featured');
    const ids = featured.playlists.items.map((p: any) => p.id);
    expect(ids[0]).toBe(playlist);
    expect(ids).toContain(made.json().id);
    expect(ids).not.toContain(hidden.json().id);
  });

  it('a genre is a view (spec 001 §7 /views/{viewId}, §9 content_limit 12, limit 10, types album, playlist, artist, show) of its items by type', async () => {
    const view = await ok(`/v1/views/${CHILL}?platform=web`, anonymous);
    expect(view).toMatchObject({ id: CHILL, name: 'Chill', type: 'view' });
    const sections = Object.fromEntries(view.content.items.map((s: any) => [s.id, s.content.items.map((x: any) => x.id)]));
    expect(Object.keys(sections)).toEqual([`${CHILL}-albums`, `${CHILL}-playlists`, `${CHILL}-artists`, `${CHILL}-shows`]);
    expect(view.content.limit).toBe(10);
    expect(view.content.items[0].content.limit).toBe(12);
    expect(sections[`${CHILL}-albums`]).toEqual(expect.arrayContaining(albums.map((a) => a.id)));
    expect(sections[`${CHILL}-playlists`]).toEqual([playlist]);
    expect(sections[`${CHILL}-shows`]).toEqual([show]);
    const folk = await ok(`/v1/views/${FOLK}?platform=web&types=artist,show`, demo);
    const folkSections = Object.fromEntries(folk.content.items.map((s: any) => [s.id, s.content.items.map((x: any) => x.name)]));
    expect(folkSections).toEqual({ [`${FOLK}-artists`]: ['Marlow Tide'], [`${FOLK}-shows`]: [] });
    expect((await get('/v1/views/0000000000000000000000?platform=web', demo)).status).toBe(404);
  });
});
