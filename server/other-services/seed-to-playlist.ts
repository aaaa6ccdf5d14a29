import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { WebApiError } from '../web-api/errors';
import { getRoute, type WebApiDeps } from '../web-api/handler';
import { Market, optional } from '../web-api/params';
import { textParam } from './codecs';

/** Ours: how many similar episodes one answer lists (spec 001 names no limit for seed-to-playlist). */
export const SIMILAR_EPISODES_LIMIT = 20;

/** A seed of similar episodes: spotify:episode:<base62 id> (spec 001 §5 "Similar episodes need an episode address"). */
export const EpisodeSeed = textParam('EpisodeUri', 'an episode URI spotify:episode:<id>', (s) => /^spotify:episode:([0-9A-Za-z]{1,22})$/.exec(s)?.[1]);

/** spec 001 §7: the engine asks response-format=json, the only format served. */
const ResponseFormat = optional(
  textParam('ResponseFormat', 'json', (s) => (s === 'json' ? s : undefined)),
  'json',
);

/**
 * The episodes most like a seed episode, best first: the rest of its show (newest first), then
 * episodes of shows sharing most genres with its show (migration 006 item_genres), then of shows of
 * the same publisher. The seed itself is never listed.
 */
export async function similarEpisodeIds(db: Kysely<Database>, seedId: string): Promise<string[] | null> {
  const seed = await db
    .selectFrom('episodes as e')
    .innerJoin('shows as s', 's.id', 'e.show_id')
    .select(['e.show_id', 's.publisher'])
    .where('e.id', '=', seedId)
    .executeTakeFirst();
  if (seed === undefined) return null;
  const genres = (await db.selectFrom('item_genres').select('genre_id').where('item_type', '=', 'show').where('item_id', '=', seed.show_id).execute()).map(
    (r) => r.genre_id,
  );
  const sharing =
    genres.length === 0
      ? []
      : await db
          .selectFrom('item_genres')
          .select(['item_id', (eb) => eb.fn.countAll<number>().as('shared')])
          .where('item_type', '=', 'show')
          .where('genre_id', 'in', genres)
          .where('item_id', '!=', seed.show_id)
          .groupBy('item_id')
          .execute();
  const samePublisher = (await db.selectFrom('shows').select('id').where('publisher', '=', seed.publisher).where('id', '!=', seed.show_id).execute()).map(
    (r) => r.id,
  );
  // Show rank: its own show first, then by shared genres, then the publisher's other shows.
  const rank = new Map<string, number>([[seed.show_id, Number.MAX_SAFE_INTEGER]]);
  for (const s of sharing) rank.set(s.item_id, 1000 + Number(s.shared));
  for (const id of samePublisher) if (!rank.has(id)) rank.set(id, 1);
  const shows = [...rank.keys()];
  const episodes = await db.selectFrom('episodes').select(['id', 'show_id', 'release_date']).where('show_id', 'in', shows).where('id', '!=', seedId).execute();
  return episodes
    .sort(
      (a, b) =>
        rank.get(b.show_id)! - rank.get(a.show_id)! ||
        a.show_id.localeCompare(b.show_id) ||
        b.release_date.localeCompare(a.release_date) ||
        a.id.localeCompare(b.id),
    )
    .map((e) => e.id);
}

/**
 * spec 001 §7 Seed-to-playlist (/inspiredby-mix/v2): GET /seed_to_playlist/{uri}?response-format=json,
 * the similar episodes of an episode. Public catalogue data: any token, an anonymous one too; episodes
 * the caller's market does not sell are left out (spec 001 §6).
 */
export function registerSeedToPlaylist(api: FastifyInstance, deps: WebApiDeps): void {
  const Query = t.type({ uri: EpisodeSeed, 'response-format': ResponseFormat, market: Market });
  getRoute(api, deps, '/seed_to_playlist/:uri', Query, async ({ params, ctx }) => {
    const ids = await similarEpisodeIds(deps.db, params.uri);
    if (ids === null) throw new WebApiError(404, `Non existing id: 'spotify:episode:${params.uri}'`);
    const view = await deps.objects.view({ episodes: ids });
    const episodes = ids
      .map((id) => view.episode(id, { ...ctx, market: ctx.market ?? ctx.country }))
      .filter((e): e is NonNullable<typeof e> => e !== null && (e as { is_playable?: boolean }).is_playable !== false)
      .slice(0, SIMILAR_EPISODES_LIMIT);
    return {
      seedUri: `spotify:episode:${params.uri}`,
      mediaItems: episodes.map((e) => ({ uri: (e as { uri: string }).uri })),
      episodes,
    };
  });
}
