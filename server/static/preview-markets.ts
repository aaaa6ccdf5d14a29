import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { episodeSoldIn, PREVIEW_MARKET_PARAM } from '../catalogue/markets';
import { PREVIEW_FILE_NAME } from '../ingest/transcode-video';

const MARKET = /^[A-Z]{2}$/;

/**
 * spec 000 §5 "an episode not sold in the visitor's market is unavailable": the media route serves an
 * episode's preview only where the episode (or its show) is sold. The market is the one the preview URL was
 * handed out for (its `market` parameter, server/catalogue/markets.ts episodePreviewUrl), else the provider's
 * country, the anonymous visitor's market (spec 000 §7). A file that is no episode's preview is not judged here.
 * An onRequest hook for the media prefix: answers 403 in the Web API's JSON error shape, never cached.
 */
export function previewMarketGuard(db: Kysely<Database>, country: string, prefix: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const path = request.url.split('?', 1)[0]!;
    if (!path.startsWith(prefix)) return;
    let file: string;
    try {
      file = decodeURIComponent(path.slice(prefix.length));
    } catch {
      return; // Not a path of any file: the static route answers it.
    }
    const claimed = (request.query as Record<string, unknown> | undefined)?.[PREVIEW_MARKET_PARAM];
    const market = typeof claimed === 'string' && MARKET.test(claimed) ? claimed : country;
    // Issue 18: a video episode's preview file (`${media_dir}/preview.mp4`, server/ingest/transcode-video.ts) too.
    const videoDir = file.endsWith(`/${PREVIEW_FILE_NAME}`) ? file.slice(0, -PREVIEW_FILE_NAME.length - 1) : null;
    const holders = await db
      .selectFrom('episodes as e')
      .leftJoin('shows as s', 's.id', 'e.show_id')
      .select(['e.id', 'e.available_markets', 's.available_markets as show_markets'])
      .where((w) =>
        videoDir === null
          ? w('e.preview_file', '=', file)
          : w.or([w('e.preview_file', '=', file), w('e.id', 'in', w.selectFrom('video_sources').select('episode_id').where('media_dir', '=', videoDir))]),
      )
      .execute();
    if (holders.length === 0 || holders.some((e) => episodeSoldIn(e.available_markets, e.show_markets ?? null, market))) return;
    const message = `Restriction violated: the preview of episode '${holders[0]!.id}' is not available in ${market}`;
    await reply
      .code(403)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send({ error: { status: 403, message } });
  };
}
