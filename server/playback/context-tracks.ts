import type { Db } from '../db/open-database';
import type { ContextTrack } from './state-machine';

/*
 * The tracks of a context uri from the catalogue (issue 5: album, playlist, an artist's top tracks,
 * a show's episodes, one track or episode), in play order, each with its MP4 files.
 */

const QUERIES: Record<string, string> = {
  album: 'SELECT id, name, duration_ms FROM tracks WHERE album_id = ? ORDER BY track_number',
  playlist: `SELECT t.id, t.name, t.duration_ms FROM playlist_tracks p JOIN tracks t ON t.id = p.track_id
             WHERE p.playlist_id = ? ORDER BY p.position`,
  artist: `SELECT t.id, t.name, t.duration_ms FROM artist_top_tracks a JOIN tracks t ON t.id = a.track_id
           WHERE a.artist_id = ? ORDER BY a.position`,
  track: 'SELECT id, name, duration_ms FROM tracks WHERE id = ?',
  // Newest first, as a show page lists them.
  show: 'SELECT id, name, duration_ms FROM episodes WHERE show_id = ? ORDER BY release_date DESC, id',
  episode: 'SELECT id, name, duration_ms FROM episodes WHERE id = ?',
};

const CONTEXT_URI = /^spotify:(album|playlist|artist|track|show|episode):([A-Za-z0-9]{1,32})$/;

export type ContextTracks = (contextUri: string) => ContextTrack[] | null;

/** null for a uri of another kind or an unknown item; an empty list never (an item without tracks is null too). */
export function createContextTracks(db: Db): ContextTracks {
  const statements = Object.fromEntries(
    Object.entries(QUERIES).map(([kind, sql]) => [kind, db.prepare<[string], { id: string; name: string; duration_ms: number }>(sql)]),
  );
  const files = db.prepare<[string, string], { file_id: string; format: string; bitrate: number | null }>(
    `SELECT file_id, format, bitrate FROM audio_files
     WHERE (track_id = ? OR episode_id = ?) AND format LIKE 'MP4%' ORDER BY bitrate`,
  );
  return (contextUri) => {
    const match = CONTEXT_URI.exec(contextUri);
    const kind = match?.[1];
    const statement = kind === undefined ? undefined : statements[kind];
    if (statement === undefined || match?.[2] === undefined) return null;
    const rows = statement.all(match[2]);
    if (rows.length === 0) return null;
    const itemKind = kind === 'show' || kind === 'episode' ? 'episode' : 'track';
    return rows.map((row) => ({
      uri: `spotify:${itemKind}:${row.id}`,
      name: row.name,
      durationMs: row.duration_ms,
      files: files.all(row.id, row.id).map((f) => ({ file_id: f.file_id, format: f.format, bitrate: f.bitrate ?? 0 })),
    }));
  };
}
