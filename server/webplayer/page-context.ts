import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { initialPlaylistEditingState, initialWebPlayerState, obj, str, type OpenPlaylist, type WebPlayerPage } from '../../core/webplayer';
import type { PageMeta, WebPlayerPageData } from '../../ui/webplayer/page-data';
import { messagePage } from '../embed/html';
import { requestOrigin } from '../http/request-origin';
import { renderWebPlayerPage } from './page';
import { createPageTokens } from './page-token';
import { createVideoPreviews } from './video-previews';

/** Who asks for a page: the token /access_token gives their session cookie (anonymous without one). */
export interface Visitor {
  readonly token: string;
  readonly anonymous: boolean;
  readonly expiresAtMs: number;
  /** The logged-in listener's account id and market (/v1/me); null when anonymous. */
  readonly session: WebPlayerPageData['session'];
  /** The listener's product (/v1/me), for what spec 001 §6 tells each role (core/webplayer/tooltips.ts); null when anonymous. */
  readonly product?: string | null;
  /** The origin the visitor reached (server/http/request-origin.ts): the page's media and image URLs name it; absent: left as answered. */
  readonly origin?: string;
}

/** What a page handler answers: a page, a 404 for an item that is not there (or not the visitor's), or a redirect. */
export type PageResult =
  | {
      readonly kind: 'page';
      readonly page: WebPlayerPage;
      /** The page's heading for the document title; the header's name on an item page. */
      readonly title: string;
      /** The search box's text. */
      readonly query?: string;
      /** Saved/followed by URI, for the page's toggles (PageContext.libraryOf). */
      readonly library?: Readonly<Record<string, boolean>>;
      readonly meta?: PageMeta | null;
      /** The listener's own playlist of a /playlist page: they may change it (core/webplayer/playlist-editing.ts). */
      readonly playlist?: OpenPlaylist;
    }
  | { readonly kind: 'notFound'; readonly what: string }
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'redirect'; readonly location: string };

export type PageHandler<P> = (request: FastifyRequest<{ Params: P; Querystring: Record<string, string | undefined> }>, visitor: Visitor) => Promise<PageResult>;

export interface WebPlayerOptions {
  /** The engine's client version (the embed's). */
  readonly version: string;
}

/** What a page group's module (server/webplayer/*-pages.ts) registers its pages with. */
export interface PageContext {
  /** GET `path` (fastify syntax, e.g. '/album/:id') as a web player page. */
  page<P>(path: string, handler: PageHandler<P>): void;
  /** This provider's Web API, asked in-process with the visitor's token: its status and JSON body (null when not JSON). */
  api(visitor: Visitor, url: string): Promise<{ readonly status: number; readonly body: unknown }>;
  /** The body of a 200 answer, else null. */
  apiOk(visitor: Visitor, url: string): Promise<unknown>;
  /** Saved/followed state of these URIs (tracks, albums, shows, artists, playlists) for a logged-in visitor; {} when anonymous. */
  libraryOf(visitor: Visitor, uris: readonly string[]): Promise<Record<string, boolean>>;
  readonly app: FastifyInstance;
}

/** The Host of the pages' in-process Web API requests: a loopback name the origin policy accepts on an inject's port 80, so their URLs start with INJECT_ORIGIN. */
const INJECT_HOST = 'localhost:80';
const INJECT_ORIGIN = 'http://localhost';

/** The Web API's most ids per contains request (spec 001 §7; server/web-api/README.md). */
const CONTAINS_LIMIT: Record<string, number> = { track: 50, album: 20, show: 50, artist: 50 };

/**
 * The pages' common machinery: who the visitor is, the Web API asked in-process with their token
 * (so a page shows exactly what its client would be answered), their library, and the answer
 * (server-rendered HTML with the state the client hydrates from, never cached: it may hold a
 * token and a library).
 */
export function createPageContext(app: FastifyInstance, options: WebPlayerOptions): PageContext {
  const api = async (visitor: { token: string; origin?: string }, url: string) => {
    const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${visitor.token}`, host: INJECT_HOST } });
    let body: unknown;
    try {
      // An in-process answer's absolute URLs name the inject's origin; the visitor's browser needs the one it reached.
      body = answer.body === '' ? null : JSON.parse(answer.body.split(`${INJECT_ORIGIN}/`).join(`${visitor.origin ?? INJECT_ORIGIN}/`));
    } catch {
      body = null;
    }
    return { status: answer.statusCode, body };
  };
  const apiOk = async (visitor: { token: string; origin?: string }, url: string) => {
    const answer = await api(visitor, url);
    return answer.status === 200 ? answer.body : null;
  };

  // The visitor's token: the page session's, reused while it has time left, else a new one (page-token.ts).
  const tokens = createPageTokens(app);
  const visitorOf = async (request: FastifyRequest, reply: FastifyReply): Promise<Visitor | null> => {
    const held = await tokens.tokenFor(request, reply);
    if (held === null) return null;
    const token = held.accessToken;
    const expiresAtMs = held.accessTokenExpirationTimestampMs;
    const origin = requestOrigin(request);
    if (held.isAnonymous) return { token, anonymous: true, expiresAtMs, session: null, origin };
    const me = obj(await apiOk({ token, origin }, '/v1/me'));
    return {
      token,
      anonymous: false,
      expiresAtMs,
      session: { accessToken: token, expiresAtMs, userId: str(me.id), market: str(me.country) },
      product: str(me.product),
      origin,
    };
  };

  const libraryOf = async (visitor: Visitor, uris: readonly string[]): Promise<Record<string, boolean>> => {
    if (visitor.anonymous || visitor.session === null) return {};
    const byType = new Map<string, string[]>();
    for (const uri of new Set(uris)) {
      const [, type = '', id = ''] = uri.split(':');
      if (id !== '') byType.set(type, [...(byType.get(type) ?? []), id]);
    }
    const library: Record<string, boolean> = {};
    const asks: Array<Promise<void>> = [];
    for (const [type, ids] of byType) {
      if (type === 'playlist') {
        // A playlist is followed when its followers contain the listener (spec 001 §7 followers/contains).
        const userId = encodeURIComponent(visitor.session.userId);
        for (const id of ids) {
          asks.push(
            apiOk(visitor, `/v1/playlists/${id}/followers/contains?ids=${userId}`).then((flags) => {
              library[`spotify:playlist:${id}`] = Array.isArray(flags) && flags[0] === true;
            }),
          );
        }
        continue;
      }
      const limit = CONTAINS_LIMIT[type];
      if (limit === undefined) continue;
      const path = type === 'artist' ? '/v1/me/following/contains?type=artist&ids=' : `/v1/me/${type}s/contains?ids=`;
      for (let i = 0; i < ids.length; i += limit) {
        const chunk = ids.slice(i, i + limit);
        asks.push(
          apiOk(visitor, `${path}${chunk.join(',')}`).then((flags) => {
            chunk.forEach((id, j) => (library[`spotify:${type}:${id}`] = Array.isArray(flags) && flags[j] === true));
          }),
        );
      }
    }
    await Promise.all(asks);
    return library;
  };

  const unavailable = (reply: FastifyReply) =>
    reply.code(503).type('text/plain').header('retry-after', '60').send('The web player is busy; try again in a minute.');

  const videoPreviews = createVideoPreviews(app.database.kysely);

  const page = <P>(path: string, handler: PageHandler<P>) => {
    app.get<{ Params: P; Querystring: Record<string, string | undefined> }>(path, async (request, reply) => {
      const visitor = await visitorOf(request, reply);
      if (visitor === null) return unavailable(reply);
      const result = await handler(request, visitor);
      // A listener's library and token are theirs: no shared cache keeps them.
      reply.header('cache-control', 'no-store');
      if (result.kind === 'redirect') return reply.redirect(result.location, 303);
      if (result.kind === 'invalid') return reply.code(400).type('text/html').send(messagePage('Invalid link', result.message));
      if (result.kind === 'notFound') {
        return reply
          .code(404)
          .type('text/html')
          .send(messagePage(`This ${result.what} could not be found`, 'It may have been removed, or the link is mistyped.'));
      }
      // Issue 18: an anonymous visitor's preview of a video episode is its video preview (./video-previews.ts).
      const shown = visitor.anonymous ? await videoPreviews(result.page, visitor) : result.page;
      const state = initialWebPlayerState(
        shown,
        !visitor.anonymous,
        result.library ?? {},
        initialPlaylistEditingState({ loggedIn: !visitor.anonymous, userId: visitor.session?.userId ?? null, open: result.playlist ?? null }),
      );
      const data: WebPlayerPageData = {
        state: visitor.product == null || visitor.product === '' ? state : { ...state, product: visitor.product },
        title: result.title,
        query: result.query ?? '',
        version: options.version,
        session: visitor.session,
        meta: result.meta ?? null,
      };
      return reply.type('text/html').send(renderWebPlayerPage(data));
    });
  };

  return { page, api, apiOk, libraryOf, app };
}
