import { ALL_MARKETS } from '../catalogue/markets';
import { startTestServer, type TestServer } from '../test-server';
import { apiGet, bearerToken } from './api-test-client';
import { demoCatalogue } from '../testing/demo-catalogue';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer(undefined, { country: 'SE' });
  token = await bearerToken(server);
});
afterAll(() => server.stop());

const get = (path: string) => apiGet(server, path, token);
/** Test titles show long paths cut short. */
const short = (path: string) => (path.length > 70 ? `${path.slice(0, 60)}… (${path.length} chars)` : path);
const cat = demoCatalogue();
const album = cat.albums.find((a) => cat.tracks.filter((t) => t.albumId === a.id).length >= 2)!;
const albumTracks = cat.tracks.filter((t) => t.albumId === album.id).sort((a, b) => a.trackNumber - b.trackNumber);
const artist = cat.artists.find((a) => a.topTrackIds.length > 0)!;
const playlist = cat.playlists[0]!;
const show = cat.shows[0]!;
const showEpisodes = cat.episodes.filter((e) => e.showId === show.id);
const episode = showEpisodes[0]!;
const track = albumTracks[0]!;
/** A market where the show and its episodes are not available. */
const closedMarket = ALL_MARKETS.find((m) => !show.availableMarkets.includes(m) && showEpisodes.every((e) => !e.availableMarkets.includes(m)))!;
const openMarket = episode.availableMarkets[0] ?? show.availableMarkets[0]!;

describe('bearer tokens (spec 001 §6: requests carry a bearer access token)', () => {
  it.each(['/v1/albums/' + album.id, '/v1/search?q=a&type=track', '/v1/shows/' + show.id, '/v1/users/nobody'])(
    '%s without Authorization answers 401 with the Web API error object',
    async (path) => {
      const answer = await apiGet(server, path, null);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: { status: 401, message: 'No token provided' } });
      expect(answer.headers.get('content-type')).toContain('application/json');
    },
  );

  it('another scheme than Bearer answers 400 naming bearer authentication', async () => {
    const response = await fetch(server.url(`/v1/albums/${album.id}`), { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { status: 400, message: 'Only valid bearer authentication supported' } });
  });
});

describe('albums (spec 001 §7 GET /albums/{id}, /albums?ids, /albums/{id}/tracks)', () => {
  it('an album is the full album object with a tracks paging object', async () => {
    const { status, body } = await get(`/v1/albums/${album.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      type: 'album',
      id: album.id,
      uri: `spotify:album:${album.id}`,
      href: server.url(`/v1/albums/${album.id}`),
      name: album.name,
      album_type: 'album',
      release_date: album.releaseDate,
      release_date_precision: 'day',
      total_tracks: albumTracks.length,
      genres: album.genres,
      popularity: 0,
      artists: album.artistIds.map((id) => expect.objectContaining({ id, type: 'artist', href: server.url(`/v1/artists/${id}`) })),
    });
    expect(body.external_urls.spotify).toBe(server.url(`/album/${album.id}`));
    expect(body.images[0]).toEqual({ url: server.url(`/media/${album.images[0]!.file}`), width: album.images[0]!.width, height: album.images[0]!.height });
    expect(body.tracks.items.map((t: { id: string }) => t.id)).toEqual(albumTracks.map((t) => t.id));
    expect(body.tracks).toMatchObject({ total: albumTracks.length, offset: 0, limit: 50, next: null, previous: null });
    expect(body.available_markets).toContain('SE');
    // Without a market the public API states available_markets, not is_playable.
    expect(body).not.toHaveProperty('is_playable');
  });

  it('with a market, albums and their tracks say is_playable', async () => {
    const { body } = await get(`/v1/albums/${album.id}?market=SE`);
    expect(body.is_playable).toBe(true);
    expect(body.tracks.items.every((t: { is_playable: boolean }) => t.is_playable)).toBe(true);
    expect(body.tracks.href).toContain('market=SE');
  });

  it('several albums come in the order asked, an unknown id as null', async () => {
    const other = cat.albums.find((a) => a.id !== album.id)!;
    const { status, body } = await get(`/v1/albums?ids=${other.id},${album.id},0000000000000000000000`);
    expect(status).toBe(200);
    expect(body.albums.map((a: { id: string } | null) => a?.id ?? null)).toEqual([other.id, album.id, null]);
  });

  it('album tracks page with limit and offset; next and previous link the neighbouring pages', async () => {
    const first = await get(`/v1/albums/${album.id}/tracks?limit=1`);
    expect(first.body).toMatchObject({ limit: 1, offset: 0, total: albumTracks.length, previous: null });
    expect(first.body.items.map((t: { id: string }) => t.id)).toEqual([albumTracks[0]!.id]);
    expect(first.body.href).toBe(server.url(`/v1/albums/${album.id}/tracks?offset=0&limit=1`));
    const second = await apiGet(server, first.body.next, token);
    expect(second.body).toMatchObject({ limit: 1, offset: 1 });
    expect(second.body.items[0]).toMatchObject({ id: albumTracks[1]!.id, track_number: albumTracks[1]!.trackNumber, disc_number: 1 });
    expect(second.body.previous).toBe(first.body.href);
    const last = await get(`/v1/albums/${album.id}/tracks?limit=1&offset=${albumTracks.length - 1}`);
    expect(last.body.next).toBeNull();
    const beyond = await get(`/v1/albums/${album.id}/tracks?offset=${albumTracks.length + 5}`);
    expect(beyond.body).toMatchObject({ items: [], next: null, total: albumTracks.length });
  });
});

describe('tracks (spec 001 §7 GET /tracks/{id}, /tracks?ids, also market=from_token)', () => {
  it('a track is the full track object with its simplified album', async () => {
    const { status, body } = await get(`/v1/tracks/${track.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      type: 'track',
      id: track.id,
      name: track.name,
      duration_ms: track.durationMs,
      track_number: track.trackNumber,
      disc_number: 1,
      explicit: false,
      is_local: false,
      preview_url: server.url(`/media/${track.preview}`),
      album: { id: album.id, type: 'album', total_tracks: albumTracks.length },
      artists: track.artistIds.map((id) => expect.objectContaining({ id })),
    });
  });

  it('market=from_token is the market of the token (the server COUNTRY until tokens carry one)', async () => {
    const { body } = await get(`/v1/tracks?ids=${track.id}&market=from_token`);
    expect(body.tracks[0]).toMatchObject({ id: track.id, is_playable: true });
  });
});

describe('artists (spec 001 §7 GET /artists/{id}, ?ids, albums, top-tracks, related-artists)', () => {
  it('an artist is the full artist object', async () => {
    const { body } = await get(`/v1/artists/${artist.id}`);
    expect(body).toMatchObject({ type: 'artist', id: artist.id, name: artist.name, followers: { href: null, total: 0 }, genres: artist.genres });
    expect(artist.genres.length).toBeGreaterThan(0);
    expect(body.images).toHaveLength(artist.images.length);
    const several = await get(`/v1/artists?ids=${cat.artists.map((a) => a.id).join(',')}`);
    expect(several.body.artists.map((a: { id: string }) => a.id)).toEqual(cat.artists.map((a) => a.id));
  });

  it('artist albums list own albums (album_group album) and the ones it appears on, filtered by include_groups', async () => {
    const own = cat.albums.filter((a) => a.artistIds.includes(artist.id)).map((a) => a.id);
    const appearsOn = [...new Set(cat.tracks.filter((t) => t.artistIds.includes(artist.id)).map((t) => t.albumId))].filter((id) => !own.includes(id));
    const all = await get(`/v1/artists/${artist.id}/albums`);
    expect(all.body.total).toBe(own.length + appearsOn.length);
    expect(
      all.body.items
        .filter((a: { album_group: string }) => a.album_group === 'album')
        .map((a: { id: string }) => a.id)
        .sort(),
    ).toEqual([...own].sort());
    const onlyAppears = await get(`/v1/artists/${artist.id}/albums?include_groups=appears_on`);
    expect(onlyAppears.body.items.map((a: { id: string }) => a.id).sort()).toEqual([...appearsOn].sort());
    expect(onlyAppears.body.href).toContain('include_groups=appears_on');
  });

  it('top tracks need a market (or the spec’s country) and come in the artist’s order', async () => {
    const { body } = await get(`/v1/artists/${artist.id}/top-tracks?market=SE`);
    expect(body.tracks.map((t: { id: string }) => t.id)).toEqual(artist.topTrackIds);
    expect(body.tracks.every((t: { is_playable: boolean }) => t.is_playable)).toBe(true);
    expect((await get(`/v1/artists/${artist.id}/top-tracks?country=SE`)).body.tracks).toHaveLength(artist.topTrackIds.length);
    const missing = await get(`/v1/artists/${artist.id}/top-tracks`);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('market');
  });

  it('related artists are other artists sharing albums, tracks or playlists, never the artist', async () => {
    const { status, body } = await get(`/v1/artists/${artist.id}/related-artists`);
    expect(status).toBe(200);
    expect(body.artists.length).toBeGreaterThan(0);
    expect(body.artists.map((a: { id: string }) => a.id)).not.toContain(artist.id);
    expect(body.artists.every((a: { type: string }) => a.type === 'artist')).toBe(true);
  });
});

describe('playlists and users (spec 001 §7 GET /playlists/{id}, ?fields, /playlists/{id}/tracks, /users/{id})', () => {
  it('a playlist is the full playlist object; its tracks are playlist track objects', async () => {
    const { body } = await get(`/v1/playlists/${playlist.id}`);
    expect(body).toMatchObject({
      type: 'playlist',
      id: playlist.id,
      name: playlist.name,
      public: true,
      collaborative: false,
      followers: { href: null, total: 0 },
      owner: { type: 'user', display_name: playlist.ownerDisplayName },
    });
    expect(typeof body.snapshot_id).toBe('string');
    expect(body.tracks.total).toBe(playlist.trackIds.length);
    expect(body.tracks.items.map((i: { track: { id: string } }) => i.track.id)).toEqual(playlist.trackIds);
    expect(body.tracks.items[0]).toMatchObject({ is_local: false, track: { type: 'track', album: { type: 'album' } } });
    const owner = await get(`/v1/users/${encodeURIComponent(body.owner.id)}`);
    expect(owner.body).toMatchObject({ type: 'user', id: body.owner.id, display_name: playlist.ownerDisplayName, href: body.owner.href });
  });

  it('fields=public answers only the named fields', async () => {
    expect((await get(`/v1/playlists/${playlist.id}?fields=public`)).body).toEqual({ public: true });
    expect(Object.keys((await get(`/v1/playlists/${playlist.id}?fields=name,tracks.items(track(name))`)).body).sort()).toEqual(['name', 'tracks']);
  });

  it('playlist tracks page', async () => {
    const { body } = await get(`/v1/playlists/${playlist.id}/tracks?limit=1&offset=1`);
    expect(body).toMatchObject({ limit: 1, offset: 1, total: playlist.trackIds.length });
    expect(body.items[0].track.id).toBe(playlist.trackIds[1]);
    expect(body.previous).toBe(server.url(`/v1/playlists/${playlist.id}/tracks?offset=0&limit=1`));
  });
});

describe('shows and episodes (spec 001 §7 GET /shows/{id}, /shows/{id}/episodes, /episodes/{id}, /episodes?ids)', () => {
  it('a show is the full show object with its episodes, newest first', async () => {
    const { body } = await get(`/v1/shows/${show.id}`);
    expect(body).toMatchObject({
      type: 'show',
      id: show.id,
      publisher: show.publisher,
      media_type: 'audio',
      is_externally_hosted: false,
      total_episodes: showEpisodes.length,
      available_markets: show.availableMarkets,
    });
    const newestFirst = [...showEpisodes].sort((a, b) => b.releaseDate.localeCompare(a.releaseDate)).map((e) => e.id);
    expect(body.episodes.items.map((e: { id: string }) => e.id)).toEqual(newestFirst);
    const several = await get(`/v1/shows?ids=${show.id}`);
    expect(several.body.shows[0]).toMatchObject({ id: show.id });
    expect(several.body.shows[0]).not.toHaveProperty('episodes');
  });

  it('an episode is playable only in a market of the episode or its show (spec 001 §6)', async () => {
    const open = await get(`/v1/episodes/${episode.id}?market=${openMarket}`);
    expect(open.body).toMatchObject({ type: 'episode', id: episode.id, is_playable: true, show: { id: show.id } });
    expect(open.body).not.toHaveProperty('restrictions');
    const closed = await get(`/v1/shows/${show.id}/episodes?market=${closedMarket}`);
    expect(closed.body.items.every((e: { is_playable: boolean }) => !e.is_playable)).toBe(true);
    expect(closed.body.items[0].restrictions).toEqual({ reason: 'market' });
    const several = await get(`/v1/episodes?ids=${showEpisodes.map((e) => e.id).join(',')}`);
    expect(several.body.episodes.map((e: { id: string }) => e.id)).toEqual(showEpisodes.map((e) => e.id));
  });
});

describe('search (spec 001 §7 GET /search with type, q, best_match, include_external; §3 result groups)', () => {
  it('answers one paging object per requested type, with the matching items', async () => {
    const { status, body } = await get(`/v1/search?q=${encodeURIComponent(track.name)}&type=track,album,artist`);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['albums', 'artists', 'tracks']);
    expect(body.tracks.items[0]).toMatchObject({ id: track.id, type: 'track' });
    expect(body.tracks.href).toContain('/v1/search?');
  });

  it('finds by artist name too, and best_match=true adds the best item over all types', async () => {
    const { body } = await get(`/v1/search?q=${encodeURIComponent(artist.name)}&type=artist,track&best_match=true`);
    expect(body.artists.items[0].id).toBe(artist.id);
    expect(body.tracks.total).toBeGreaterThan(0);
    expect(body.best_match.items).toEqual([body.artists.items[0]]);
  });

  it('pages with limit and offset', async () => {
    const q = encodeURIComponent(artist.name);
    const first = await get(`/v1/search?q=${q}&type=track&limit=1`);
    expect(first.body.tracks.total).toBeGreaterThan(1);
    const next = await apiGet(server, first.body.tracks.next, token);
    expect(next.body.tracks.offset).toBe(1);
    expect(next.body.tracks.items[0].id).not.toBe(first.body.tracks.items[0].id);
  });

  it('with a market, leaves out episodes not available there; include_external=audio is accepted', async () => {
    const q = encodeURIComponent(episode.name);
    expect((await get(`/v1/search?q=${q}&type=episode&market=${openMarket}&include_external=audio`)).body.episodes.total).toBe(1);
    expect((await get(`/v1/search?q=${q}&type=episode&market=${closedMarket}`)).body.episodes.total).toBe(0);
  });

  it('a query matching nothing answers empty pages', async () => {
    const { body } = await get('/v1/search?q=zzqqxx&type=show,playlist&best_match=true');
    expect(body.shows).toMatchObject({ items: [], total: 0, next: null });
    expect(body.best_match).toEqual({ items: [] });
  });
});

describe('bad parameters answer 400 naming the parameter (issue 4); unknown ids 404; never a 500', () => {
  it.each(
    [
      [`/v1/albums/${album.id}/tracks?limit=0`, 'limit'],
      [`/v1/albums/${album.id}/tracks?limit=51`, 'limit'],
      [`/v1/albums/${album.id}/tracks?limit=ten`, 'limit'],
      [`/v1/albums/${album.id}/tracks?limit=1&limit=2`, 'limit'],
      [`/v1/albums/${album.id}/tracks?offset=-1`, 'offset'],
      [`/v1/albums/${album.id}?market=se`, 'market'],
      ['/v1/albums/not-an-id!', 'id'],
      [`/v1/albums?ids=${Array.from({ length: 21 }, () => album.id).join(',')}`, 'ids'],
      ['/v1/albums', 'ids'],
      ['/v1/tracks?ids=', 'ids'],
      ['/v1/search?type=track', 'q'],
      ['/v1/search?q=a', 'type'],
      ['/v1/search?q=a&type=song', 'type'],
      ['/v1/search?q=a&type=track&offset=1001', 'offset'],
      ['/v1/search?q=a&type=track&include_external=video', 'include_external'],
      ['/v1/search?q=a&type=track&best_match=yes', 'best_match'],
      [`/v1/artists/${artist.id}/albums?include_groups=live`, 'include_groups'],
      [`/v1/playlists/${playlist.id}?fields=${encodeURIComponent('<script>')}`, 'fields'],
    ].map(([path, name]) => ({ path: path!, name: name!, label: short(path!) })),
  )('$label → 400 naming $name', async ({ path, name }) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body.error.status).toBe(400);
    expect(body.error.message).toContain(`parameter ${name}:`);
  });

  it.each([
    ['albums', 'album'],
    ['artists', 'artist'],
    ['tracks', 'track'],
    ['playlists', 'playlist'],
    ['shows', 'show'],
    ['episodes', 'episode'],
  ])('an unknown %s id answers 404 in the error object', async (path, type) => {
    const { status, body } = await get(`/v1/${path}/0000000000000000000000`);
    expect(status).toBe(404);
    expect(body).toEqual({ error: { status: 404, message: `Non existing id: 'spotify:${type}:0000000000000000000000'` } });
  });

  it('unknown users and unknown paths under /v1 answer 404 JSON', async () => {
    expect((await get('/v1/users/nobody-here')).status).toBe(404);
    const unknown = await get('/v1/nothing/here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.status).toBe(404);
  });

  it('a path the router refuses (bad percent-encoding) answers 400 in the error object, not the HTML page', async () => {
    const { status, body } = await get('/v1/albums/%E0%A4%A');
    expect(status).toBe(400);
    expect(body.error.status).toBe(400);
  });

  it('an id longer than the router takes answers a JSON 4xx', async () => {
    const { status, body } = await get(`/v1/albums/${'a'.repeat(3000)}`);
    expect(body.error.status).toBe(status);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });

  it.each(
    [
      '/v1/albums/%00',
      `/v1/albums/${'a'.repeat(3000)}`,
      '/v1/search?q=%FF&type=track',
      '/v1/search?q=%25&type=track,track',
      `/v1/users/${'%20'.repeat(100)}`,
      '/v1/shows?ids=,,,',
      '/v1/episodes/x?market=from_token&market=SE',
    ].map((path) => ({ path, label: short(path) })),
  )('odd input $label answers a 4xx or 200, never a 500', async ({ path }) => {
    const { status } = await get(path);
    expect(status).toBeLessThan(500);
  });
});
