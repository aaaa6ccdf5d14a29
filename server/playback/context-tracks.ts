import type { Db } from '../db/open-database';
import type { ContextTrack } from './state-machine';
import { playlistVisibleTo } from '../catalogue/web-api-objects';
import { episodeSoldIn } from '../catalogue/markets';

/*
 * The tracks of a context uri from the catalogue (issue 5: album, playlist, an artist's top tracks,
 * a show's episodes, one track or episode), in play order, each with its MP4 files.
 */

const QUERIES: Record<string, string> = {
  album: 'SELECT id, name, duration_ms FROM tracks WHERE album_id = @id ORDER BY track_number',
  // A listener's playlist that is not public plays for its owner only (issue 12), as the Web API shows it.
  playlist: `SELECT t.id, t.name, t.duration_ms FROM playlist_tracks p JOIN tracks t ON t.id = p.track_id
             LEFT JOIN user_playlists u ON u.playlist_id = p.playlist_id
             WHERE p.playlist_id = @id AND ${playlistVisibleTo('@viewer')} ORDER BY p.position`,
  artist: `SELECT t.id, t.name, t.duration_ms FROM artist_top_tracks a JOIN tracks t ON t.id = a.track_id
           WHERE a.artist_id = @id ORDER BY a.position`,
  track: 'SELECT id, name, duration_ms FROM tracks WHERE id = @id',
  // Newest first, as a show page lists them.
  show: `SELECT e.id, e.name, e.duration_ms, e.available_markets AS markets, s.available_markets AS show_markets
         FROM episodes e LEFT JOIN shows s ON s.id = e.show_id WHERE e.show_id = @id ORDER BY e.release_date DESC, e.id`,
  episode: `SELECT e.id, e.name, e.duration_ms, e.available_markets AS markets, s.available_markets AS show_markets
            FROM episodes e LEFT JOIN shows s ON s.id = e.show_id WHERE e.id = @id`,
};

const CONTEXT_URI = /^spotify:(album|playlist|artist|track|show|episode):([A-Za-z0-9]{1,32})$/;

/**
 * `viewer`: the account asking to play (null: anonymous); another's private playlist is unknown to it.
 * `country`: the listener's (their token's); an episode not sold there comes without files, marked
 * unavailable (spec 000 §5): no playable media is handed out for it.
 */
export type ContextTracks = (contextUri: string, viewer: string | null, country?: string) => ContextTrack[] | null;

/** null for a uri of another kind, an unknown item or one the viewer may not see; an empty list never (an item without tracks is null too). */
export function createContextTracks(db: Db): ContextTracks {
  const statements = Object.fromEntries(
    Object.entries(QUERIES).map(([kind, sql]) => [
      kind,
      db.prepare<[{ id: string; viewer?: string | null }], { id: string; name: string; duration_ms: number; markets?: string; show_markets?: string | null }>(sql),
    ]),
  );
  const files = db.prepare<[string, string], { file_id: string; format: string; bitrate: number | null }>(
    `SELECT file_id, format, bitrate FROM audio_files
     WHERE (track_id = ? OR episode_id = ?) AND format LIKE 'MP4%' ORDER BY bitrate`,
  );
  return (contextUri, viewer, country) => {
    const match = CONTEXT_URI.exec(contextUri);
    const kind = match?.[1];
    const statement = kind === undefined ? undefined : statements[kind];
    if (statement === undefined || match?.[2] === undefined) return null;
    const rows = statement.all(kind === 'playlist' ? { id: match[2], viewer } : { id: match[2] });
    if (rows.length === 0) return null;
    const itemKind = kind === 'show' || kind === 'episode' ? 'episode' : 'track';
    return rows.map((row) => {
      const unavailable = country !== undefined && row.markets !== undefined && !episodeSoldIn(row.markets, row.show_markets ?? null, country);
      return {
        uri: `spotify:${itemKind}:${row.id}`,
        name: row.name,
        durationMs: row.duration_ms,
        files: unavailable ? [] : files.all(row.id, row.id).map((f) => ({ file_id: f.file_id, format: f.format, bitrate: f.bitrate ?? 0 })),
        ...(unavailable ? { unavailable } : {}),
      };
    });
  };
}
