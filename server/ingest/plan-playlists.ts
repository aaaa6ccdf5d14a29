import type Database from 'better-sqlite3';
import { join } from 'node:path';
import type { PlaylistsMetadata } from './metadata-codec';
import { emptyRows, type ImageRow } from './ingest-rows';
import type { IngestPlan } from './ingest-plan';
import { ingestCover, reuseCover } from './ingest-work';
import { readSourceFile, readSourceFolder, sourceHash, type SourceFolder } from './source-folder';
import { albumIdOf, trackIdOf } from './plan-album';
import { catalogueId } from './stable-ids';

export const playlistIdOf = (owner: string, name: string): string => catalogueId('playlist', owner, name);

/**
 * Playlists are not made from audio: each names tracks already in the catalogue, by album folder
 * and track number or by a title that only one track has.
 */
export function planPlaylists(db: Database.Database, folder: SourceFolder, metadata: PlaylistsMetadata): IngestPlan {
  const byTitle = db.prepare('SELECT id FROM tracks WHERE name = ?');
  const trackExists = db.prepare('SELECT album_id FROM tracks WHERE id = ?');
  const where = (i: number, j: number) => `${join(folder.label, 'metadata.json')}: playlists.${i}.tracks.${j}`;

  const resolveTrack = (ref: PlaylistsMetadata['playlists'][number]['tracks'][number], i: number, j: number): string => {
    if ('title' in ref) {
      const found = byTitle.all(ref.title) as Array<{ id: string }>;
      if (found.length === 0) throw new Error(`${where(i, j)}: no track titled ${JSON.stringify(ref.title)} in the catalogue`);
      if (found.length > 1) throw new Error(`${where(i, j)}: ${found.length} tracks are titled ${JSON.stringify(ref.title)}; name the album folder and track number`);
      return found[0]!.id;
    }
    let album: SourceFolder;
    try {
      album = readSourceFolder(join(folder.dir, ref.album));
    } catch (err) {
      throw new Error(`${where(i, j)}.album: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (album.metadata.kind !== 'album') throw new Error(`${where(i, j)}.album: ${ref.album} holds a ${album.metadata.kind}, not an album`);
    const id = trackIdOf(albumIdOf(album.metadata), ref.trackNumber);
    if (trackExists.get(id) === undefined) {
      throw new Error(`${where(i, j)}: track ${ref.trackNumber} of ${ref.album} is not in the catalogue (ingest the album first)`);
    }
    return id;
  };

  const playlists = metadata.playlists.map((playlist, i) => {
    const trackIds = playlist.tracks.map((ref, j) => resolveTrack(ref, i, j));
    const cover = playlist.cover === undefined ? null : readSourceFile(folder, playlist.cover, `playlists.${i}.cover`);
    const id = playlistIdOf(playlist.owner, playlist.name);
    const hash = sourceHash([JSON.stringify(playlist), cover?.hash ?? '', ...trackIds]);
    return { playlist, id, trackIds, cover, hash };
  });

  const albumOf = (trackId: string) => (trackExists.get(trackId) as { album_id: string }).album_id;
  const albumImages = db.prepare("SELECT file, width, height FROM images WHERE owner_type = 'album' AND owner_id = ? ORDER BY width DESC");
  const albumColor = db.prepare('SELECT dominant_color AS color FROM albums WHERE id = ?');

  return {
    sources: playlists.map((p) => ({ resourceId: p.id, kind: 'playlist' as const, name: p.playlist.name, sourceHash: p.hash })),
    steps: playlists.filter((p) => p.cover !== null).length,
    async run(ctx, wanted) {
      const rows = emptyRows();
      for (const { playlist, id, trackIds, cover } of playlists.filter((p) => wanted.has(p.id))) {
        const owner = { ownerType: 'playlist', ownerId: id } as const;
        let color: string;
        if (cover !== null) color = (await ingestCover(ctx, rows, cover, owner)).color;
        else {
          // Without a cover of its own a playlist shows its first track's album cover.
          const albumId = albumOf(trackIds[0]!);
          const images = (albumImages.all(albumId) as Array<Omit<ImageRow, 'ownerType' | 'ownerId'>>).map((r) => ({ ...r, ...owner }));
          color = (albumColor.get(albumId) as { color: string }).color;
          reuseCover(rows, { images, color }, owner);
        }
        rows.playlists.push({ id, name: playlist.name, owner: playlist.owner, dominantColor: color });
        trackIds.forEach((trackId, position) => rows.playlistTracks.push({ playlistId: id, trackId, position }));
      }
      return rows;
    },
  };
}
