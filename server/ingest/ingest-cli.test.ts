import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatProgress, formatSummary, parseIngestArgs } from './ingest-cli';

describe('the ingest command line (issue 4: long work shows a progress bar and ends with a summary)', () => {
  it('takes folders and --data-dir, defaulting to DATA_DIR as the server does', () => {
    expect(parseIngestArgs(['a', 'b'], { DATA_DIR: '/srv/data' })).toEqual({ dataDir: '/srv/data', folders: ['a', 'b'] });
    expect(parseIngestArgs(['--data-dir', 'x', 'a'], {})).toEqual({ dataDir: 'x', folders: ['a'] });
    expect(parseIngestArgs(['a'], {})).toEqual({ dataDir: 'data', folders: ['a'] });
    expect(parseIngestArgs([], {})).toMatchObject({ exitCode: 1, message: expect.stringMatching(/^no folder given/) });
    expect(parseIngestArgs(['--force', 'a'], {})).toMatchObject({ exitCode: 1, message: expect.stringMatching(/^unknown option --force/) });
    expect(parseIngestArgs(['--help'], {})).toMatchObject({ exitCode: 0 });
  });

  it('draws a bar on a terminal and plain lines otherwise', () => {
    expect(formatProgress('album', { done: 3, total: 12, label: '01.wav MP4_96' }, true, 8)).toBe('\ralbum [##------]  25% 01.wav MP4_96\x1b[K');
    expect(formatProgress('album', { done: 3, total: 12, label: '01.wav MP4_96' }, false)).toBe('album [3/12] 01.wav MP4_96\n');
  });

  it('sums up what each folder added and the ingest speed per minute of audio', () => {
    const source = { resourceId: 'x', kind: 'album' as const, name: 'Tiny', sourceHash: 'h' };
    const counts = { tracks: 2, episodes: 0, playlists: 0, artists: 1, images: 6, audioFiles: 6 };
    const text = formatSummary(
      [
        { folder: 'a', kind: 'album', added: [source], unchanged: [], counts, audioMs: 120_000, bytes: 2048 },
        { folder: 'a', kind: 'album', added: [], unchanged: [source], counts, audioMs: 0, bytes: 0 },
      ],
      30,
    );
    expect(text).toBe(
      'a: added album "Tiny": 2 tracks, 1 new artists, 6 audio files, 6 image rows, 120.0 s of audio, 2 KB of media\n' +
        'a: unchanged (album "Tiny" already ingested from the same files)\n' +
        'ingested 2 folder(s) in 30.0 s (15.0 s per minute of audio)\n',
    );
  });

  it('exits with code 1 and a message naming the file when a folder cannot be ingested', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'embed-ingest-cli-'));
    const root = resolve(__dirname, '..', '..');
    const result = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = execFile(
        join(root, 'node_modules', '.bin', 'ts-node'),
        [
          '--transpile-only',
          '-O',
          '{"module":"commonjs","moduleResolution":"node"}',
          join(root, 'scripts', 'ingest.ts'),
          '--data-dir',
          join(dir, 'data'),
          join(dir, 'nothing'),
        ],
        { cwd: root },
        (_error, _stdout, stderr) => done({ code: child.exitCode, stderr }),
      );
    });
    rmSync(dir, { recursive: true, force: true });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`ingest failed: ${join(dir, 'nothing', 'metadata.json')}: cannot be read (ENOENT)`);
  }, 60_000);
});
