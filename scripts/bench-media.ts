// npm run bench, the provider's media figures (issue 4): ingest seconds per minute of audio, and the
// CDN's byte-range throughput against reading the same ranges from disk in the same process.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ingestFolder } from '../server/ingest/ingest-folder';
import { writeTinyAlbum } from '../server/ingest/test-sources';

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** spec 001 §3 audio manifest: the init segment is [0, offset), then segments as [size, duration]. */
export interface SeekTable {
  readonly offset: number;
  readonly timescale: number;
  readonly segments: ReadonlyArray<readonly [number, number]>;
}

/** The byte ranges (inclusive) a player requests: the init segment, then each fragment in order. */
export function fragmentRanges(table: SeekTable): Array<[number, number]> {
  const ranges: Array<[number, number]> = [[0, table.offset - 1]];
  let start = table.offset;
  for (const [size] of table.segments) {
    ranges.push([start, start + size - 1]);
    start += size;
  }
  return ranges;
}

/**
 * A long file from a packaged one: its init segment, then its fragments repeated until `minBytes`,
 * with the seek table that lists them. The bytes are real packaged fragments (not playable in
 * sequence: their decode times repeat), which is all a throughput figure needs.
 */
export function repeatFragments(file: Buffer, table: SeekTable, minBytes: number): { bytes: Buffer; table: SeekTable } {
  const [init, ...fragments] = fragmentRanges(table).map(([a, b]) => file.subarray(a, b + 1));
  const parts: Buffer[] = [init!];
  const segments: Array<[number, number]> = [];
  let size = init!.length;
  for (let i = 0; size < minBytes; i = (i + 1) % fragments.length) {
    parts.push(fragments[i]!);
    segments.push([fragments[i]!.length, table.segments[i]![1]]);
    size += fragments[i]!.length;
  }
  return { bytes: Buffer.concat(parts), table: { offset: table.offset, timescale: table.timescale, segments } };
}

export interface IngestFigures {
  readonly runs: number;
  readonly tracks: number;
  readonly audioMinutes: number;
  readonly wallSecondsMedian: number;
  readonly secondsPerAudioMinute: number;
}

/**
 * The whole ingestFolder call (probe, two AAC transcodes and CENC packaging per track, the MP3
 * preview, covers, the commit) over an album of ffmpeg tones written beforehand, into a fresh
 * DATA_DIR each run (re-ingesting the same DATA_DIR would skip everything).
 */
export async function benchIngest(runs: number, options = { tracks: 3, seconds: 25 }): Promise<IngestFigures> {
  const root = mkdtempSync(join(tmpdir(), 'bench-ingest-'));
  try {
    const album = join(root, 'album');
    writeTinyAlbum(album, { name: 'Bench Album', tracks: options.tracks, seconds: options.seconds });
    const walls: number[] = [];
    let audioMs = 0;
    for (let i = 0; i < runs; i += 1) {
      const dataDir = join(root, `data-${i}`);
      const started = process.hrtime.bigint();
      const summary = await ingestFolder(album, { dataDir });
      walls.push(Number(process.hrtime.bigint() - started) / 1e9);
      audioMs = summary.audioMs;
      rmSync(dataDir, { recursive: true, force: true });
    }
    const audioMinutes = audioMs / 60000;
    const wallSecondsMedian = median(walls);
    return { runs, tracks: options.tracks, audioMinutes, wallSecondsMedian, secondsPerAudioMinute: wallSecondsMedian / audioMinutes };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export interface CdnFigures {
  readonly runs: number;
  readonly fileBytes: number;
  readonly requests: number;
  readonly cdnMBps: number;
  readonly diskMBps: number;
  /** CDN throughput over disk throughput (1 would be as fast as the disk reads). */
  readonly ratio: number;
}

/** What the CDN bench needs of the running server: its origin, data directory, and a bearer token. */
export interface CdnTarget {
  readonly origin: string;
  readonly dataDir: string;
  readonly token: string;
}

const BENCH_FILE_ID = 'beb0000000000000000000000000000000000001';

/** GET with node:http on a kept-alive connection; the status and the body. */
function httpGet(agent: Agent, url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * Sequential Range requests, one per 10 s fragment (spec 001 §9), as the engine reads a file:
 * storage resolve, the seek table, then each range in order on one kept-alive connection; against
 * positional reads of the same ranges from one open file handle. Both after an unmeasured pass
 * (the page cache holds the file for both), alternating, `runs` times each; medians of MB/s.
 * The server runs in this process too, so both figures share one event loop and CPU. The client
 * is node:http, not Node's fetch (undici), whose own cost per request was about twice http.get's
 * on this machine and would be counted against the server.
 */
export async function benchCdn(target: CdnTarget, runs: number, minBytes = 24 * 1024 * 1024): Promise<CdnFigures> {
  const sourceRoot = mkdtempSync(join(tmpdir(), 'bench-cdn-'));
  const relativePath = `audio/${BENCH_FILE_ID}.mp4`;
  const path = join(target.dataDir, 'media', relativePath);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    // One packaged track from the real ingest, repeated into a long file in the server's DATA_DIR/media.
    writeTinyAlbum(join(sourceRoot, 'album'), { name: 'Bench CDN', tracks: 1, seconds: 30 });
    await ingestFolder(join(sourceRoot, 'album'), { dataDir: join(sourceRoot, 'data') });
    const source = new Database(join(sourceRoot, 'data', 'catalogue.sqlite'), { readonly: true });
    const row = source.prepare("SELECT path, seek_table FROM audio_files WHERE format = 'MP4_160'").get() as { path: string; seek_table: string };
    source.close();
    const long = repeatFragments(readFileSync(join(sourceRoot, 'data', 'media', row.path)), JSON.parse(row.seek_table) as SeekTable, minBytes);
    mkdirSync(join(target.dataDir, 'media', 'audio'), { recursive: true });
    writeFileSync(path, long.bytes);
    const db = new Database(join(target.dataDir, 'catalogue.sqlite'));
    db.prepare('INSERT OR REPLACE INTO audio_files (file_id, path, format, bitrate, seek_table) VALUES (?, ?, ?, ?, ?)').run(
      BENCH_FILE_ID,
      relativePath,
      'MP4_160',
      160000,
      JSON.stringify(long.table),
    );
    db.close();

    const viaCdn = async (): Promise<number> => {
      const started = process.hrtime.bigint();
      const auth = { authorization: `Bearer ${target.token}` };
      const resolved = JSON.parse(
        (await httpGet(agent, `${target.origin}/storage-resolve/files/audio/interactive/${BENCH_FILE_ID}`, auth)).body.toString(),
      ) as {
        cdnurl: string[];
      };
      const table = JSON.parse((await httpGet(agent, `${target.origin}/seektable/${BENCH_FILE_ID}.json`, {})).body.toString()) as SeekTable;
      let bytes = 0;
      for (const [first, last] of fragmentRanges(table)) {
        const response = await httpGet(agent, resolved.cdnurl[0]!, { range: `bytes=${first}-${last}` });
        if (response.status !== 206) throw new Error(`CDN answered ${response.status} for bytes=${first}-${last}`);
        bytes += response.body.length;
      }
      if (bytes !== long.bytes.length) throw new Error(`CDN sent ${bytes} of ${long.bytes.length} bytes`);
      return bytes / 1e6 / (Number(process.hrtime.bigint() - started) / 1e9);
    };
    const fromDisk = async (): Promise<number> => {
      const started = process.hrtime.bigint();
      const handle = await open(path, 'r');
      let bytes = 0;
      try {
        for (const [first, last] of fragmentRanges(long.table)) {
          const buffer = Buffer.allocUnsafe(last - first + 1);
          bytes += (await handle.read(buffer, 0, buffer.length, first)).bytesRead;
        }
      } finally {
        await handle.close();
      }
      if (bytes !== long.bytes.length) throw new Error(`disk read ${bytes} of ${long.bytes.length} bytes`);
      return bytes / 1e6 / (Number(process.hrtime.bigint() - started) / 1e9);
    };

    await viaCdn();
    await fromDisk();
    const cdn: number[] = [];
    const disk: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      cdn.push(await viaCdn());
      disk.push(await fromDisk());
    }
    const cdnMBps = median(cdn);
    const diskMBps = median(disk);
    return { runs, fileBytes: long.bytes.length, requests: long.table.segments.length + 1, cdnMBps, diskMBps, ratio: cdnMBps / diskMBps };
  } finally {
    agent.destroy();
    rmSync(sourceRoot, { recursive: true, force: true });
    rmSync(path, { force: true });
  }
}
