/**
 * Tiny ingest folders for tests: a few seconds of ffmpeg sine audio and small drawn covers, so a
 * test ingests in well under a second per file.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';

const ffmpeg = (args: string[]) => execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

export function writeTone(path: string, frequency: number, seconds: number): void {
  ffmpeg(['-f', 'lavfi', '-i', `sine=f=${frequency}:r=44100:d=${seconds}`, '-ac', '1', '-c:a', 'pcm_s16le', path]);
}

export function writeCover(path: string, color: string, size = 96): void {
  ffmpeg(['-f', 'lavfi', '-i', `color=c=${color}:s=${size}x${size}:d=1`, '-frames:v', '1', '-update', '1', path]);
}

/** An album folder with `tracks` tone tracks of `seconds` each, a cover, and its metadata.json. */
export function writeTinyAlbum(dir: string, options: { name?: string; artist?: string; biography?: string; tracks?: number; seconds?: number } = {}): void {
  const { name = 'Tiny Album', artist = 'Tiny Artist', tracks = 2, seconds = 3 } = options;
  mkdirSync(dir, { recursive: true });
  writeCover(join(dir, 'cover.png'), '#3366aa');
  const list = Array.from({ length: tracks }, (_, i) => {
    const file = `${String(i + 1).padStart(2, '0')}.wav`;
    writeTone(join(dir, file), 330 + 110 * i, seconds);
    return { file, title: `Tone ${i + 1}`, trackNumber: i + 1, artists: [artist], availableMarkets: ['SE', 'US'] };
  });
  const albumArtist = { name: artist, ...(options.biography === undefined ? {} : { biography: options.biography }) };
  const metadata = { kind: 'album', name, releaseDate: '2020-02-02', cover: 'cover.png', artists: [albumArtist], tracks: list };
  writeFileSync(join(dir, 'metadata.json'), JSON.stringify(metadata, null, 2));
}
