// Runs Debian's ffmpeg (as the ingest does) to check the fragment length the arguments give.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegFragmentArgs } from './ffmpeg-fragment-args';
import { readSeekTable } from './seek-table';
import { scanBoxes } from './mp4-boxes';

jest.setTimeout(60_000);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ffmpeg-args-'));
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=25', join(dir, 'tone.wav')]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ffmpegFragmentArgs (spec 001 §9 "Audio fragment length: 10 s")', () => {
  it('transcodes to fragmented AAC in 10 s fragments with nothing after the last fragment', () => {
    const out = join(dir, 'a.mp4');
    execFileSync('ffmpeg', ffmpegFragmentArgs(join(dir, 'tone.wav'), out, 128));
    const file = new Uint8Array(readFileSync(out));
    expect(scanBoxes(file).map((box) => box.type)).toEqual(['ftyp', 'moov', 'moof', 'mdat', 'moof', 'mdat', 'moof', 'mdat']);
    const table = readSeekTable(file);
    const seconds = table.segments.map(([, duration]) => duration / table.timescale);
    // Whole AAC frames (1024 samples) until the fragment holds 10 s: 10.008 s at 44.1 kHz.
    expect(seconds.slice(0, -1).every((s) => s >= 10 && s < 10.05)).toBe(true);
    expect(seconds.at(-1)).toBeLessThan(10);
    expect(table.offset + table.segments.reduce((sum, [size]) => sum + size, 0)).toBe(file.length);
  });

  it('gives the same bytes for the same input (re-ingesting changes nothing)', () => {
    const runs = ['b.mp4', 'c.mp4'].map((name) => {
      execFileSync('ffmpeg', ffmpegFragmentArgs(join(dir, 'tone.wav'), join(dir, name), 96));
      return readFileSync(join(dir, name));
    });
    expect(runs[0]?.equals(runs[1] as Buffer)).toBe(true);
  });

  it('refuses a bitrate that is not a positive whole number of kbit/s', () => {
    expect(() => ffmpegFragmentArgs('in', 'out', 0)).toThrow(/bitrate/);
    expect(() => ffmpegFragmentArgs('in', 'out', 12.5)).toThrow(/bitrate/);
  });
});
