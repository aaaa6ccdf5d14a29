import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { AlbumMetadata } from './metadata-codec';
import { emptyRows } from './ingest-rows';
import type { IngestPlan } from './ingest-plan';
import { ingestAudio, ingestCover, probeAudio, reuseCover, type Cover } from './ingest-work';
import { readSourceFile, sourceHash, type SourceFile, type SourceFolder } from './source-folder';
import { addGenres } from './genres';
import { catalogueId } from './stable-ids';
import { TRANSCODE_STEPS } from './transcode';

/** An artist is one name across every album (its id does not depend on the folder). */
export const artistIdOf = (name: string): string => catalogueId('artist', name);
export const albumIdOf = (album: { name: string; artists: ReadonlyArray<{ name: string }> }): string =>
  catalogueId('album', album.name, ...album.artists.map((artist) => artist.name));
export const trackIdOf = (albumId: string, trackNumber: number): string => catalogueId('track', albumId, String(trackNumber));

/** An artist's top tracks: the first albums' tracks, in order, up to this many. */
const TOP_TRACKS = 10;

export async function planAlbum(db: Kysely<Database>, folder: SourceFolder, album: AlbumMetadata): Promise<IngestPlan> {
  const albumId = albumIdOf(album);
  const cover = readSourceFile(folder, album.cover, 'cover');
  const artistImages = new Map<string, SourceFile>();
  const biographies = new Map(album.artists.flatMap((artist) => (artist.biography === undefined ? [] : [[artist.name, artist.biography] as const])));
  album.artists.forEach((artist, i) => {
    if (artist.image !== undefined) artistImages.set(artist.name, readSourceFile(folder, artist.image, `artists.${i}.image`));
  });
  const audio = album.tracks.map((track, i) => readSourceFile(folder, track.file, `tracks.${i}.file`));
  const hash = sourceHash([folder.metadataBytes, cover.hash, ...[...artistImages.values()].map((f) => f.hash), ...audio.map((f) => f.hash)]);
  const names = [...new Set([...album.artists.map((a) => a.name), ...album.tracks.flatMap((t) => t.artists)])];
  const known = new Set((await db.selectFrom('artists').select('id').where('id', 'in', names.map(artistIdOf)).execute()).map((r) => r.id));
  const newArtists = names.filter((name) => !known.has(artistIdOf(name)));
  // How many top tracks each of the album's artists has already (the ingest adds after them, up to TOP_TRACKS).
  const albumArtistIds = album.artists.map((a) => artistIdOf(a.name));
  const topCounts = new Map(
    (
      await db
        .selectFrom('artist_top_tracks')
        .select(['artist_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('artist_id', 'in', albumArtistIds)
        .groupBy('artist_id')
        .execute()
    ).map((r) => [r.artist_id, Number(r.n)]),
  );

  return {
    sources: [{ resourceId: albumId, kind: 'album', name: album.name, sourceHash: hash }],
    steps: 1 + newArtists.filter((name) => artistImages.has(name)).length + audio.length * (1 + TRANSCODE_STEPS),
    async run(ctx) {
      const rows = emptyRows();
      // Every file is probed before any transcoding, so a corrupt one fails fast.
      const durations: number[] = [];
      for (const file of audio) durations.push(await probeAudio(ctx, file));

      const albumCover = await ingestCover(ctx, rows, cover, { ownerType: 'album', ownerId: albumId });
      rows.albums.push({ id: albumId, name: album.name, releaseDate: album.releaseDate, dominantColor: albumCover.color });
      for (const name of newArtists) {
        const artistId = artistIdOf(name);
        const image = artistImages.get(name);
        let artistCover: Cover = albumCover;
        if (image !== undefined) artistCover = await ingestCover(ctx, rows, image, { ownerType: 'artist', ownerId: artistId });
        else reuseCover(rows, albumCover, { ownerType: 'artist', ownerId: artistId });
        rows.artists.push({ id: artistId, name, dominantColor: artistCover.color });
        const biography = biographies.get(name);
        if (biography !== undefined) rows.artistBiographies.push({ artistId, biography });
      }
      album.artists.forEach((artist, position) => rows.albumArtists.push({ albumId, artistId: artistIdOf(artist.name), position }));
      // Issue 17: an album without genres of its own is in its artists'.
      for (const artist of album.artists) addGenres(rows, 'artist', artistIdOf(artist.name), artist.genres ?? []);
      addGenres(rows, 'album', albumId, album.genres ?? album.artists.flatMap((artist) => artist.genres ?? []));

      const ordered = album.tracks.map((track, i) => ({ track, file: audio[i]!, durationMs: durations[i]! }));
      ordered.sort((a, b) => a.track.trackNumber - b.track.trackNumber);
      for (const { track, file, durationMs } of ordered) {
        const trackId = trackIdOf(albumId, track.trackNumber);
        const previewFile = await ingestAudio(ctx, rows, file, { trackId, episodeId: null });
        rows.tracks.push({ id: trackId, name: track.title, albumId, trackNumber: track.trackNumber, durationMs, previewFile });
        track.artists.forEach((name, position) => rows.trackArtists.push({ trackId, artistId: artistIdOf(name), position }));
        rows.trackMarkets.push({ trackId, markets: [...track.availableMarkets] });
      }
      for (const artist of album.artists) {
        const artistId = artistIdOf(artist.name);
        const room = TOP_TRACKS - (topCounts.get(artistId) ?? 0);
        const own = ordered.filter(({ track }) => track.artists.includes(artist.name)).slice(0, Math.max(0, room));
        for (const { track } of own) rows.topTracks.push({ artistId, trackId: trackIdOf(albumId, track.trackNumber) });
      }
      return rows;
    },
  };
}
