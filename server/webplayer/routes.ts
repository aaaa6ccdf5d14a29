import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { initialWebPlayerState, type WebPlayerPage, type WebTrack } from '../../core/webplayer';
import type { WebPlayerPageData } from '../../ui/webplayer/page-data';
import { renderWebPlayerPage } from './page';

type Json = Record<string, unknown>;

export interface WebPlayerOptions {
  /** The engine's client version (the embed's). */
  readonly version: string;
}

const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A Web API track object as a row of the page; is_playable false (market relinking) cannot play. */
const toTrack = (o: Json): WebTrack => ({
  id: str(o.id),
  uri: str(o.uri),
  name: str(o.name),
  artists: list(o.artists)
    .map((a) => str(a.name))
    .join(', '),
  playable: o.is_playable !== false,
});

const SEARCH_LIMIT = 20;
/** The Web API's page size of /me/tracks (spec 001 §7). */
const COLLECTION_LIMIT = 50;

/**
 * The web player's pages at the paths of spec 001 §2 (issue 17's first slice): /search/{query}
 * (and /songs) and /collection/tracks. Their data comes from this provider's own Web API, asked
 * in-process with the visitor's token (the one /access_token gives their session cookie, anonymous
 * without one), so a page shows exactly what its client would be answered.
 */
export function registerWebPlayerRoutes(app: FastifyInstance, options: WebPlayerOptions): void {
  /** The visitor's token: the client address goes along, so /access_token's per-address limit counts them, not this server. */
  const grant = async (request: FastifyRequest): Promise<{ token: string; anonymous: boolean; expiresAtMs: number } | null> => {
    const answer = await app.inject({
      method: 'GET',
      url: '/access_token?reason=init&productType=web_player',
      remoteAddress: request.ip,
      headers: request.headers.cookie === undefined ? {} : { cookie: request.headers.cookie },
    });
    if (answer.statusCode !== 200) return null;
    const body = obj(answer.json());
    const expiresAtMs = typeof body.accessTokenExpirationTimestampMs === 'number' ? body.accessTokenExpirationTimestampMs : 0;
    return { token: str(body.accessToken), anonymous: body.isAnonymous !== false, expiresAtMs };
  };
  const api = async (token: string, url: string): Promise<unknown> => {
    const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return answer.statusCode === 200 ? answer.json() : null;
  };
  /** The page's session for the request layer: the listener's token (the page is theirs alone, never cached) and their collection user. */
  const sessionOf = async (who: { token: string; anonymous: boolean; expiresAtMs: number }): Promise<WebPlayerPageData['session']> => {
    if (who.anonymous) return null;
    const me = obj(await api(who.token, '/v1/me'));
    return { accessToken: who.token, expiresAtMs: who.expiresAtMs, userId: str(me.id), market: str(me.country) };
  };
  const send = (
    reply: FastifyReply,
    page: WebPlayerPage,
    session: WebPlayerPageData['session'],
    saved: Record<string, boolean>,
    title: string,
    query: string,
  ) =>
    reply
      .type('text/html')
      // A listener's library and token are theirs: no shared cache keeps them.
      .header('cache-control', 'no-store')
      .send(renderWebPlayerPage({ state: initialWebPlayerState(page, session !== null, saved), title, query, version: options.version, session }));
  const unavailable = (reply: FastifyReply) =>
    reply.code(503).type('text/plain').header('retry-after', '60').send('The web player is busy; try again in a minute.');

  // The search box's form (no script needed): its text becomes the path of spec 001 §2.
  app.get<{ Querystring: { q?: string } }>('/search', async (request, reply) => {
    const q = (request.query.q ?? '').trim();
    return reply.redirect(q === '' ? '/collection/tracks' : `/search/${encodeURIComponent(q)}`, 303);
  });

  const searchPage = async (request: FastifyRequest<{ Params: { query: string } }>, reply: FastifyReply) => {
    const query = request.params.query;
    const who = await grant(request);
    if (who === null) return unavailable(reply);
    const found = obj(await api(who.token, `/v1/search?q=${encodeURIComponent(query)}&type=track&limit=${SEARCH_LIMIT}&market=from_token`));
    const tracks = list(obj(found.tracks).items).map(toTrack);
    const saved: Record<string, boolean> = {};
    if (!who.anonymous && tracks.length > 0) {
      const contains = await api(who.token, `/v1/me/tracks/contains?ids=${tracks.map((t) => t.id).join(',')}`);
      if (Array.isArray(contains)) tracks.forEach((t, i) => (saved[t.id] = contains[i] === true));
    }
    const path = request.url.split('?')[0] ?? '/search';
    return send(reply, { path, itemUri: null, listContextUri: null, tracks }, await sessionOf(who), saved, `Songs for “${query}”`, query);
  };
  app.get('/search/:query', searchPage);
  app.get('/search/:query/songs', searchPage);

  app.get('/collection/tracks', async (request, reply) => {
    const who = await grant(request);
    if (who === null) return unavailable(reply);
    // The collection is the logged-in listener's own: an anonymous visitor is sent to log in and back.
    if (who.anonymous) return reply.header('cache-control', 'no-store').redirect(`/login?continue=${encodeURIComponent('/collection/tracks')}`, 303);
    const session = await sessionOf(who);
    const rows = list(obj(await api(who.token, `/v1/me/tracks?limit=${COLLECTION_LIMIT}&market=from_token`)).items);
    const tracks = rows.map((row) => toTrack(obj(row.track)));
    const saved = Object.fromEntries(tracks.map((t) => [t.id, true]));
    const page: WebPlayerPage = { path: '/collection/tracks', itemUri: null, listContextUri: `spotify:user:${session?.userId ?? ''}:collection`, tracks };
    return send(reply, page, session, saved, 'Liked Songs', '');
  });
}
