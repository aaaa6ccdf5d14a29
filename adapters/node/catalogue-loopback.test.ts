/**
 * @jest-environment node
 */
import { asyncScheduler } from 'rxjs';
import { createFetchHttp } from '../browser/fetch-http';
import * as Cat from '../../core/catalogue';
import { sessionReducer } from '../../core/engine/session/reducer';
import { initialSessionState, type SessionSlice } from '../../core/engine/session/state';
import type { Action } from '../../core/store/action';
import { createStore, type Store } from '../../core/store/store';
import { demoCatalogue } from '../../server/testing/demo-catalogue';
import { startTestServer, type TestServer } from '../../server/test-server';
import { userToken } from '../../server/web-api/api-test-client';

/*
 * Loopback (issue 17): the catalogue request layer (core/catalogue) over the real fetch adapter
 * against the real provider on 127.0.0.1 — every spec 001 §7 Catalogue API and Collection service
 * request the layer builds (paths, market=from_token, headers, bodies) is accepted by the server
 * (server/web-api/) and its answer decodes with the layer's codec; the same for the Other services
 * the provider serves (server/other-services/), with the web gateway headers, seed-to-playlist
 * (similar episodes) included.
 */

type State = SessionSlice & Cat.CatalogueSlice;

let server: TestServer;
let store: Store<State>;
const seen: Action[] = [];
let next = 0;

beforeAll(async () => {
  server = await startTestServer();
  const accessToken = await userToken(server);
  const origin = server.url('').replace(/\/$/, '');
  store = createStore<State, Cat.CatalogueDeps & { clock: { now(): number } }>({
    reducer: (s, a) => ({ session: sessionReducer(s.session, a), catalogue: Cat.catalogueReducer(s.catalogue, a) }),
    epics: Cat.catalogueEpics,
    deps: { clock: { now: () => asyncScheduler.now() }, scheduler: asyncScheduler, http: createFetchHttp((url, init) => fetch(url, init)) },
    initialState: {
      session: { ...initialSessionState, status: 'loaded', accessToken, expiresAtMs: 9e12, isAnonymous: false },
      catalogue: Cat.initialCatalogueState,
    },
    onEnvelope: (e) => seen.push(e.action),
  });
  store.dispatch(Cat.catalogueConfigured({ webApiUrl: origin, gatewayUrl: origin, locale: 'en', appVersion: 'loopback', sessionMarket: 'SE', userId: null }));
}, 30000);

afterAll(async () => {
  store.stop();
  await server.stop();
});

/** Dispatches `make(requestId)` and resolves with the answer's result, or rejects with the failure (10 s at most). */
function ask(make: (requestId: string) => Action): Promise<unknown> {
  const requestId = `q${(next += 1)}`;
  const from = seen.length;
  store.dispatch(make(requestId));
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const mine = seen.slice(from).filter((a) => (a as { requestId?: string }).requestId === requestId);
      const failure = mine.find((a) => Cat.requestFailed.match(a) || Cat.requestRefused.match(a) || Cat.libraryRefused.match(a));
      if (failure !== undefined) return reject(new Error(JSON.stringify(failure)));
      const answered = mine.find((a) => a.type.endsWith('Answered'));
      if (answered !== undefined) return resolve((answered as unknown as { result: unknown }).result);
      if (Date.now() - started > 10000) return reject(new Error(`no answer to ${requestId}`));
      setTimeout(poll, 5);
    };
    poll();
  });
}

const E = Cat.ENDPOINTS;
const cat = demoCatalogue();
const album = cat.albums[0]!;
const artist = cat.artists[0]!;
const tracks = cat.tracks.slice(0, 3);
const playlist = cat.playlists[0]!;
const show = cat.shows[0]!;
const episode = cat.episodes[0]!;
const items = (r: unknown) => (r as { items: unknown[] }).items;

describe('loopback: spec 001 §7 Catalogue API reads against server/web-api', () => {
  it.each<[string, (id: string) => Action, (r: unknown) => void]>([
    ['album', (id) => E.album.request({ requestId: id, args: { id: album.id } }), (r) => expect(r).toMatchObject({ id: album.id })],
    ['albums', (id) => E.albums.request({ requestId: id, args: { ids: [album.id] } }), (r) => expect(r).toMatchObject({ albums: [{ id: album.id }] })],
    ['albumTracks', (id) => E.albumTracks.request({ requestId: id, args: { id: album.id, limit: 50 } }), (r) => expect(items(r).length).toBeGreaterThan(0)],
    ['artist', (id) => E.artist.request({ requestId: id, args: { id: artist.id } }), (r) => expect(r).toMatchObject({ id: artist.id })],
    ['artists', (id) => E.artists.request({ requestId: id, args: { ids: [artist.id] } }), (r) => expect(r).toMatchObject({ artists: [{ id: artist.id }] })],
    ['artistAlbums', (id) => E.artistAlbums.request({ requestId: id, args: { id: artist.id } }), (r) => expect(items(r).length).toBeGreaterThan(0)],
    [
      'artistTopTracks',
      (id) => E.artistTopTracks.request({ requestId: id, args: { id: artist.id, country: 'SE' } }),
      (r) => expect(r).toHaveProperty('tracks'),
    ],
    ['relatedArtists', (id) => E.relatedArtists.request({ requestId: id, args: { id: artist.id } }), (r) => expect(r).toHaveProperty('artists')],
    ['track', (id) => E.track.request({ requestId: id, args: { id: tracks[0]!.id } }), (r) => expect(r).toMatchObject({ id: tracks[0]!.id })],
    [
      'tracks',
      (id) => E.tracks.request({ requestId: id, args: { ids: tracks.map((t) => t.id) } }),
      (r) => expect((r as { tracks: unknown[] }).tracks).toHaveLength(3),
    ],
    [
      'search',
      (id) => E.search.request({ requestId: id, args: { q: tracks[0]!.name, type: ['track', 'album', 'artist', 'playlist', 'show', 'episode'] } }),
      (r) => expect(items((r as { tracks: unknown }).tracks).length).toBeGreaterThan(0),
    ],
    ['me', (id) => E.me.request({ requestId: id, args: {} }), (r) => expect(r).toMatchObject({ type: 'user' })],
    [
      'user',
      (id) => E.user.request({ requestId: id, args: { id: store.getState().catalogue.userId ?? '' } }),
      (r) => expect(r).toMatchObject({ type: 'user' }),
    ],
    [
      'userPlaylists',
      (id) => E.userPlaylists.request({ requestId: id, args: { id: store.getState().catalogue.userId ?? '' } }),
      (r) => expect(r).toHaveProperty('items'),
    ],
    ['myPlaylists', (id) => E.myPlaylists.request({ requestId: id, args: {} }), (r) => expect(r).toHaveProperty('items')],
    ['playlist', (id) => E.playlist.request({ requestId: id, args: { id: playlist.id } }), (r) => expect(r).toMatchObject({ id: playlist.id })],
    ['playlistPublished', (id) => E.playlistPublished.request({ requestId: id, args: { id: playlist.id } }), (r) => expect(r).toHaveProperty('public')],
    ['show', (id) => E.show.request({ requestId: id, args: { id: show.id } }), (r) => expect(r).toMatchObject({ id: show.id })],
    ['showEpisodes', (id) => E.showEpisodes.request({ requestId: id, args: { id: show.id } }), (r) => expect(items(r).length).toBeGreaterThan(0)],
    ['episode', (id) => E.episode.request({ requestId: id, args: { id: episode.id } }), (r) => expect(r).toMatchObject({ id: episode.id })],
    [
      'episodes',
      (id) => E.episodes.request({ requestId: id, args: { ids: [episode.id] } }),
      (r) => expect(r).toMatchObject({ episodes: [{ id: episode.id }] }),
    ],
    [
      'view',
      (id) => E.view.request({ requestId: id, args: { viewId: 'home', timestamp: '2026-11-26T05:00:00Z', locale: 'en' } }),
      (r) => expect(items((r as { content: unknown }).content).length).toBeGreaterThan(0),
    ],
    ['devices', (id) => E.devices.request({ requestId: id, args: {} }), (r) => expect(r).toHaveProperty('devices')],
  ])('%s', async (_, make, check) => {
    check(await ask(make));
  });
});

describe('loopback: library writes (spec 001 §7 Catalogue API, Collection service) and their reads', () => {
  it('save, check and remove a track and an album through the collection service (library intents)', async () => {
    const uri = `spotify:track:${tracks[0]!.id}`;
    expect(await ask((id) => Cat.saveTrack({ requestId: id, uri }))).toBeNull();
    expect(await ask((id) => Cat.containsTrack({ requestId: id, uri }))).toEqual({ items: [{ found: true }] });
    const saved = await ask((id) => E.savedTracks.request({ requestId: id, args: {} }));
    expect(items(saved)).toEqual([expect.objectContaining({ track: expect.objectContaining({ id: tracks[0]!.id }) })]);
    expect(await ask((id) => Cat.removeTrack({ requestId: id, uri }))).toBeNull();
    expect(await ask((id) => Cat.containsTrack({ requestId: id, uri }))).toEqual({ items: [{ found: false }] });
    expect(await ask((id) => Cat.saveAlbum({ requestId: id, uri: `spotify:album:${album.id}` }))).toBeNull();
    expect(items(await ask((id) => E.savedAlbums.request({ requestId: id, args: {} })))).toHaveLength(1);
    const userId = store.getState().catalogue.userId ?? '';
    expect(await ask((id) => E.collectionContainsAlbums.request({ requestId: id, args: { userId, base62ids: [album.id] } }))).toEqual({
      items: [{ found: true }],
    });
    expect(await ask((id) => Cat.removeAlbum({ requestId: id, uri: `spotify:album:${album.id}` }))).toBeNull();
  });

  it('follow and unfollow an artist and a playlist; save and remove a show', async () => {
    await ask((id) => E.followArtists.request({ requestId: id, args: { ids: [artist.id] } }));
    expect(await ask((id) => E.followsArtists.request({ requestId: id, args: { ids: [artist.id] } }))).toEqual([true]);
    expect(((await ask((id) => E.followedArtists.request({ requestId: id, args: {} }))) as { artists: { total: number } }).artists.total).toBe(1);
    await ask((id) => E.unfollowArtists.request({ requestId: id, args: { ids: [artist.id] } }));
    const userId = store.getState().catalogue.userId ?? '';
    await ask((id) => E.followPlaylist.request({ requestId: id, args: { id: playlist.id, body: { public: false } } }));
    expect(await ask((id) => E.followsPlaylist.request({ requestId: id, args: { id: playlist.id, ids: [userId] } }))).toEqual([true]);
    await ask((id) => E.unfollowPlaylist.request({ requestId: id, args: { id: playlist.id } }));
    await ask((id) => E.saveShows.request({ requestId: id, args: { ids: [show.id] } }));
    expect(await ask((id) => E.savedShowsContain.request({ requestId: id, args: { ids: [show.id] } }))).toEqual([true]);
    expect(items(await ask((id) => E.savedShows.request({ requestId: id, args: {} })))).toHaveLength(1);
    await ask((id) => E.removeShows.request({ requestId: id, args: { ids: [show.id] } }));
  });

  it('create a playlist, add three tracks (one at a position), move one, remove one by positions and uri, rename and make it public', async () => {
    const userId = store.getState().catalogue.userId ?? '';
    const made = (await ask((id) => E.createPlaylist.request({ requestId: id, args: { id: userId, body: { name: 'Loopback', public: false } } }))) as {
      id: string;
    };
    const [a, b, c] = tracks.map((t) => `spotify:track:${t.id}`) as [string, string, string];
    await ask((id) => E.addToPlaylist.request({ requestId: id, args: { id: made.id, body: { uris: [a, c] } } }));
    await ask((id) => E.addToPlaylist.request({ requestId: id, args: { id: made.id, body: { uris: [b], position: 1 } } }));
    await ask((id) => E.reorderPlaylist.request({ requestId: id, args: { id: made.id, body: { range_start: 2, range_length: 1, insert_before: 0 } } }));
    await ask((id) => E.removeFromPlaylist.request({ requestId: id, args: { id: made.id, body: { tracks: [{ uri: b, positions: [2] }] } } }));
    await ask((id) => E.changePlaylistDetails.request({ requestId: id, args: { id: made.id, body: { name: 'Loopback 2' } } }));
    await ask((id) => E.changePlaylistDetails.request({ requestId: id, args: { id: made.id, body: { public: true } } }));
    expect(await ask((id) => E.playlistPublished.request({ requestId: id, args: { id: made.id } }))).toEqual({ public: true });
    const got = (await ask((id) => E.playlist.request({ requestId: id, args: { id: made.id } }))) as {
      name: string;
      tracks: { items: Array<{ track: { uri: string } }> };
    };
    expect(got.name).toBe('Loopback 2');
    expect(got.tracks.items.map((i) => i.track.uri)).toEqual([c, a]);
  });

  it('no request of this file failed', () => {
    expect(seen.filter((a) => Cat.requestFailed.match(a) || Cat.requestRefused.match(a))).toEqual([]);
  });
});

describe('loopback: spec 001 §7 Other services against server/other-services (web gateway headers)', () => {
  const station = `spotify:station:artist:${artist.id}`;
  const userId = () => store.getState().catalogue.userId ?? '';
  const rec = (r: unknown) => r as Record<string, unknown>;

  it('backend metadata of an artist and an episode', async () => {
    expect(await ask((id) => E.backendArtist.request({ requestId: id, args: { id: artist.id } }))).toMatchObject({ id: artist.id });
    expect(await ask((id) => E.backendEpisode.request({ requestId: id, args: { id: episode.id } }))).toMatchObject({ id: episode.id });
  });

  it('recommendations extend a playlist', async () => {
    const r = rec(
      await ask((id) =>
        E.extendPlaylist.request({ requestId: id, args: { body: { playlistURI: `spotify:playlist:${playlist.id}`, trackSkipIDs: [tracks[0]!.id] } } }),
      ),
    );
    expect(Array.isArray(r['recommendedTracks'])).toBe(true);
  });

  it('radio: clusters, a station of 20 (spec 001 §9), like, ban a song and an artist', async () => {
    expect(rec(await ask((id) => E.radioClusters.request({ requestId: id, args: { salt: 1 } })))).toHaveProperty('clusters');
    const played = rec(await ask((id) => E.station.request({ requestId: id, args: { id: station, salt: 1 } })))['tracks'] as Array<{ uri: string; id: string }>;
    expect(played.length).toBeGreaterThan(0);
    expect(played.length).toBeLessThanOrEqual(20);
    const banned = played[0]!;
    expect(await ask((id) => E.likeRadioSong.request({ requestId: id, args: { context: station, track: played[played.length - 1]!.id } }))).toBeNull();
    expect(await ask((id) => E.banRadioSong.request({ requestId: id, args: { context: station, track: banned.id } }))).toBeNull();
    const after = rec(await ask((id) => E.station.request({ requestId: id, args: { id: station, salt: 1 } })))['tracks'] as Array<{ uri: string }>;
    expect(after.map((t) => t.uri)).not.toContain(banned.uri);
    expect(await ask((id) => E.banRadioArtist.request({ requestId: id, args: { context: station, track: banned.id } }))).toBeNull();
  });

  it('terms: the reacceptance metadata, then accepting its licence', async () => {
    const meta = rec(await ask((id) => E.termsReacceptance.request({ requestId: id, args: { language: 'en' } })));
    expect(await ask((id) => E.acceptLicence.request({ requestId: id, args: { license: String(meta['license']) } }))).toBeNull();
    expect(rec(await ask((id) => E.termsReacceptance.request({ requestId: id, args: { language: 'en' } })))['reacceptanceRequired']).toBe(false);
  });

  it('recently played (limit 20 by default) and sponsored placements (App-Platform header)', async () => {
    expect(rec(await ask((id) => E.recentlyPlayed.request({ requestId: id, args: { userId: userId() } })))).toHaveProperty('playContexts');
    const list = rec(await ask((id) => E.sponsored.request({ requestId: id, args: {} })))['sponsorships'] as Array<{ playlistUri: string }>;
    expect(list.length).toBeGreaterThan(0);
    expect(await ask((id) => E.sponsoredPlaylist.request({ requestId: id, args: { playlistUri: list[0]!.playlistUri } }))).toMatchObject({
      playlistUri: list[0]!.playlistUri,
    });
  });

  it('social: session info and join by token', async () => {
    // Making a session is not a spec 001 call (server/other-services/README.md): plain fetch.
    const made = await fetch(server.url('/social-connect/v1/sessions'), {
      method: 'POST',
      headers: { authorization: `Bearer ${store.getState().session.accessToken ?? ''}` },
    });
    const token = ((await made.json()) as { sessionToken: string }).sessionToken;
    expect(await ask((id) => E.socialSessionInfo.request({ requestId: id, args: { token } }))).toMatchObject({ sessionToken: token });
    expect(await ask((id) => E.socialJoin.request({ requestId: id, args: { token } }))).toMatchObject({ is_member: true });
  });

  it('root playlist: the list, a diff since its revision and a change', async () => {
    const root = rec(await ask((id) => E.rootlist.request({ requestId: id, args: { id: userId() } })));
    const revision = String(root['revision']);
    expect(await ask((id) => E.rootlistDiff.request({ requestId: id, args: { id: userId(), revision } }))).toHaveProperty('operations');
    const changed = rec(
      await ask((id) =>
        E.rootlistChanges.request({
          requestId: id,
          args: { id: userId(), body: { baseRevision: Number(revision), deltas: [{ kind: 'add', uri: `spotify:playlist:${playlist.id}` }] } },
        }),
      ),
    );
    expect(JSON.stringify(changed['contents'])).toContain(playlist.id);
  });

  it("similar episodes (spec 001 §7 Seed-to-playlist) of an episode; another URI is refused with 'Failed to request similar episodes'", async () => {
    const similar = rec(await ask((id) => Cat.similarEpisodes({ requestId: id, uri: `spotify:episode:${episode.id}` })));
    const uris = (similar['mediaItems'] as Array<{ uri: string }>).map((m) => m.uri);
    expect(uris).not.toContain(`spotify:episode:${episode.id}`);
    expect(uris.length).toBeGreaterThan(0);
    await expect(ask((id) => Cat.similarEpisodes({ requestId: id, uri: `spotify:track:${tracks[0]!.id}` }))).rejects.toThrow(
      'Failed to request similar episodes',
    );
  });

  it('no request of this describe failed', () => {
    expect(seen.filter((a) => Cat.requestFailed.match(a) || Cat.requestRefused.match(a))).toEqual([]);
  });
});
