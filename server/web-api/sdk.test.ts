import { SpotifyApi, type RequestImplementation } from '@spotify/web-api-ts-sdk';
import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { formatDecodeErrors } from '../../core/model/decode-errors';
import { startTestServer, type TestServer } from '../test-server';
import { bearerToken } from './api-test-client';
import { demoCatalogue } from '../testing/demo-catalogue';
import * as shapes from './public-api-shapes';

/**
 * Issue 4 must-show: the official `@spotify/web-api-ts-sdk` reads this provider. The SDK hard-codes
 * its root (`SpotifyApi.rootUrl = "https://api.spotify.com/v1/"`, private, no base-URL option), so
 * it is pointed at the local server through its `fetch` option: a fetch that rewrites that origin
 * to the loopback server and refuses any other. Each answer is then decoded with io-ts codecs of
 * the SDK's object types (./public-api-shapes.ts).
 */
const SDK_ROOT = 'https://api.spotify.com';

let server: TestServer;
let sdk: SpotifyApi;
const requested: Array<{ url: string; authorization: string | null }> = [];

beforeAll(async () => {
  server = await startTestServer(undefined, { country: 'SE' });
  const token = await bearerToken(server);
  const localFetch: RequestImplementation = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(`${SDK_ROOT}/`)) throw new Error(`The SDK asked for ${url}, outside its API root`);
    const local = server.url(url.slice(SDK_ROOT.length));
    requested.push({ url: local, authorization: new Headers(init?.headers).get('authorization') });
    return fetch(local, init);
  };
  sdk = SpotifyApi.withAccessToken('demo-client', { access_token: token, token_type: 'Bearer', expires_in: 3600, refresh_token: '' }, { fetch: localFetch });
});
afterAll(() => server.stop());

/** Decodes an SDK answer with the codec of its type, failing the test with the field that does not fit. */
function decoded<C extends t.Mixed>(codec: C, value: unknown): t.TypeOf<C> {
  const result = codec.decode(value);
  if (isLeft(result)) throw new Error(`${codec.name} does not decode: ${formatDecodeErrors(result.left)}`);
  return result.right;
}

const cat = demoCatalogue();
const album = cat.albums[0]!;
const playlist = cat.playlists[0]!;
const show = cat.shows[0]!;
const artist = cat.artists.find((a) => a.topTrackIds.length > 0)!;

describe('the official Web API SDK against the local server (issue 4 must-show)', () => {
  it('reads an album and its tracks', async () => {
    const full = decoded(shapes.Album, await sdk.albums.get(album.id, 'SE'));
    expect(full).toMatchObject({ id: album.id, name: album.name });
    const page = decoded(shapes.Page(shapes.SimplifiedTrack), await sdk.albums.tracks(album.id, 'SE', 1, 1));
    expect(page).toMatchObject({ limit: 1, offset: 1, total: full.total_tracks });
    expect(page.items[0]?.id).toBe(full.tracks.items[1]?.id);
  });

  it('reads a playlist', async () => {
    const full = decoded(shapes.Playlist, await sdk.playlists.getPlaylist(playlist.id, 'SE'));
    expect(full.tracks.items.map((item) => item.track.id)).toEqual(playlist.trackIds);
    const items = decoded(shapes.Page(shapes.PlaylistedTrack), await sdk.playlists.getPlaylistItems(playlist.id, 'SE', undefined, 2));
    expect(items.items).toHaveLength(Math.min(2, playlist.trackIds.length));
  });

  it('searches every type', async () => {
    const results = decoded(
      shapes.SearchResults,
      await sdk.search(artist.name, ['album', 'artist', 'playlist', 'track', 'show', 'episode'], 'SE', 10, 0, 'audio'),
    );
    expect(results.artists?.items[0]?.id).toBe(artist.id);
    expect(results.tracks?.total).toBeGreaterThan(0);
    expect(Object.keys(results).sort()).toEqual(['albums', 'artists', 'episodes', 'playlists', 'shows', 'tracks']);
  });

  it('reads a show and its episodes', async () => {
    const full = decoded(shapes.Show, await sdk.shows.get(show.id, 'SE'));
    expect(full.total_episodes).toBe(cat.episodes.filter((e) => e.showId === show.id).length);
    const episodes = decoded(shapes.Page(shapes.SimplifiedEpisode), await sdk.shows.episodes(show.id, 'SE'));
    expect(episodes.items.map((e) => e.id)).toEqual(full.episodes.items.map((e) => e.id));
    const first = episodes.items[0]!;
    expect(decoded(shapes.Episode, await sdk.episodes.get(first.id, 'SE')).show.id).toBe(show.id);
  });

  it('reads an artist and its top tracks', async () => {
    decoded(shapes.Artist, await sdk.artists.get(artist.id));
    const top = decoded(shapes.TopTracksResult, await sdk.artists.topTracks(artist.id, 'SE'));
    expect(top.tracks.map((track) => track.id)).toEqual(artist.topTrackIds);
  });

  it('the shape check fails an answer missing a field or with a wrong type (so the decodes above can fail)', async () => {
    const full = (await sdk.albums.get(album.id)) as unknown as Record<string, unknown>;
    const { total_tracks: _dropped, ...withoutTotal } = full;
    expect(() => decoded(shapes.Album, withoutTotal)).toThrow(/total_tracks/);
    expect(() => decoded(shapes.Album, { ...full, type: 'track' })).toThrow(/type/);
  });

  it('surfaces the server’s 404 as the SDK’s error', async () => {
    await expect(sdk.albums.get('0000000000000000000000')).rejects.toThrow(/404/);
  });

  it('sent every request to the local server with the bearer token', () => {
    expect(requested.length).toBeGreaterThanOrEqual(10);
    expect(requested.every((r) => r.url.startsWith(server.url('/v1/')) && r.authorization?.startsWith('Bearer '))).toBe(true);
  });
});
