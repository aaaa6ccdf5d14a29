import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as t from 'io-ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { createWebApiObjects, type ObjectContext } from '../catalogue/web-api-objects';
import { ANONYMOUS_USER, requireBearer, type Authenticate, type TokenOwner } from '../web-api/auth';
import { installWebApiErrors, WebApiError } from '../web-api/errors';
import { recordTermsAcceptance } from './terms-acceptance';
import { found, getRoute, originOf, userRoute, type WebApiDeps } from '../web-api/handler';
import { CatalogueId, decodeParams, Market, optional, UserId } from '../web-api/params';
import {
  ExtendBody,
  LicenceVersion,
  OptionalText,
  PlaylistUriParam,
  RecentlyPlayedLimit,
  Revision,
  RootlistChangesBody,
  SessionToken,
  StationCount,
  StationRef,
  stationUri,
  TrackRef,
  textParam,
  PLAYLIST_URI,
} from './codecs';
import { createRadio, type FeedbackKind } from './radio';
import { contextNames, recordRecentlyPlayed } from './recently-played';
import { createRootlist, diff } from './rootlist';
import { registerLegalPages } from './legal-pages';
import { registerSeedToPlaylist } from './seed-to-playlist';

export interface OtherServicesOptions {
  readonly authenticate: Authenticate;
  /** The provider's public origin; '' makes links absolute to the request's origin. */
  readonly publicUrl: string;
  /** The terms licence version every logged-in user must have accepted (spec 001 §7 Terms). */
  readonly termsLicence?: string;
  readonly now?: () => number;
}

/** The licence version when none is configured. */
export const DEFAULT_TERMS_LICENCE = '2026-11';

/** spec 001 §7 Other services: one prefix per service (server/other-services/README.md). */
export const OTHER_SERVICE_PREFIXES = [
  '/open-backend-2/v1',
  '/radio-apollo/v3',
  '/metrics-backend/v1',
  '/playlistextender',
  '/reaccept-my-legal/v1',
  '/sponsoredplaylist/v1',
  '/social-connect/v1',
  '/playlist/v2',
  '/inspiredby-mix/v2',
] as const;

/**
 * The other services of spec 001 §7 over the configured database (README.md beside this file).
 * Every route takes the bearer check of the Web API (server/web-api/auth.ts) and answers its JSON
 * error object; a user's own data needs that user's token.
 */
export function registerOtherServices(app: FastifyInstance, options: OtherServicesOptions): void {
  const db = app.database.kysely;
  const now = options.now ?? Date.now;
  const deps: WebApiDeps = { db, objects: createWebApiObjects(db), publicUrl: options.publicUrl, authenticate: options.authenticate, now };
  recordRecentlyPlayed(app, db, now);
  const service = (prefix: (typeof OTHER_SERVICE_PREFIXES)[number], routes: (api: FastifyInstance) => void) =>
    void app.register(
      async (api) => {
        installWebApiErrors(api, { notFound: true });
        routes(api);
      },
      { prefix },
    );
  service('/open-backend-2/v1', (api) => backendMetadata(api, deps));
  service('/radio-apollo/v3', (api) => radio(api, deps));
  service('/metrics-backend/v1', (api) => recentlyPlayed(api, deps));
  service('/playlistextender', (api) => recommendations(api, deps));
  service('/reaccept-my-legal/v1', (api) => terms(api, deps, options.termsLicence ?? DEFAULT_TERMS_LICENCE));
  service('/sponsoredplaylist/v1', (api) => sponsored(api, deps));
  service('/social-connect/v1', (api) => social(api, deps));
  service('/playlist/v2', (api) => rootlist(api, deps));
  service('/inspiredby-mix/v2', (api) => registerSeedToPlaylist(api, deps));
  registerLegalPages(app, options.termsLicence ?? DEFAULT_TERMS_LICENCE);
}

const viewerOf = (owner: TokenOwner) => (owner.userId === ANONYMOUS_USER ? null : owner.userId);

function contextFor(request: FastifyRequest, deps: WebApiDeps, owner: TokenOwner, market: string | null): ObjectContext {
  const origin = originOf(request, deps.publicUrl);
  return {
    hosts: { api: origin, open: origin, static: origin },
    market: market === 'from_token' ? owner.country : market,
    country: owner.country,
    viewer: viewerOf(owner),
  };
}

/** The path's user must be the caller (a user's recently played and root list are theirs alone). */
function ownPath(userId: string, pathUser: string): void {
  if (pathUser !== userId) throw new WebApiError(403, "Not allowed to read or change another user's data");
}

// Backend metadata: the catalogue's artist and episode objects (public data: any token, anonymous too).
function backendMetadata(api: FastifyInstance, deps: WebApiDeps): void {
  const One = t.type({ id: CatalogueId, market: Market });
  getRoute(api, deps, '/artists/:id', One, async ({ params, ctx }) => found(await deps.objects.artist(params.id, ctx), 'artist', params.id));
  getRoute(api, deps, '/episodes/:id', One, async ({ params, ctx }) => found(await deps.objects.episode(params.id, ctx), 'episode', params.id));
}

function radio(api: FastifyInstance, deps: WebApiDeps): void {
  const stations = createRadio(deps.db, deps.now);
  // Clusters: a station per catalogue artist, album and playlist (public data: any token).
  getRoute(api, deps, '/clusters', t.type({ salt: OptionalText, image_style: OptionalText }), async ({ ctx }) => {
    const [artists, albums, playlists] = await Promise.all([
      deps.db.selectFrom('artists').select(['id', 'name']).orderBy('name').orderBy('id').limit(20).execute(),
      deps.db.selectFrom('albums').select(['id', 'name']).orderBy('release_date', 'desc').orderBy('id').limit(20).execute(),
      deps.db
        .selectFrom('playlists as p')
        .leftJoin('user_playlists as u', 'u.playlist_id', 'p.id')
        .select(['p.id', 'p.name'])
        .where((eb) => eb.or([eb('u.public', 'is', null), eb('u.public', '=', 1)]))
        .orderBy('p.name')
        .orderBy('p.id')
        .limit(20)
        .execute(),
    ]);
    const view = await deps.objects.view({ artists: artists.map((a) => a.id), albums: albums.map((a) => a.id), playlists: playlists.map((p) => p.id) });
    const imageOf = (object: { images?: Array<{ url: string }> } | null) => object?.images?.[0]?.url ?? null;
    const station = (type: 'artist' | 'album' | 'playlist', id: string, name: string, image: string | null) => ({
      uri: stationUri({ type, id }),
      title: name,
      titleUri: `spotify:${type}:${id}`,
      seeds: [`spotify:${type}:${id}`],
      imageUri: image,
    });
    return {
      clusters: [
        { id: 'artists', title: 'Artist radio', stations: artists.map((a) => station('artist', a.id, a.name, imageOf(view.artist(a.id, ctx) as never))) },
        { id: 'albums', title: 'Album radio', stations: albums.map((a) => station('album', a.id, a.name, imageOf(view.album(a.id, ctx) as never))) },
        {
          id: 'playlists',
          title: 'Playlist radio',
          stations: playlists.map((p) => station('playlist', p.id, p.name, imageOf(view.simplifiedPlaylist(p.id, ctx) as never))),
        },
      ].filter((c) => c.stations.length > 0),
    };
  });

  // A station: what it plays next for the caller (an anonymous listener gets it without feedback).
  getRoute(
    api,
    deps,
    '/stations/:id',
    t.type({ id: StationRef, salt: OptionalText, count: StationCount, image_style: OptionalText }),
    async ({ params, ctx, owner }) => {
      const uri = stationUri(params.id);
      const ids = await stations.stationTracks(params.id, uri, viewerOf(owner), params.salt ?? '', params.count);
      if (ids === null) throw new WebApiError(404, `Non existing id: 'spotify:${params.id.type}:${params.id.id}'`);
      const seedKey = `${params.id.type}s`;
      const view = await deps.objects.view({ tracks: ids, [seedKey]: seedKey === 'tracks' ? [...ids, params.id.id] : [params.id.id] });
      const seed = (view as unknown as Record<string, (id: string, c: ObjectContext) => { name?: string } | null>)[
        params.id.type === 'playlist' ? 'simplifiedPlaylist' : params.id.type
      ]?.(params.id.id, ctx);
      return {
        uri,
        title: seed?.name ?? '',
        seeds: [`spotify:${params.id.type}:${params.id.id}`],
        tracks: ids.map((id) => view.track(id, ctx)).filter((x) => x !== null),
      };
    },
  );

  // Like and ban: the caller's own feedback on a station, changing what it plays next.
  const mix = (path: string, kind: FeedbackKind) =>
    userRoute(api, deps, 'POST', path, { query: t.type({ context: StationRef, track: TrackRef }) }, 204, async ({ params, userId }) => {
      if (!(await stations.feedback(userId, stationUri(params.context), kind, params.track)))
        throw new WebApiError(404, `Non existing id: 'spotify:track:${params.track}'`);
      return undefined;
    });
  mix('/mixes/like/song/:context/:track', 'like_song');
  mix('/mixes/ban/song/:context/:track', 'ban_song');
  mix('/mixes/ban/artist/:context/:track', 'ban_artist');
}

function recentlyPlayed(api: FastifyInstance, deps: WebApiDeps): void {
  const Query = t.type({
    userId: UserId,
    alt: optional(
      textParam('Alt', 'json', (s) => (s === 'json' ? s : undefined)),
      null,
    ),
    limit: RecentlyPlayedLimit,
  });
  userRoute(api, deps, 'GET', '/user/:userId/recently-played', { query: Query }, 200, async ({ params, userId }) => {
    ownPath(userId, params.userId);
    const rows = await deps.db
      .selectFrom('recently_played')
      .select(['context_uri', 'last_played_at'])
      .where('account_id', '=', userId)
      .orderBy('last_played_at', 'desc')
      .orderBy('context_uri')
      .limit(params.limit)
      .execute();
    const names = await contextNames(
      deps.db,
      rows.map((r) => r.context_uri),
    );
    return { playContexts: rows.map((r) => ({ uri: r.context_uri, name: names.get(r.context_uri) ?? '', lastPlayedTime: Number(r.last_played_at) })) };
  });
}

/** A playlist the caller may read: a catalogue playlist, a public made one or the caller's own. */
async function visiblePlaylist(db: Kysely<Database>, id: string, viewer: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('playlists as p')
    .leftJoin('user_playlists as u', 'u.playlist_id', 'p.id')
    .select(['p.id', 'u.public', 'u.owner_id'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row !== undefined && (row.public === null || Number(row.public) === 1 || row.owner_id === viewer);
}

function recommendations(api: FastifyInstance, deps: WebApiDeps): void {
  const stations = createRadio(deps.db, deps.now);
  // Extends a playlist (spec 001 §3 recommended tracks with a skip list): tracks of its radio, not in it, not skipped. Any token.
  api.post('/extendp/', async (request, reply) => {
    const owner = await requireBearer(request, deps.authenticate);
    const body = decodeParams(ExtendBody, request.body ?? {});
    const playlistId = PLAYLIST_URI.exec(body.playlistURI)![1]!;
    if (!(await visiblePlaylist(deps.db, playlistId, viewerOf(owner)))) throw new WebApiError(404, `Non existing id: '${body.playlistURI}'`);
    const inPlaylist = new Set(
      (await deps.db.selectFrom('playlist_tracks').select('track_id').where('playlist_id', '=', playlistId).execute()).map((r) => r.track_id),
    );
    const skip = new Set(body.trackSkipIDs ?? []);
    const ids = (await stations.stationTracks({ type: 'playlist', id: playlistId }, `spotify:station:playlist:${playlistId}`, null, playlistId, 2000)) ?? [];
    const picked = ids.filter((id) => !inPlaylist.has(id) && !skip.has(id)).slice(0, body.numResults ?? 10);
    const ctx = contextFor(request, deps, owner, 'from_token');
    const view = await deps.objects.view({ tracks: picked });
    return reply.send({ playlistURI: body.playlistURI, recommendedTracks: picked.map((id) => view.track(id, ctx)).filter((x) => x !== null) });
  });
}

function terms(api: FastifyInstance, deps: WebApiDeps, licence: string): void {
  const Language = textParam('Language', 'a language tag such as en or sv-SE', (s) => (/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(s) ? s : undefined));
  userRoute(api, deps, 'GET', '/reacceptance-metadata', { query: t.type({ language: Language }) }, 200, async ({ params, userId, ctx }) => {
    const accepted = await deps.db.selectFrom('terms_acceptances').select('license').where('account_id', '=', userId).executeTakeFirst();
    const base = ctx.hosts.open;
    return {
      language: params.language,
      license: licence,
      acceptedLicense: accepted?.license ?? null,
      reacceptanceRequired: accepted?.license !== licence,
      documents: [
        { name: 'terms', url: `${base}/legal/terms?license=${encodeURIComponent(licence)}&language=${encodeURIComponent(params.language)}` },
        { name: 'privacy', url: `${base}/legal/privacy?language=${encodeURIComponent(params.language)}` },
      ],
    };
  });
  userRoute(api, deps, 'PUT', '/license/:license', { query: t.type({ license: LicenceVersion }) }, 204, async ({ params, userId }) => {
    // Only the licence in force can be accepted: an older one leaves the user still to reaccept.
    if (params.license !== licence) throw new WebApiError(409, `Licence ${params.license} is not the current licence`);
    await recordTermsAcceptance(deps.db, userId, licence, deps.now());
    return undefined;
  });
}

function sponsored(api: FastifyInstance, deps: WebApiDeps): void {
  // spec 001 §7: the client sends App-Platform with these requests; without it the request is refused.
  const platform = (request: FastifyRequest) => {
    const value = request.headers['app-platform'];
    if (typeof value !== 'string' || value === '') throw new WebApiError(400, 'Invalid request header App-Platform: required');
  };
  let seeded: Promise<void> | undefined;
  // The demo's placement: the first catalogue playlist, when no placement was ever made.
  const seed = () =>
    (seeded ??= (async () => {
      const any = await deps.db.selectFrom('sponsored_placements').select('playlist_id').limit(1).executeTakeFirst();
      if (any !== undefined) return;
      const first = await deps.db
        .selectFrom('playlists as p')
        .leftJoin('user_playlists as u', 'u.playlist_id', 'p.id')
        .select('p.id')
        .where('u.playlist_id', 'is', null)
        .orderBy('p.id')
        .limit(1)
        .executeTakeFirst();
      if (first === undefined) return;
      await deps.db
        .insertInto('sponsored_placements')
        .values({
          playlist_id: first.id,
          sponsor: 'Demo Sponsor',
          message: 'Presented by Demo Sponsor',
          click_url: 'https://example.com/sponsor',
          starts_at: 0,
          ends_at: 4_102_444_800_000,
        })
        .onConflict((oc) => oc.column('playlist_id').doNothing())
        .execute();
    })().catch((error: unknown) => {
      // A failed seeding is tried again by the next request.
      seeded = undefined;
      throw error;
    }));
  const active = async () => {
    await seed();
    const at = deps.now();
    return deps.db.selectFrom('sponsored_placements').selectAll().where('starts_at', '<=', at).where('ends_at', '>', at).orderBy('playlist_id').execute();
  };
  api.get('/sponsored', async (request, reply: FastifyReply) => {
    await requireBearer(request, deps.authenticate);
    platform(request);
    const rows = await active();
    return reply.send({
      sponsorships: rows.map((r) => ({
        playlistUri: `spotify:playlist:${r.playlist_id}`,
        sponsor: r.sponsor,
        startTime: Number(r.starts_at),
        endTime: Number(r.ends_at),
      })),
    });
  });
  api.get('/sponsored/:playlistUri', async (request, reply: FastifyReply) => {
    await requireBearer(request, deps.authenticate);
    const { playlistUri } = decodeParams(t.type({ playlistUri: PlaylistUriParam }), request.params);
    platform(request);
    const row = (await active()).find((r) => r.playlist_id === playlistUri);
    if (row === undefined) throw new WebApiError(404, `No sponsorship for 'spotify:playlist:${playlistUri}'`);
    return reply.send({
      playlistUri: `spotify:playlist:${row.playlist_id}`,
      sponsorships: [{ sponsor: row.sponsor }],
      ad: { sponsor: row.sponsor, message: row.message, clickUrl: row.click_url },
    });
  });
}

function social(api: FastifyInstance, deps: WebApiDeps): void {
  const info = async (token: string, userId: string, origin: string) => {
    const session = await deps.db.selectFrom('social_sessions').selectAll().where('token', '=', token).executeTakeFirst();
    if (session === undefined) throw new WebApiError(404, 'No such session');
    const members = await deps.db
      .selectFrom('social_session_members as m')
      .leftJoin('accounts as a', 'a.id', 'm.account_id')
      .select(['m.account_id', 'a.display_name', 'm.joined_at'])
      .where('m.token', '=', token)
      .orderBy('m.joined_at')
      .orderBy('m.account_id')
      .execute();
    return {
      session_id: session.session_id,
      sessionToken: session.token,
      join_session_uri: `${origin}/social-connect/v1/join/${session.token}`,
      session_owner_id: session.owner_id,
      is_session_owner: session.owner_id === userId,
      is_member: members.some((m) => m.account_id === userId),
      timestamp: Number(session.created_at),
      session_members: members.map((m) => ({
        id: m.account_id,
        display_name: m.display_name ?? m.account_id,
        is_current_user: m.account_id === userId,
        joined_at: Number(m.joined_at),
      })),
    };
  };
  const Token = t.type({ token: SessionToken });
  // Not in spec 001 §7 (only session info and join are): a logged-in user starts a session, or gets the one they own.
  userRoute(api, deps, 'POST', '/sessions', { query: t.type({}) }, 201, async ({ userId, ctx }) => {
    const owned = await deps.db.selectFrom('social_sessions').select('token').where('owner_id', '=', userId).executeTakeFirst();
    if (owned !== undefined) return info(owned.token, userId, ctx.hosts.api);
    const token = randomBytes(24).toString('base64url');
    const at = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      await trx.insertInto('social_sessions').values({ token, session_id: randomUUID(), owner_id: userId, created_at: at }).execute();
      await trx.insertInto('social_session_members').values({ token, account_id: userId, joined_at: at }).execute();
    });
    return info(token, userId, ctx.hosts.api);
  });
  // Anyone logged in holding the token (the invitation) may see the session and join it.
  userRoute(api, deps, 'GET', '/session_info/:token', { query: Token }, 200, ({ params, userId, ctx }) => info(params.token, userId, ctx.hosts.api));
  userRoute(api, deps, 'PUT', '/join/:token', { query: Token }, 200, async ({ params, userId, ctx }) => {
    await info(params.token, userId, ctx.hosts.api);
    await deps.db
      .insertInto('social_session_members')
      .values({ token: params.token, account_id: userId, joined_at: deps.now() })
      .onConflict((oc) => oc.columns(['token', 'account_id']).doNothing())
      .execute();
    return info(params.token, userId, ctx.hosts.api);
  });
}

const ROOTLIST_FIELDS = ['revision', 'length', 'attributes', 'timestamp', 'owner'] as const;

function rootlist(api: FastifyInstance, deps: WebApiDeps): void {
  const lists = createRootlist(deps.db, deps.now);
  const Decorate = optional(
    textParam('Decorate', `a comma-separated list of ${ROOTLIST_FIELDS.join(', ')}`, (s) => {
      const fields = s.split(',');
      return fields.every((f) => (ROOTLIST_FIELDS as readonly string[]).includes(f)) ? fields : undefined;
    }),
    null,
  );
  const answer = (userId: string, rev: { revision: number; items: string[]; timestamp: number }, decorate: string[] | null) => {
    const all = {
      revision: String(rev.revision),
      length: rev.items.length,
      attributes: { name: 'rootlist' },
      timestamp: rev.timestamp,
      owner: `spotify:user:${userId}`,
    };
    const picked = decorate === null ? all : Object.fromEntries(Object.entries(all).filter(([k]) => decorate.includes(k)));
    return { ...picked, contents: { items: rev.items.map((uri) => ({ uri })) } };
  };
  userRoute(
    api,
    deps,
    'GET',
    '/user/:userId/rootlist',
    { query: t.type({ userId: UserId, decorate: Decorate, revision: optional(Revision, null) }) },
    200,
    async ({ params, userId }) => {
      ownPath(userId, params.userId);
      const rev = params.revision === null ? await lists.current(userId) : await lists.at(userId, params.revision);
      if (rev === null) throw new WebApiError(404, `No revision ${params.revision}`);
      return answer(userId, rev, params.decorate);
    },
  );
  userRoute(api, deps, 'GET', '/user/:userId/rootlist/diff', { query: t.type({ userId: UserId, revision: Revision }) }, 200, async ({ params, userId }) => {
    ownPath(userId, params.userId);
    const from = await lists.at(userId, params.revision);
    if (from === null) throw new WebApiError(404, `No revision ${params.revision}`);
    const to = await lists.current(userId);
    return { fromRevision: String(from.revision), revision: String(to.revision), operations: diff(from.items, to.items), length: to.items.length };
  });
  userRoute(
    api,
    deps,
    'POST',
    '/user/:userId/rootlist/changes',
    { query: t.type({ userId: UserId }), body: RootlistChangesBody },
    200,
    async ({ params, body, userId }) => {
      ownPath(userId, params.userId);
      const deltas = body.deltas.map((d) => ({ kind: d.kind, id: PLAYLIST_URI.exec(d.uri)![1]! }));
      // An added playlist must exist and be one the caller may see.
      for (const d of deltas) {
        if (d.kind === 'add' && !(await visiblePlaylist(deps.db, d.id, userId))) throw new WebApiError(404, `Non existing id: 'spotify:playlist:${d.id}'`);
      }
      const rev = await lists.change(userId, body.baseRevision, deltas);
      if (rev === null) throw new WebApiError(409, `baseRevision ${body.baseRevision} is not the current revision`);
      return answer(userId, rev, null);
    },
  );
}
