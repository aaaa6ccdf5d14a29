import type { ShowMetadata } from './metadata-codec';
import { emptyRows } from './ingest-rows';
import type { IngestPlan } from './ingest-plan';
import { ingestAudio, ingestCover, probeAudio, reuseCover } from './ingest-work';
import { readSourceFile, sourceHash, type SourceFolder } from './source-folder';
import { addGenres } from './genres';
import { catalogueId } from './stable-ids';
import { TRANSCODE_STEPS } from './transcode';

export const showIdOf = (show: { name: string; publisher: string }): string => catalogueId('show', show.name, show.publisher);
export const episodeIdOf = (showId: string, title: string, releaseDate: string): string => catalogueId('episode', showId, title, releaseDate);

export function planShow(folder: SourceFolder, show: ShowMetadata): IngestPlan {
  const showId = showIdOf(show);
  const cover = readSourceFile(folder, show.cover, 'cover');
  const episodes = show.episodes.map((episode, i) => ({
    episode,
    id: episodeIdOf(showId, episode.title, episode.releaseDate),
    audio: readSourceFile(folder, episode.file, `episodes.${i}.file`),
    cover: episode.cover === undefined ? null : readSourceFile(folder, episode.cover, `episodes.${i}.cover`),
  }));
  const seen = new Map<string, number>();
  episodes.forEach(({ id }, i) => {
    const first = seen.get(id);
    if (first !== undefined) {
      throw new Error(`${folder.label}/metadata.json: episodes.${i}: same title and release date as episodes.${first}`);
    }
    seen.set(id, i);
  });
  const hash = sourceHash([folder.metadataBytes, cover.hash, ...episodes.flatMap((e) => [e.audio.hash, e.cover?.hash ?? ''])]);

  return {
    sources: [{ resourceId: showId, kind: 'show', name: show.name, sourceHash: hash }],
    steps: 1 + episodes.filter((e) => e.cover !== null).length + episodes.length * (1 + TRANSCODE_STEPS),
    async run(ctx) {
      const rows = emptyRows();
      const durations: number[] = [];
      for (const { audio } of episodes) durations.push(await probeAudio(ctx, audio));

      const showCover = await ingestCover(ctx, rows, cover, { ownerType: 'show', ownerId: showId });
      rows.shows.push({ id: showId, name: show.name, publisher: show.publisher, dominantColor: showCover.color, markets: [...show.availableMarkets] });
      addGenres(rows, 'show', showId, show.genres ?? []);
      for (const [i, { episode, id, audio, cover: own }] of episodes.entries()) {
        const owner = { ownerType: 'episode', ownerId: id } as const;
        let color = showCover.color;
        if (own !== null) color = (await ingestCover(ctx, rows, own, owner)).color;
        else reuseCover(rows, showCover, owner);
        const previewFile = await ingestAudio(ctx, rows, audio, { trackId: null, episodeId: id });
        rows.episodes.push({
          id,
          name: episode.title,
          showId,
          releaseDate: episode.releaseDate,
          durationMs: durations[i]!,
          previewFile,
          dominantColor: color,
          markets: [...episode.availableMarkets],
        });
        rows.episodeDescriptions.push({ episodeId: id, description: episode.description });
      }
      return rows;
    },
  };
}
