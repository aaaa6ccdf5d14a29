// Small video media for the tests of issue 18, made by Debian's ffmpeg once per test run and machine: a
// folder under the system temporary directory named by the hash of how it is made, written beside it and
// renamed into place, so every test file (each in its own jest worker) and a later run reuse it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegVideoArgs } from '../media/ffmpeg-video-args';
import type { LadderRung } from '../ingest/transcode-video';

const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
/** The source clip's length: three segments of 4 s, the last one short. */
export const TEST_VIDEO_SECONDS = 10;
const SEGMENT_SECONDS = 4;

/** The ladder the tests ingest with: the real codecs and structure, tiny pictures (CPU is scarce). */
export const TEST_LADDER: readonly LadderRung[] = [
  { profileId: 1, codec: 'avc1.4d401f', height: 72, kbps: 60 },
  { profileId: 2, codec: 'avc1.4d401f', height: 108, kbps: 90 },
  { profileId: 3, codec: 'avc1.4d401f', height: 144, kbps: 120 },
  { profileId: 4, codec: 'vp8', height: 108, kbps: 90 },
];

export interface TestVideoMedia {
  /** A folder with `metadata.json`, `cover.png`, `ep4.mp4` (H.264 + AAC), `ep4.en.vtt` and `ep4.sv.vtt`. */
  readonly showFolder: string;
  /** ep4.mp4 as ffmpegVideoArgs makes the lowest H.264 rung: clear fragmented MP4, one fragment per segment. */
  readonly h264Fragmented: string;
  /** The VP8 rung as ffmpegVideoArgs makes it: clear WebM, one Cluster per segment. */
  readonly vp8Webm: string;
}

export const TEST_SUBTITLES = {
  en: 'WEBVTT\n\n1\n00:00:01.000 --> 00:00:03.000\nA test pattern.\n\n2\n00:00:05.000 --> 00:00:08.000\nAnd a tone.\n',
  sv: 'WEBVTT\n\n1\n00:00:01.000 --> 00:00:03.000\nEn testbild.\n\n2\n00:00:05.000 --> 00:00:08.000\nOch en ton.\n',
};

export const TEST_SHOW_METADATA = {
  kind: 'show',
  name: 'Test Video Show',
  publisher: 'Test Publisher',
  cover: 'cover.png',
  availableMarkets: ['SE', 'NO'],
  episodes: [{ video: 'ep4.mp4', title: 'Ep. 4: Video', releaseDate: '2020-01-01', description: 'A video episode.', availableMarkets: ['SE', 'NO'] }],
};

const ffmpeg = (args: string[]) => execFileSync(FFMPEG, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args]);

function make(dir: string): void {
  const show = join(dir, 'show');
  mkdirSync(show, { recursive: true });
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=256x144:rate=25:duration=${TEST_VIDEO_SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=44100:duration=${TEST_VIDEO_SECONDS}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    join(show, 'ep4.mp4'),
  ]);
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x336699:s=64x64', '-frames:v', '1', '-update', '1', join(show, 'cover.png')]);
  writeFileSync(join(show, 'ep4.en.vtt'), TEST_SUBTITLES.en);
  writeFileSync(join(show, 'ep4.sv.vtt'), TEST_SUBTITLES.sv);
  writeFileSync(join(show, 'metadata.json'), JSON.stringify(TEST_SHOW_METADATA, null, 2));
  const [low, , , vp8] = TEST_LADDER as [LadderRung, LadderRung, LadderRung, LadderRung];
  execFileSync(FFMPEG, ffmpegVideoArgs(join(show, 'ep4.mp4'), join(dir, 'h264.mp4'), low, SEGMENT_SECONDS));
  execFileSync(FFMPEG, ffmpegVideoArgs(join(show, 'ep4.mp4'), join(dir, 'vp8.webm'), vp8, SEGMENT_SECONDS));
}

/** The test media, made on first use (a few seconds of ffmpeg) and reused afterwards. */
export function testVideoMedia(): TestVideoMedia {
  const recipe = JSON.stringify({
    v: 1,
    TEST_VIDEO_SECONDS,
    TEST_LADDER,
    TEST_SUBTITLES,
    TEST_SHOW_METADATA,
    args: ffmpegVideoArgs('in', 'out', TEST_LADDER[0]!, 4),
  });
  const dir = join(tmpdir(), `embed-video-test-${createHash('sha256').update(recipe).digest('hex').slice(0, 16)}`);
  if (!existsSync(dir)) {
    const partial = `${dir}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    make(partial);
    try {
      renameSync(partial, dir);
    } catch {
      // Another worker renamed its copy first: use that one.
      rmSync(partial, { recursive: true, force: true });
    }
  }
  return { showFolder: join(dir, 'show'), h264Fragmented: join(dir, 'h264.mp4'), vp8Webm: join(dir, 'vp8.webm') };
}
