// Issue 17, spec 001 §7 Other services on both databases: every route's answer, the rules it keeps
// (station count 20, recently played 20, a licence to reaccept, a root list's revisions), and every
// route tried by everyone else: no token 401, an anonymous token 403 where the data is a user's,
// another user's token never reads or changes a user's data.
import { nextCommand, registerDevice, reportState } from '../connect-state/test-support';
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { DIALECTS, useDialect } from '../testing/dialects';

jest.setTimeout(120_000);

describe.each(DIALECTS)('other services on %s', (dialect) => {
  const stores = useDialect(dialect);
  let t: PlaybackTestServer;
  let url: string | undefined;
  let demo: string;
  let demoId: string;
  let stranger: string;
  let strangerId: string;
  let anonymous: string;
  let artists: string[];
  let album: string;
  let tracks: Array<{ id: string; album_id: string }>;
  let playlist: string;
  let episode: string;

  const call = async (method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(t.server.url(path), {
      method,
      headers: {
        ...headers,
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: any = text;
    try {
      json = JSON.parse(text);
    } catch {
      // empty or not JSON
    }
    return { status: response.status, body: json };
  };
  const artistsOf = async (trackId: string) =>
    (await t.db.selectFrom('track_artists').select('artist_id').where('track_id', '=', trackId).execute()).map((r) => r.artist_id);

  beforeAll(async () => {
    url = await stores.databaseUrl();
    t = await startPlaybackTestServer(url === undefined ? {} : { databaseUrl: url });
    demo = await t.token('demo');
    demoId = await t.accountId('demo');
    stranger = await t.newUser();
    strangerId = (await t.db.selectFrom('access_tokens').select('account_id').where('token', '=', stranger).executeTakeFirstOrThrow()).account_id!;
    anonymous = await t.token(null);
    artists = (await t.db.selectFrom('artists').select('id').orderBy('id').execute()).map((r) => r.id);
    tracks = await t.db.selectFrom('tracks').select(['id', 'album_id']).orderBy('id').execute();
    album = tracks[0]!.album_id;
    playlist = (await t.db.selectFrom('playlists').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    episode = (await t.db.selectFrom('episodes').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.stop();
  });

  it("every route: no token 401 (spec 001 §6 requests carry a bearer token); a user's routes refuse an anonymous token with 403", async () => {
    const routes: Array<[string, string, boolean]> = [
      ['GET', `/open-backend-2/v1/artists/${artists[0]}`, false],
      ['GET', `/open-backend-2/v1/episodes/${episode}`, false],
      ['POST', '/playlistextender/extendp/', false],
      ['GET', '/radio-apollo/v3/clusters', false],
      ['GET', `/radio-apollo/v3/stations/spotify:station:artist:${artists[0]}`, false],
      ['POST', `/radio-apollo/v3/mixes/like/song/spotify:station:artist:${artists[0]}/spotify:track:${tracks[0]!.id}`, true],
      ['POST', `/radio-apollo/v3/mixes/ban/song/spotify:station:artist:${artists[0]}/spotify:track:${tracks[0]!.id}`, true],
      ['POST', `/radio-apollo/v3/mixes/ban/artist/spotify:station:artist:${artists[0]}/spotify:track:${tracks[0]!.id}`, true],
      ['GET', '/reaccept-my-legal/v1/reacceptance-metadata?language=en', true],
      ['PUT', '/reaccept-my-legal/v1/license/2026-11', true],
      ['GET', `/metrics-backend/v1/user/${demoId}/recently-played?alt=json&limit=20`, true],
      ['GET', '/sponsoredplaylist/v1/sponsored', false],
      ['GET', `/sponsoredplaylist/v1/sponsored/spotify:playlist:${playlist}`, false],
      ['POST', '/social-connect/v1/sessions', true],
      ['GET', '/social-connect/v1/session_info/abcdefghijklmnopqrstuvwxyz012345', true],
      ['PUT', '/social-connect/v1/join/abcdefghijklmnopqrstuvwxyz012345', true],
      ['GET', `/playlist/v2/user/${demoId}/rootlist`, true],
      ['GET', `/playlist/v2/user/${demoId}/rootlist/diff?revision=1`, true],
      ['POST', `/playlist/v2/user/${demoId}/rootlist/changes`, true],
    ];
    for (const [method, path, userOnly] of routes) {
      const none = await call(method, path, null, method === 'GET' ? undefined : {});
      expect([method, path, none.status, none.body.error?.message]).toEqual([method, path, 401, 'No token provided']);
      if (userOnly) {
        const anon = await call(method, path, anonymous, method === 'GET' ? undefined : {});
        expect([method, path, anon.status]).toEqual([method, path, 403]);
      }
    }
    // Nothing was written by the refused calls.
    expect(await t.db.selectFrom('radio_feedback').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('terms_acceptances').selectAll().execute()).toEqual([]);
  });

  it('backend metadata: the catalogue artist and episode objects, anonymous too; unknown 404, a bad id 400', async () => {
    const artist = await call('GET', `/open-backend-2/v1/artists/${artists[0]}`, anonymous);
    expect(artist.status).toBe(200);
    expect(artist.body).toMatchObject({ id: artists[0], type: 'artist', uri: `spotify:artist:${artists[0]}` });
    const ep = await call('GET', `/open-backend-2/v1/episodes/${episode}?market=from_token`, demo);
    expect([ep.status, ep.body.uri]).toEqual([200, `spotify:episode:${episode}`]);
    expect((await call('GET', '/open-backend-2/v1/artists/Unknown000000000000000', demo)).status).toBe(404);
    const bad = await call('GET', '/open-backend-2/v1/artists/not-base62!', demo);
    expect([bad.status, bad.body.error.message]).toEqual([400, expect.stringContaining('id')]);
  });

  it('radio: clusters of stations built from the catalogue; a station plays the seed first, at most count (spec 001 §9 station count 20) tracks', async () => {
    const clusters = await call('GET', '/radio-apollo/v3/clusters?salt=x&image_style=gradient', anonymous);
    expect(clusters.status).toBe(200);
    const stationUris = clusters.body.clusters.flatMap((c: any) => c.stations.map((s: any) => s.uri));
    expect(stationUris).toEqual(expect.arrayContaining(artists.map((a) => `spotify:station:artist:${a}`)));
    const seed = tracks[0]!.id;
    const station = await call('GET', `/radio-apollo/v3/stations/spotify:station:track:${seed}?salt=a&count=3`, anonymous);
    expect(station.status).toBe(200);
    expect(station.body.uri).toBe(`spotify:station:track:${seed}`);
    expect(station.body.tracks.length).toBe(Math.min(3, tracks.length));
    expect(station.body.tracks[0].uri).toBe(`spotify:track:${seed}`);
    const full = await call('GET', `/radio-apollo/v3/stations/spotify:album:${album}`, demo);
    expect(full.body.tracks.length).toBe(Math.min(20, tracks.length));
    expect(new Set(full.body.tracks.map((x: any) => x.id)).size).toBe(full.body.tracks.length);
    for (const [path, status] of [
      [`/radio-apollo/v3/stations/spotify:album:${album}?count=21`, 400],
      [`/radio-apollo/v3/stations/spotify:album:${album}?count=0`, 400],
      ['/radio-apollo/v3/stations/spotify:station:genre:rock', 400],
      ['/radio-apollo/v3/stations/spotify:station:album:Unknown000000000000000', 404],
    ] as const) {
      expect([path, (await call('GET', path, demo)).status]).toEqual([path, status]);
    }
  });

  it("radio: a banned song leaves that user's station (not another user's); a banned artist takes all their tracks; a like brings its artist forward", async () => {
    const station = `spotify:station:album:${album}`;
    const playing = async (token: string) =>
      (await call('GET', `/radio-apollo/v3/stations/${station}?count=20`, token)).body.tracks.map((x: any) => x.id as string);
    const before = await playing(demo);
    const banned = before[0]!;
    expect((await call('POST', `/radio-apollo/v3/mixes/ban/song/${station}/spotify:track:${banned}`, demo)).status).toBe(204);
    expect(await playing(demo)).not.toContain(banned);
    expect(await playing(stranger)).toContain(banned);
    // Another station of the same user still plays it: feedback is per station.
    const other = (await call('GET', `/radio-apollo/v3/stations/spotify:track:${banned}`, demo)).body.tracks.map((x: any) => x.id);
    expect(other).toContain(banned);

    const strangerStation = `spotify:station:track:${tracks[0]!.id}`;
    const target = tracks[tracks.length - 1]!.id;
    expect((await call('POST', `/radio-apollo/v3/mixes/ban/artist/${strangerStation}/${target}`, stranger)).status).toBe(204);
    const bannedArtists = await artistsOf(target);
    const left = (await call('GET', `/radio-apollo/v3/stations/${strangerStation}`, stranger)).body.tracks.map((x: any) => x.id as string);
    for (const id of left) expect((await artistsOf(id)).some((a) => bannedArtists.includes(a))).toBe(false);

    const likeStation = `spotify:station:artist:${artists[0]}`;
    const last = (await call('GET', `/radio-apollo/v3/stations/${likeStation}`, stranger)).body.tracks.map((x: any) => x.id as string).at(-1)!;
    expect((await call('POST', `/radio-apollo/v3/mixes/like/song/${likeStation}/spotify:track:${last}`, stranger)).status).toBe(204);
    const liked = (await call('GET', `/radio-apollo/v3/stations/${likeStation}`, stranger)).body.tracks.map((x: any) => x.id as string);
    const likedArtists = await artistsOf(last);
    expect((await artistsOf(liked[0])).some((a) => likedArtists.includes(a))).toBe(true);

    expect((await call('POST', `/radio-apollo/v3/mixes/ban/song/${station}/Unknown000000000000000`, demo)).status).toBe(404);
    expect((await call('POST', `/radio-apollo/v3/mixes/ban/song/${station}/not!an!id`, demo)).status).toBe(400);
    expect((await call('POST', `/radio-apollo/v3/mixes/ban/song/spotify:genre:x/${banned}`, demo)).status).toBe(400);
  });

  it("recommendations extend a playlist with tracks not in it and not in trackSkipIDs; another user's private playlist is 404", async () => {
    const inIt = (await t.db.selectFrom('playlist_tracks').select('track_id').where('playlist_id', '=', playlist).execute()).map((r) => r.track_id);
    const outside = tracks.map((x) => x.id).filter((id) => !inIt.includes(id));
    const skip = outside.slice(0, 1);
    const answer = await call('POST', '/playlistextender/extendp/', anonymous, { playlistURI: `spotify:playlist:${playlist}`, trackSkipIDs: skip });
    expect(answer.status).toBe(200);
    const ids = answer.body.recommendedTracks.map((x: any) => x.id);
    expect(ids.sort()).toEqual(
      outside
        .filter((id) => !skip.includes(id))
        .sort()
        .slice(0, 10),
    );
    for (const [body, field] of [
      [{ playlistURI: 'spotify:album:x', trackSkipIDs: [] }, 'playlistURI'],
      [{ playlistURI: `spotify:playlist:${playlist}`, trackSkipIDs: ['bad id'] }, 'trackSkipIDs'],
      [{}, 'playlistURI'],
    ] as const) {
      const bad = await call('POST', '/playlistextender/extendp/', demo, body);
      expect([bad.status, bad.body.error.message]).toEqual([400, expect.stringContaining(field)]);
    }
    const made = await call('POST', `/v1/users/${demoId}/playlists`, demo, { name: 'Private', public: false });
    expect(made.status).toBe(201);
    const uri = `spotify:playlist:${made.body.id}`;
    expect((await call('POST', '/playlistextender/extendp/', stranger, { playlistURI: uri })).status).toBe(404);
    expect((await call('POST', '/playlistextender/extendp/', demo, { playlistURI: uri })).status).toBe(200);
  });

  it('recently played: a started_playing state update of the track-playback service records its context; only the user reads it (spec 001 §9 limit 20)', async () => {
    const device = await registerDevice(t, demo, 'recent-device');
    const play = await t.request('POST', `/connect-state/v1/player/command/from/hobs_recent/to/recent-device`, {
      token: demo,
      body: { command: { endpoint: 'play', context: { uri: `spotify:album:${album}` } } },
    });
    expect(play.status).toBe(200);
    const sent = await nextCommand(device, 'replace_state');
    await reportState(t, demo, 'recent-device', 1, sent.state_ref, 0);
    device.close();
    const recent = await call('GET', `/metrics-backend/v1/user/${demoId}/recently-played?alt=json&limit=20`, demo);
    expect(recent.status).toBe(200);
    const albumName = (await t.db.selectFrom('albums').select('name').where('id', '=', album).executeTakeFirstOrThrow()).name;
    expect(recent.body.playContexts).toEqual([{ uri: `spotify:album:${album}`, name: albumName, lastPlayedTime: expect.any(Number) }]);
    // Another user's list stays empty, and nobody reads the demo's.
    expect((await call('GET', `/metrics-backend/v1/user/${strangerId}/recently-played`, stranger)).body.playContexts).toEqual([]);
    expect((await call('GET', `/metrics-backend/v1/user/${demoId}/recently-played`, stranger)).status).toBe(403);
    for (const query of ['limit=0', 'limit=51', 'alt=xml']) {
      expect([query, (await call('GET', `/metrics-backend/v1/user/${demoId}/recently-played?${query}`, demo)).status]).toEqual([query, 400]);
    }
  });

  it('a radio station plays through the track-playback service as a context: the songs the listener banned on it are not in its state machine', async () => {
    const station = `spotify:station:album:${album}`;
    const bannedHere = (
      await t.db
        .selectFrom('radio_feedback')
        .select('item_id')
        .where('account_id', '=', demoId)
        .where('station_uri', '=', station)
        .where('kind', '=', 'ban_song')
        .execute()
    ).map((r) => `spotify:track:${r.item_id}`);
    expect(bannedHere.length).toBeGreaterThan(0);
    const device = await registerDevice(t, demo, 'radio-device');
    const play = await t.request('POST', '/connect-state/v1/player/command/from/hobs_radio/to/radio-device', {
      token: demo,
      body: { command: { endpoint: 'play', context: { uri: station } } },
    });
    expect([play.status, play.text]).toEqual([200, expect.any(String)]);
    const sent = await nextCommand(device, 'replace_state');
    await reportState(t, demo, 'radio-device', 1, sent.state_ref, 0);
    device.close();
    // Played, the station is a recent context, named after its seed.
    const albumName = (await t.db.selectFrom('albums').select('name').where('id', '=', album).executeTakeFirstOrThrow()).name;
    const recent = (await call('GET', `/metrics-backend/v1/user/${demoId}/recently-played`, demo)).body.playContexts;
    expect(recent.find((c: any) => c.uri === station)).toEqual({ uri: station, name: albumName, lastPlayedTime: expect.any(Number) });
    const uris = sent.state_machine.tracks.map((x: any) => x.metadata.uri as string);
    expect(uris.length).toBeGreaterThan(0);
    for (const uri of bannedHere) expect(uris).not.toContain(uri);
    expect(sent.state_machine.tracks[0].metadata.context_uri).toBe(station);
  });

  it('terms: a user must reaccept until they accept the licence in force; an old licence is refused; a new version asks again', async () => {
    const meta = async (token: string) => (await call('GET', '/reaccept-my-legal/v1/reacceptance-metadata?language=sv', token)).body;
    expect(await meta(demo)).toMatchObject({ language: 'sv', license: '2026-11', acceptedLicense: null, reacceptanceRequired: true });
    expect((await call('PUT', '/reaccept-my-legal/v1/license/2020-01', demo)).status).toBe(409);
    expect((await call('PUT', '/reaccept-my-legal/v1/license/2026-11', demo)).status).toBe(204);
    expect(await meta(demo)).toMatchObject({ acceptedLicense: '2026-11', reacceptanceRequired: false });
    // Another user's acceptance is their own.
    expect((await meta(stranger)).reacceptanceRequired).toBe(true);
    expect((await call('GET', '/reaccept-my-legal/v1/reacceptance-metadata', demo)).status).toBe(400);
    expect((await call('GET', '/reaccept-my-legal/v1/reacceptance-metadata?language=1', demo)).status).toBe(400);
    // A server whose licence changed, over the same database: the demo must reaccept.
    const next = await startPlaybackTestServer({ ...(url === undefined ? {} : { databaseUrl: url }), termsLicence: '2027-01' }, t.server.dataDir);
    try {
      const answer = await fetch(next.server.url('/reaccept-my-legal/v1/reacceptance-metadata?language=en'), { headers: { authorization: `Bearer ${demo}` } });
      expect(await answer.json()).toMatchObject({ license: '2027-01', acceptedLicense: '2026-11', reacceptanceRequired: true });
    } finally {
      await next.stop({ keepData: true });
    }
  });

  it('sponsored: placements need the App-Platform header; a sponsored playlist answers its ad, another 404', async () => {
    const list = await call('GET', '/sponsoredplaylist/v1/sponsored', anonymous, undefined, { 'app-platform': 'WebPlayer' });
    expect(list.status).toBe(200);
    expect(list.body.sponsorships.length).toBeGreaterThan(0);
    const uri = list.body.sponsorships[0].playlistUri;
    const one = await call('GET', `/sponsoredplaylist/v1/sponsored/${uri}`, demo, undefined, { 'app-platform': 'WebPlayer' });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ playlistUri: uri, ad: { sponsor: expect.any(String), message: expect.any(String), clickUrl: expect.any(String) } });
    expect((await call('GET', `/sponsoredplaylist/v1/sponsored/${uri}`, demo)).status).toBe(400);
    expect(
      (await call('GET', '/sponsoredplaylist/v1/sponsored/spotify:playlist:Unknown000000000000000', demo, undefined, { 'app-platform': 'WebPlayer' })).status,
    ).toBe(404);
    expect((await call('GET', '/sponsoredplaylist/v1/sponsored/spotify:album:x', demo, undefined, { 'app-platform': 'WebPlayer' })).status).toBe(400);
  });

  it('social: a user starts a session; another joins by its token and both see the members; unknown tokens 404', async () => {
    const made = await call('POST', '/social-connect/v1/sessions', demo);
    expect(made.status).toBe(201);
    const token = made.body.sessionToken as string;
    expect(made.body).toMatchObject({ session_owner_id: demoId, is_session_owner: true, session_members: [{ id: demoId, is_current_user: true }] });
    // The same owner gets the same session.
    expect((await call('POST', '/social-connect/v1/sessions', demo)).body.sessionToken).toBe(token);
    const seen = await call('GET', `/social-connect/v1/session_info/${token}`, stranger);
    expect(seen.body).toMatchObject({ is_session_owner: false, is_member: false });
    const joined = await call('PUT', `/social-connect/v1/join/${token}`, stranger);
    expect(joined.status).toBe(200);
    expect(joined.body.session_members.map((m: any) => m.id).sort()).toEqual([demoId, strangerId].sort());
    expect((await call('GET', `/social-connect/v1/session_info/${token}`, demo)).body.session_members).toHaveLength(2);
    expect((await call('PUT', '/social-connect/v1/join/abcdefghijklmnopqrstuvwxyz012345', stranger)).status).toBe(404);
    expect((await call('GET', '/social-connect/v1/session_info/short', demo)).status).toBe(400);
  });

  it("root playlist list: revisions follow the user's follows, diffs name what changed, changes against an old revision are refused; only the user", async () => {
    const path = `/playlist/v2/user/${strangerId}/rootlist`;
    const first = await call('GET', `${path}?decorate=revision,length,attributes,timestamp,owner`, stranger);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ length: 0, owner: `spotify:user:${strangerId}`, contents: { items: [] } });
    const r1 = Number(first.body.revision);
    expect((await call('PUT', `/v1/playlists/${playlist}/followers`, stranger, { public: false })).status).toBe(200);
    const second = await call('GET', path, stranger);
    expect(Number(second.body.revision)).toBe(r1 + 1);
    expect(second.body.contents.items).toEqual([{ uri: `spotify:playlist:${playlist}` }]);
    const diff = await call('GET', `${path}/diff?revision=${r1}`, stranger);
    expect(diff.body).toMatchObject({
      fromRevision: String(r1),
      revision: String(r1 + 1),
      operations: [{ kind: 'add', uri: `spotify:playlist:${playlist}`, index: 0 }],
    });
    expect((await call('GET', `${path}?revision=${r1}`, stranger)).body.contents.items).toEqual([]);
    const stale = await call('POST', `${path}/changes`, stranger, { baseRevision: r1, deltas: [{ kind: 'remove', uri: `spotify:playlist:${playlist}` }] });
    expect(stale.status).toBe(409);
    const removed = await call('POST', `${path}/changes`, stranger, {
      baseRevision: r1 + 1,
      deltas: [{ kind: 'remove', uri: `spotify:playlist:${playlist}` }],
    });
    expect([removed.status, removed.body.contents.items]).toEqual([200, []]);
    expect(await t.db.selectFrom('playlist_followers').selectAll().where('user_id', '=', strangerId).execute()).toEqual([]);
    // Everyone else: another user's list is neither read nor changed.
    expect((await call('GET', path, demo)).status).toBe(403);
    expect((await call('GET', `${path}/diff?revision=1`, demo)).status).toBe(403);
    expect((await call('POST', `${path}/changes`, demo, { baseRevision: r1 + 2, deltas: [{ kind: 'add', uri: `spotify:playlist:${playlist}` }] })).status).toBe(
      403,
    );
    for (const [method, p, body] of [
      ['GET', `${path}?decorate=bogus`, undefined],
      ['GET', `${path}/diff`, undefined],
      ['GET', `${path}?revision=x`, undefined],
      ['POST', `${path}/changes`, { baseRevision: -1, deltas: [] }],
      ['POST', `${path}/changes`, { baseRevision: 1, deltas: [{ kind: 'move', uri: `spotify:playlist:${playlist}` }] }],
    ] as const) {
      expect([p, (await call(method, p, stranger, body)).status]).toEqual([p, 400]);
    }
    expect((await call('GET', `${path}?revision=999`, stranger)).status).toBe(404);
  });
  it('browse views (spec 001 §2 browse pages): new releases newest first, podcasts shows only, charts by how many keep an item, discover leaves out what the viewer keeps', async () => {
    const sections = async (id: string, token: string, query = '') => {
      const answer = await call('GET', `/v1/views/${id}?platform=web${query}`, token);
      expect([id, answer.status]).toEqual([id, 200]);
      return Object.fromEntries(answer.body.content.items.map((s: any) => [s.id, s.content.items.map((x: any) => x.id as string)])) as Record<string, string[]>;
    };
    const albums = await t.db.selectFrom('albums').select(['id', 'release_date', 'name']).execute();
    const newest = [...albums]
      .sort((a, b) =>
        a.release_date < b.release_date ? 1 : a.release_date > b.release_date ? -1 : a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1,
      )
      .map((a) => a.id);
    expect(await sections('new-releases', anonymous)).toEqual({ 'new-releases-albums': newest });
    expect(Object.keys(await sections('podcasts', anonymous))).toEqual(['podcasts-shows']);
    expect(await sections('podcasts', anonymous, '&types=album')).toEqual({});
    // The oldest album, kept by two users, tops the charts.
    const oldest = newest.at(-1)!;
    for (const token of [demo, stranger]) expect((await call('PUT', `/v1/me/albums?ids=${oldest}`, token)).status).toBe(200);
    expect((await sections('charts', anonymous))['charts-albums']![0]).toBe(oldest);
    expect((await sections('discover', demo))['discover-albums']).not.toContain(oldest);
    expect((await sections('discover', anonymous))['discover-albums']).toContain(oldest);
    expect((await sections('featured', demo, '&content_limit=1'))['featured-albums']).toEqual([oldest]);
    expect((await call('GET', '/v1/views/genre-none', demo)).status).toBe(404);
    expect((await call('GET', '/v1/views/charts', null)).status).toBe(401);
  });
});
