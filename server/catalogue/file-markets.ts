import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { episodeSoldIn, rowMarkets } from './markets';

/**
 * Whether the item an audio file belongs to is sold in `country` (spec 000 §5, spec 001 §3 available_markets):
 * an episode's file by the markets of the episode or its show (episodeSoldIn, the rule of storage resolve and
 * the track-playback service), a track's by its track_markets row (none: every market, as the Web API's
 * is_playable). A file of neither (or an unknown file id) is not restricted here: its own lookup answers it.
 */
export async function fileSoldIn(db: Kysely<Database>, fileId: string, country: string): Promise<boolean> {
  const row = await db
    .selectFrom('audio_files as f')
    .leftJoin('episodes as e', 'e.id', 'f.episode_id')
    .leftJoin('shows as s', 's.id', 'e.show_id')
    .leftJoin('track_markets as m', 'm.track_id', 'f.track_id')
    .select([
      'f.episode_id',
      'f.track_id',
      'e.available_markets as episode_markets',
      's.available_markets as show_markets',
      'm.available_markets as track_markets',
    ])
    .where('f.file_id', '=', fileId)
    .executeTakeFirst();
  if (row === undefined) return videoSourceSoldIn(db, fileId, country);
  if (row.episode_id !== null && typeof row.episode_markets === 'string') return episodeSoldIn(row.episode_markets, row.show_markets ?? null, country);
  if (row.track_id !== null) return rowMarkets({ available_markets: row.track_markets }).includes(country);
  return true;
}

/** Issue 18: a video source (the licence server's content id for a video) is sold where its episode is. */
async function videoSourceSoldIn(db: Kysely<Database>, sourceId: string, country: string): Promise<boolean> {
  const row = await db
    .selectFrom('video_sources as v')
    .innerJoin('episodes as e', 'e.id', 'v.episode_id')
    .leftJoin('shows as s', 's.id', 'e.show_id')
    .select(['e.available_markets as episode_markets', 's.available_markets as show_markets'])
    .where('v.source_id', '=', sourceId)
    .executeTakeFirst();
  return row === undefined || episodeSoldIn(row.episode_markets, row.show_markets ?? null, country);
}
