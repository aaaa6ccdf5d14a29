import type { DbHandle } from '../db/database';
import { queryRows } from './sql';

/** The demo catalogue's video episode as stored (issue 18; ingested in the SQLite run only): its show, its id, its media folder. */
export async function storedVideoEpisode(database: Pick<DbHandle, 'dialect' | 'kysely'>): Promise<{ showId: string; episodeId: string; mediaDir: string }> {
  const [row] = await queryRows<{ show_id: string; episode_id: string; media_dir: string }>(
    database,
    'SELECT e.show_id, e.id AS episode_id, v.media_dir FROM episodes e JOIN video_sources v ON v.episode_id = e.id',
  );
  if (row === undefined) throw new Error('the catalogue has no video episode');
  return { showId: row.show_id, episodeId: row.episode_id, mediaDir: row.media_dir };
}
