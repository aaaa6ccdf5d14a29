import type { Db } from '../db/open-database';
import { pageOf, playlistVisibleTo, type Json, type ObjectContext, type PageRequest, type WebApiObjects } from '../catalogue/web-api-objects';
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
export function createSearch(db: Db, objects: WebApiObjects) {
  // Each source's statement is prepared once, on its first search.
  const statements = new Map<string, ReturnType<Db['prepare']>>();
  const all = (sql: string) => {
    const known = statements.get(sql) ?? db.prepare(sql);
    statements.set(sql, known);
    return known;
  };
  const sources: Record<SearchType, (ctx: ObjectContext) => Candidate[]> = {
    artist: () => (all('SELECT id, name FROM artists').all() as Candidate[]).map((r) => ({ ...r, context: '', markets: null })),
    album: () =>
      (
        all(`SELECT a.*, (SELECT group_concat(ar.name, ' ') FROM album_artists x JOIN artists ar ON ar.id = x.artist_id
             WHERE x.album_id = a.id) AS context FROM albums a`).all() as Array<Record<string, unknown>>
      ).map((r) => ({ id: String(r.id), name: String(r.name), context: String(r.context ?? ''), markets: objects.albumMarkets(String(r.id)) })),
    track: () =>
      (
        all(`SELECT t.*, al.name || ' ' || coalesce((SELECT group_concat(ar.name, ' ') FROM track_artists x
             JOIN artists ar ON ar.id = x.artist_id WHERE x.track_id = t.id), '') AS context
             FROM tracks t JOIN albums al ON al.id = t.album_id`).all() as Array<Record<string, unknown>>
      ).map((r) => ({ id: String(r.id), name: String(r.name), context: String(r.context), markets: objects.trackMarkets(String(r.id)) })),
    // A playlist that is not public is found by its owner only (issue 12).
    playlist: (ctx) =>
      (
        all(
          `SELECT p.id, p.name, p.owner_display_name AS context FROM playlists p LEFT JOIN user_playlists u ON u.playlist_id = p.id
           WHERE ${playlistVisibleTo('@viewer')}`,
        ).all({ viewer: ctx.viewer }) as Candidate[]
      ).map((r) => ({ ...r, markets: null })),
    show: () =>
      (all('SELECT id, name, publisher AS context, available_markets FROM shows').all() as Array<Record<string, string>>).map((r) => ({
        id: String(r.id),
        name: String(r.name),
        context: String(r.context),
        markets: JSON.parse(String(r.available_markets)) as string[],
      })),
    episode: () =>
      (all('SELECT e.id, e.name, s.name AS context FROM episodes e JOIN shows s ON s.id = e.show_id').all() as Candidate[]).map(
        (r) => ({ ...r, markets: objects.episodeMarkets(r.id) }),
      ),
    audiobook: () => [],
  };
  const build: Record<SearchType, (id: string, ctx: ObjectContext) => Json | null> = {
    artist: objects.artist,
    album: objects.simplifiedAlbum,
    track: objects.track,
    playlist: objects.simplifiedPlaylist,
    show: objects.simplifiedShow,
    episode: objects.simplifiedEpisode,
    audiobook: () => null,
  };

  function score(candidate: Candidate, q: string, words: string[]): number {
    const name = candidate.name.toLowerCase();
    const haystack = `${name} ${candidate.context.toLowerCase()}`;
    if (!words.every((w) => haystack.includes(w))) return 0;
    return name === q ? 4 : name.startsWith(q) ? 3 : words.every((w) => name.includes(w)) ? 2 : 1;
  }

  return (request: SearchRequest, ctx: ObjectContext): Json => {
    const q = request.q.trim().toLowerCase();
    const words = q.replace(/\b(artist|album|track|year|genre|tag):/g, ' ').split(/\s+/).filter((w) => w !== '');
    const url = `${ctx.hosts.api}/v1/search`;
    const query = {
      q: request.q,
      type: request.type.join(','),
      market: ctx.market ?? undefined,
      include_external: request.include_external ?? undefined,
    };
    const result: Json = {};
    let best: { score: number; item: Json } | null = null;
    for (const type of request.type) {
      const ranked = sources[type](ctx)
        .filter((c) => ctx.market === null || c.markets === null || c.markets.includes(ctx.market))
        .map((c) => ({ id: c.id, name: c.name, score: score(c, q, words) }))
        .filter((c) => c.score > 0)
        .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
      result[GROUP_KEYS[type]] = pageOf(
        ranked.map((c) => c.id),
        request,
        (id) => build[type](id, ctx),
        url,
        query,
      );
      const top = ranked[0];
      if (top !== undefined && (best === null || top.score > best.score)) best = { score: top.score, item: build[type](top.id, ctx) as Json };
    }
    // best_match: the single highest-ranked item over the requested types (first type wins a tie).
    if (request.best_match) result.best_match = { items: best === null ? [] : [best.item] };
    return result;
  };
}
