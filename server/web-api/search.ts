import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { rowMarkets } from '../catalogue/markets';
import {
  pageOf,
  playlistVisibleTo,
  type CatalogueSeed,
  type CatalogueView,
  type Json,
  type ObjectContext,
  type PageRequest,
  type WebApiObjects,
} from '../catalogue/web-api-objects';
import type { SearchType } from './params';

export interface SearchRequest extends PageRequest {
  readonly q: string;
  readonly type: SearchType[];
  readonly include_external: string | null;
  readonly best_match: boolean;
}

interface Candidate {
  readonly id: string;
  readonly name: string;
  /** Other names the item is found by: artists, album, publisher, show, owner. */
  readonly context: string;
  readonly markets: string[] | null;
}

const GROUP_KEYS: Record<SearchType, string> = {
  album: 'albums',
  artist: 'artists',
  playlist: 'playlists',
  track: 'tracks',
  show: 'shows',
  episode: 'episodes',
  audiobook: 'audiobooks',
};

/**
 * The catalogue search of spec 001 §7 (result groups of §3: tracks, episodes, albums, artists,
 * playlists, shows, best_match). Every word of q must occur in the item's name or its context
 * (field filters such as `artist:` are read as plain words); an exact name ranks first, then a
 * name that starts with q, then names holding every word. With a market, items not available
 * there are left out, as the public API does.
 */
export function createSearch(db: Kysely<Database>, objects: WebApiObjects) {
  /** Names by key, joined by spaces in the order given (what SQLite's group_concat gave; no SQL of one database). */
  const joined = (rows: ReadonlyArray<{ key: string; name: string }>) => {
    const names = new Map<string, string[]>();
    for (const r of rows) names.set(r.key, [...(names.get(r.key) ?? []), r.name]);
    return (key: string) => (names.get(key) ?? []).join(' ');
  };
  const trackRows = () =>
    db
      .selectFrom('tracks as t')
      .innerJoin('albums as al', 'al.id', 't.album_id')
      .leftJoin('track_markets as m', 'm.track_id', 't.id')
      .select(['t.id', 't.name', 't.album_id', 'al.name as album', 'm.available_markets'])
      .execute();
  const sources: Record<SearchType, (ctx: ObjectContext) => Promise<Candidate[]>> = {
    artist: async () => (await db.selectFrom('artists').select(['id', 'name']).execute()).map((r) => ({ ...r, context: '', markets: null })),
    album: async () => {
      const [albums, credits, tracks] = await Promise.all([
        db.selectFrom('albums').select(['id', 'name']).execute(),
        db
          .selectFrom('album_artists as x')
          .innerJoin('artists as ar', 'ar.id', 'x.artist_id')
          .select(['x.album_id as key', 'ar.name'])
          .orderBy('x.position')
          .execute(),
        trackRows(),
      ]);
      const artists = joined(credits);
      // An album is sold where any of its tracks is (web-api-objects.ts albumMarkets).
      const markets = new Map<string, Set<string>>();
      for (const t of tracks) markets.set(t.album_id, new Set([...(markets.get(t.album_id) ?? []), ...rowMarkets(t)]));
      return albums.map((r) => ({ id: r.id, name: r.name, context: artists(r.id), markets: [...(markets.get(r.id) ?? [])] }));
    },
    track: async () => {
      const [tracks, credits] = await Promise.all([
        trackRows(),
        db
          .selectFrom('track_artists as x')
          .innerJoin('artists as ar', 'ar.id', 'x.artist_id')
          .select(['x.track_id as key', 'ar.name'])
          .orderBy('x.position')
          .execute(),
      ]);
      const artists = joined(credits);
      return tracks.map((r) => ({ id: r.id, name: r.name, context: `${r.album} ${artists(r.id)}`, markets: rowMarkets(r) }));
    },
    // A playlist that is not public is found by its owner only (issue 12).
    playlist: async (ctx) =>
      (
        await db
          .selectFrom('playlists as p')
          .leftJoin('user_playlists as u', 'u.playlist_id', 'p.id')
          .select(['p.id', 'p.name', 'p.owner_display_name as context'])
          .where(playlistVisibleTo(ctx.viewer))
          .execute()
      ).map((r) => ({ ...r, markets: null })),
    show: async () =>
      (await db.selectFrom('shows').select(['id', 'name', 'publisher', 'available_markets']).execute()).map((r) => ({
        id: r.id,
        name: r.name,
        context: r.publisher,
        markets: JSON.parse(r.available_markets) as string[],
      })),
    // spec 001 §6: an episode is available where the episode or its show is.
    episode: async () =>
      (
        await db
          .selectFrom('episodes as e')
          .innerJoin('shows as s', 's.id', 'e.show_id')
          .select(['e.id', 'e.name', 's.name as context', 'e.available_markets as markets', 's.available_markets as show_markets'])
          .execute()
      ).map((r) => ({
        id: r.id,
        name: r.name,
        context: r.context,
        markets: [...new Set([...(JSON.parse(r.markets) as string[]), ...(JSON.parse(r.show_markets) as string[])])],
      })),
    audiobook: async () => [],
  };
  const seedKey: Record<SearchType, keyof CatalogueSeed | null> = {
    artist: 'artists',
    album: 'albums',
    track: 'tracks',
    playlist: 'playlists',
    show: 'shows',
    episode: 'episodes',
    audiobook: null,
  };
  const build: Record<SearchType, (view: CatalogueView, id: string, ctx: ObjectContext) => Json | null> = {
    artist: (v, id, ctx) => v.artist(id, ctx),
    album: (v, id, ctx) => v.simplifiedAlbum(id, ctx),
    track: (v, id, ctx) => v.track(id, ctx),
    playlist: (v, id, ctx) => v.simplifiedPlaylist(id, ctx),
    show: (v, id, ctx) => v.simplifiedShow(id, ctx),
    episode: (v, id, ctx) => v.simplifiedEpisode(id, ctx),
    audiobook: () => null,
  };

  function score(candidate: Candidate, q: string, words: string[]): number {
    const name = candidate.name.toLowerCase();
    const haystack = `${name} ${candidate.context.toLowerCase()}`;
    if (!words.every((w) => haystack.includes(w))) return 0;
    return name === q ? 4 : name.startsWith(q) ? 3 : words.every((w) => name.includes(w)) ? 2 : 1;
  }

  return async (request: SearchRequest, ctx: ObjectContext): Promise<Json> => {
    const q = request.q.trim().toLowerCase();
    const words = q
      .replace(/\b(artist|album|track|year|genre|tag):/g, ' ')
      .split(/\s+/)
      .filter((w) => w !== '');
    const url = `${ctx.hosts.api}/v1/search`;
    const query = {
      q: request.q,
      type: request.type.join(','),
      market: ctx.market ?? undefined,
      include_external: request.include_external ?? undefined,
    };
    // Ranked in JavaScript (lower-cased substrings, localeCompare): the same results on SQLite and Postgres.
    const groups: Array<{ type: SearchType; ids: string[]; top: { id: string; score: number } | undefined }> = [];
    for (const type of request.type) {
      const ranked = (await sources[type](ctx))
        .filter((c) => ctx.market === null || c.markets === null || c.markets.includes(ctx.market))
        .map((c) => ({ id: c.id, name: c.name, score: score(c, q, words) }))
        .filter((c) => c.score > 0)
        .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
      groups.push({ type, ids: ranked.map((c) => c.id), top: ranked[0] });
    }
    // Only the rows of the items shown are read.
    const seed: Record<string, string[]> = {};
    for (const { type, ids } of groups) {
      const key = seedKey[type];
      if (key === null) continue;
      const shown = ids.slice(request.offset, request.offset + request.limit);
      if (ids[0] !== undefined) shown.push(ids[0]);
      seed[key] = [...(seed[key] ?? []), ...shown];
    }
    const view = await objects.view(seed);
    const result: Json = {};
    let best: { score: number; item: Json } | null = null;
    for (const { type, ids, top } of groups) {
      result[GROUP_KEYS[type]] = pageOf(ids, request, (id) => build[type](view, id, ctx), url, query);
      if (top !== undefined && (best === null || top.score > best.score)) best = { score: top.score, item: build[type](view, top.id, ctx) as Json };
    }
    // best_match: the single highest-ranked item over the requested types (first type wins a tie).
    if (request.best_match) result.best_match = { items: best === null ? [] : [best.item] };
    return result;
  };
}
