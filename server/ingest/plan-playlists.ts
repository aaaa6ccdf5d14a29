import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { join } from 'node:path';
import type { PlaylistsMetadata } from './metadata-codec';
import { emptyRows, type ImageRow } from './ingest-rows';
import type { IngestPlan } from './ingest-plan';
import { ingestCover, reuseCover } from './ingest-work';
import { readSourceFile, readSourceFolder, sourceHash, type SourceFolder } from './source-folder';
import { albumIdOf, trackIdOf } from './plan-album';
import { addGenres } from './genres';
import { catalogueId } from './stable-ids';

export const playlistIdOf = (owner: string, name: string): string => catalogueId('playlist', owner, name);

/**
 * Playlists are not made from audio: each names tracks already in the catalogue, by album folder
 * and track number or by a title that only one track has.
 */
export async function planPlaylists(db: Kysely<Database>, folder: SourceFolder, metadata: PlaylistsMetadata): Promise<IngestPlan> {
  const byTitle = (title: string) => db.selectFrom('tracks').select('id').where('name', '=', title).execute();
  const albumOfTrack = async (id: string) => (await db.selectFrom('tracks').select('album_id').where('id', '=', id).executeTakeFirst())?.album_id;
  const where = (i: number, j: number) => `${join(folder.label, 'metadata.json')}: playlists.${i}.tracks.${j}`;

  const resolveTrack = async (ref: PlaylistsMetadata['playlists'][number]['tracks'][number], i: number, j: number): Promise<string> => {
    if ('title' in ref) {
      const found = await byTitle(ref.title);
      if (found.length === 0) throw new Error(`${where(i, j)}: no track titled ${JSON.stringify(ref.title)} in the catalogue`);
      if (found.length > 1)
        throw new Error(`${where(i, j)}: ${found.length} tracks are titled ${JSON.stringify(ref.title)}; name the album folder and track number`);
      return found[0]!.id;
    }
    let album: SourceFolder;
    try {
      album = readSourceFolder(join(folder.dir, ref.album));
    } catch (err) {
      throw new Error(`${where(i, j)}.album: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    if (album.metadata.kind !== 'album') throw new Error(`${where(i, j)}.album: ${ref.album} holds a ${album.metadata.kind}, not an album`);
    const id = trackIdOf(albumIdOf(album.metadata), ref.trackNumber);
    if ((await albumOfTrack(id)) === undefined) {
      throw new Error(`${where(i, j)}: track ${ref.trackNumber} of ${ref.album} is not in the catalogue (ingest the album first)`);
    }
    return id;
  };

  const playlists: Array<{
    playlist: PlaylistsMetadata['playlists'][number];
    id: string;
    trackIds: string[];
    cover: ReturnType<typeof readSourceFile> | null;
    hash: string;
    albumCover: { images: Array<Omit<ImageRow, 'ownerType' | 'ownerId'>>; color: string } | null;
  }> = [];
  for (const [i, playlist] of metadata.playlists.entries()) {
    const trackIds: string[] = [];
    for (const [j, ref] of playlist.tracks.entries()) trackIds.push(await resolveTrack(ref, i, j));
    const cover = playlist.cover === undefined ? null : readSourceFile(folder, playlist.cover, `playlists.${i}.cover`);
    const id = playlistIdOf(playlist.owner, playlist.name);
    const hash = sourceHash([JSON.stringify(playlist), cover?.hash ?? '', ...trackIds]);
    // Without a cover of its own a playlist shows its first track's album cover: read now, before the run.
    const albumId = cover === null ? ((await albumOfTrack(trackIds[0]!)) as string) : null;
    const albumCover =
      albumId === null
        ? null
        : {
            images: await db
              .selectFrom('images')
              .select(['file', 'width', 'height'])
              .where('owner_type', '=', 'album')
              .where('owner_id', '=', albumId)
              .orderBy('width', 'desc')
              .execute(),
            color: (await db.selectFrom('albums').select('dominant_color').where('id', '=', albumId).executeTakeFirstOrThrow()).dominant_color,
          };
    playlists.push({ playlist, id, trackIds, cover, hash, albumCover });
  }

  return {
    sources: playlists.map((p) => ({ resourceId: p.id, kind: 'playlist' as const, name: p.playlist.name, sourceHash: p.hash })),
    steps: playlists.filter((p) => p.cover !== null).length,
    async run(ctx, wanted) {
      const rows = emptyRows();
      for (const { playlist, id, trackIds, cover, albumCover } of playlists.filter((p) => wanted.has(p.id))) {
        const owner = { ownerType: 'playlist', ownerId: id } as const;
        let color: string;
        if (cover !== null) color = (await ingestCover(ctx, rows, cover, owner)).color;
        else {
          const images: ImageRow[] = (albumCover?.images ?? []).map((r) => ({ ...r, ...owner }));
          color = albumCover?.color ?? '';
          reuseCover(rows, { images, color }, owner);
        }
        rows.playlists.push({ id, name: playlist.name, owner: playlist.owner, dominantColor: color });
        trackIds.forEach((trackId, position) => rows.playlistTracks.push({ playlistId: id, trackId, position }));
        addGenres(rows, 'playlist', id, playlist.genres ?? []);
      }
      return rows;
    },
  };
}
