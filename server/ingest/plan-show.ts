import type { ShowMetadata } from './metadata-codec';
import { emptyRows } from './ingest-rows';
import type { IngestPlan } from './ingest-plan';
import { ingestAudio, ingestCover, ingestVideo, probeAudio, reuseCover, type SubtitleSource } from './ingest-work';
import { readSourceFile, sourceHash, type SourceFolder } from './source-folder';
import { addGenres } from './genres';
import { catalogueId } from './stable-ids';
import { TRANSCODE_STEPS } from './transcode';
import { VIDEO_TRANSCODE_STEPS } from './transcode-video';
import { readdirSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';

/** A subtitle language code in a file name: `ep4.en.vtt`, `ep4.pt-BR.vtt` (BCP 47 language and optional region). */
const SUBTITLE_LANGUAGE = /^[a-z]{2,3}(?:-[A-Z]{2})?$/;

/** The WebVTT files beside a video, `<video name without extension>.<language>.vtt`, by language (issue 18). */
function subtitlesOf(folder: SourceFolder, video: string, i: number): SubtitleSource[] {
  const dir = dirname(video);
  const stem = basename(video, extname(video));
  const names = readdirSync(join(folder.dir, dir)).sort();
  return names.flatMap((name) => {
    if (!name.startsWith(`${stem}.`) || !name.endsWith('.vtt')) return [];
    const language = name.slice(stem.length + 1, -'.vtt'.length);
    if (!SUBTITLE_LANGUAGE.test(language)) return [];
    return [{ language, file: readSourceFile(folder, dir === '.' ? name : `${dir}/${name}`, `episodes.${i}.video (subtitles)`) }];
  });
}

export const showIdOf = (show: { name: string; publisher: string }): string => catalogueId('show', show.name, show.publisher);
export const episodeIdOf = (showId: string, title: string, releaseDate: string): string => catalogueId('episode', showId, title, releaseDate);

export function planShow(folder: SourceFolder, show: ShowMetadata): IngestPlan {
  const showId = showIdOf(show);
  const cover = readSourceFile(folder, show.cover, 'cover');
  const episodes = show.episodes.map((episode, i) => ({
    episode,
    id: episodeIdOf(showId, episode.title, episode.releaseDate),
    // A video episode without `file` takes its audio files (and the audio preview) from the video's sound.
    audio:
      episode.file !== undefined
        ? readSourceFile(folder, episode.file, `episodes.${i}.file`)
        : readSourceFile(folder, episode.video ?? '', `episodes.${i}.video`),
    video: episode.video === undefined ? null : readSourceFile(folder, episode.video, `episodes.${i}.video`),
    subtitles: episode.video === undefined ? [] : subtitlesOf(folder, episode.video, i),
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
  const hash = sourceHash([
    folder.metadataBytes,
    cover.hash,
    ...episodes.flatMap((e) => [
      e.audio.hash,
      e.cover?.hash ?? '',
      // Only video episodes add parts, so an audio show's hash is what it was before issue 18.
      ...(e.video === null ? [] : [e.video.hash, ...e.subtitles.flatMap((s) => [s.language, s.file.hash])]),
    ]),
  ]);
  const videos = episodes.filter((e) => e.video !== null).length;

  return {
    sources: [{ resourceId: showId, kind: 'show', name: show.name, sourceHash: hash }],
    steps: 1 + episodes.filter((e) => e.cover !== null).length + episodes.length * (1 + TRANSCODE_STEPS) + videos * (VIDEO_TRANSCODE_STEPS + 1),
    async run(ctx) {
      const rows = emptyRows();
      const durations: number[] = [];
      for (const { audio } of episodes) durations.push(await probeAudio(ctx, audio));

      const showCover = await ingestCover(ctx, rows, cover, { ownerType: 'show', ownerId: showId });
      rows.shows.push({ id: showId, name: show.name, publisher: show.publisher, dominantColor: showCover.color, markets: [...show.availableMarkets] });
      addGenres(rows, 'show', showId, show.genres ?? []);
      for (const [i, { episode, id, audio, video, subtitles, cover: own }] of episodes.entries()) {
        const owner = { ownerType: 'episode', ownerId: id } as const;
        let color = showCover.color;
        if (own !== null) color = (await ingestCover(ctx, rows, own, owner)).color;
        else reuseCover(rows, showCover, owner);
        const previewFile = await ingestAudio(ctx, rows, audio, { trackId: null, episodeId: id });
        if (video !== null) await ingestVideo(ctx, rows, video, id, durations[i]!, subtitles);
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
