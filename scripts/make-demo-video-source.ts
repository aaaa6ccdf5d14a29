/**
 * The demo catalogue's video show (issue 18): "Window on the Harbour" (sorted after Tidal Notes, the demo's first show in tests), one episode of about 20 s, ffmpeg's testsrc
 * picture with a caption, speech by espeak-ng, and WebVTT subtitles in English and Swedish timed to the
 * speech (`ep1.en.vtt`, `ep1.sv.vtt` beside `ep1.mp4`, as the ingest finds them). Called by
 * make-demo-sources.ts; on its own:
 *
 *   npx ts-node --transpile-only -O '{"module":"commonjs","moduleResolution":"node"}' scripts/make-demo-video-source.ts /tmp/demo-sources
 *   npm run ingest -- --data-dir <DATA_DIR> /tmp/demo-sources/window-on-the-harbour
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decodeMetadata } from '../server/ingest/metadata-codec';

const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
const FFPROBE = process.env.FFPROBE ?? '/usr/bin/ffprobe';
const ESPEAK = process.env.ESPEAK ?? '/usr/bin/espeak-ng';
const RATE = 44100;
const MARKETS = ['SE', 'NO', 'DK', 'FI', 'DE', 'GB', 'US'];
/** Silence before the first line and after each line, seconds. */
const LEAD = 1;
const GAP = 0.6;

const ffmpeg = (args: string[]) => execFileSync(FFMPEG, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args]);

/** Each spoken line with its Swedish subtitle. */
export const VIDEO_LINES: ReadonlyArray<readonly [string, string]> = [
  ['Welcome to Window on the Harbour, the video edition of Tidal Notes.', 'Välkommen till Window on the Harbour, videoversionen av Tidal Notes.'],
  ['Today we look at a test pattern, and listen to the harbour.', 'Idag tittar vi på en testbild och lyssnar på hamnen.'],
  ['The colours move, the counter ticks, the boats stay in port.', 'Färgerna rör sig, räknaren tickar, båtarna ligger kvar i hamn.'],
  ['Thank you for watching. Subtitles are in English and Swedish.', 'Tack för att du tittade. Undertexter finns på engelska och svenska.'],
];

const stamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const hh = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const mm = String(Math.floor(ms / 60_000) % 60).padStart(2, '0');
  const ss = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}.${String(ms % 1000).padStart(3, '0')}`;
};

const durationOf = (file: string) =>
  Number(execFileSync(FFPROBE, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString().trim());

/** Writes `<out>/window-on-the-harbour/` (video, subtitles, cover, metadata.json); returns the folder. */
export function writeVideoShow(out: string, tmp: string): string {
  const dir = join(out, 'window-on-the-harbour');
  mkdirSync(dir, { recursive: true });
  mkdirSync(tmp, { recursive: true });
  const cues: Array<{ start: number; end: number; en: string; sv: string }> = [];
  let at = LEAD;
  const parts = VIDEO_LINES.map(([en, sv], i) => {
    const wav = join(tmp, `video-line-${i}.wav`);
    execFileSync(ESPEAK, ['-v', 'en-gb+f3', '-s', '150', '-p', '55', '-w', wav, en]);
    const seconds = durationOf(wav);
    cues.push({ start: at, end: at + seconds, en, sv });
    at += seconds + GAP;
    return wav;
  });
  const total = Math.ceil(at + 0.4);
  // Speech placed at each cue's start over a quiet room tone, so the subtitles match what is said.
  const delays = parts
    .map((_, i) => `[${i}:a]aresample=${RATE},aformat=channel_layouts=mono,adelay=${Math.round(cues[i]!.start * 1000)}:all=1[s${i}]`)
    .join(';');
  const graph =
    `${delays};anoisesrc=c=brown:a=0.01:r=${RATE}:d=${total}:seed=7[room];` +
    `[room]${parts.map((_, i) => `[s${i}]`).join('')}amix=inputs=${parts.length + 1}:duration=first:normalize=0,aformat=channel_layouts=stereo[a];` +
    `testsrc2=size=1280x720:rate=25:duration=${total},drawbox=x=0:y=600:w=1280:h=120:color=black@0.5:t=fill[v]`;
  ffmpeg([
    ...parts.flatMap((p) => ['-i', p]),
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    '-t',
    String(total),
    join(dir, 'ep1.mp4'),
  ]);
  const vtt = (pick: 'en' | 'sv') => `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${stamp(c.start)} --> ${stamp(c.end)}\n${c[pick]}\n`).join('\n')}`;
  writeFileSync(join(dir, 'ep1.en.vtt'), vtt('en'));
  writeFileSync(join(dir, 'ep1.sv.vtt'), vtt('sv'));
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'gradients=s=800x800:c0=0x1d3557:c1=0x457b9d:x0=0:y0=0:x1=800:y1=800:n=2,format=rgb24',
    '-frames:v',
    '1',
    '-update',
    '1',
    join(dir, 'cover.png'),
  ]);
  const metadata = {
    kind: 'show',
    name: 'Window on the Harbour',
    publisher: 'Driftwood Audio',
    cover: 'cover.png',
    availableMarkets: MARKETS,
    episodes: [
      {
        video: 'ep1.mp4',
        title: 'Ep. 1: A Harbour in Twenty Seconds',
        releaseDate: '2019-11-01',
        description: 'A short video episode: a test pattern, a few spoken lines, subtitles in English and Swedish.',
        availableMarkets: MARKETS,
      },
    ],
  };
  decodeMetadata(metadata, join(dir, 'metadata.json'));
  writeFileSync(join(dir, 'metadata.json'), JSON.stringify(metadata, null, 2) + '\n');
  return dir;
}

if (require.main === module) {
  const target = process.argv[2];
  if (target === undefined) {
    process.stderr.write('usage: make-demo-video-source.ts <folder>\n');
    process.exitCode = 1;
  } else {
    const out = resolve(target);
    const tmp = join(out, '.tmp-video');
    process.stdout.write(`${writeVideoShow(out, tmp)}\n`);
    rmSync(tmp, { recursive: true, force: true });
  }
}
