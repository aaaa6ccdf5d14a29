// Issue 12 Faults: the ingest cleans up after itself when killed. SIGTERM mid-way: its ffmpeg
// children die with it and its temporary folder is gone; a folder left by an ingest that could not
// clean up (SIGKILL) is removed by the next run, while a running ingest's folder is left alone.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ingestFolder, removeStaleTempDirs, TEMP_PREFIX } from './ingest-folder';
import { writeTinyAlbum } from './test-sources';

jest.setTimeout(120_000);

const ROOT = resolve(__dirname, '..', '..');
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'embed-ingest-kill-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Live (not zombie) processes whose command line mentions `text`: their pids. */
function processesMentioning(text: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const state = /\) (\S)/.exec(readFileSync(`/proc/${entry}/stat`, 'utf8'))?.[1];
      if (state !== 'Z' && cmdline.some((arg) => arg.includes(text)) && cmdline[0]?.endsWith('ffmpeg')) pids.push(Number(entry));
    } catch {
      // The process ended while it was being read.
    }
  }
  return pids;
}

async function until<T>(what: string, probe: () => T | null, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== null) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const tempDirs = (dataDir: string): string[] => (existsSync(dataDir) ? readdirSync(dataDir).filter((name) => name.startsWith(TEMP_PREFIX)) : []);

describe('a killed ingest cleans up after itself (issue 12)', () => {
  it('SIGTERM mid-way: no ffmpeg child of it survives, its temporary folder is removed, the catalogue has nothing of the folder', async () => {
    const album = join(root, 'album');
    writeTinyAlbum(album, { tracks: 6, seconds: 20 });
    const dataDir = join(root, 'data');
    const ingest = spawn(
      join(ROOT, 'node_modules', '.bin', 'ts-node'),
      ['--transpile-only', '-O', '{"module":"commonjs","moduleResolution":"node"}', join(ROOT, 'scripts', 'ingest.ts'), '--data-dir', dataDir, album],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    ingest.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | number | null>((done) => ingest.once('exit', (code, signal) => done(signal ?? code)));

    // Mid-way: an ffmpeg of the ingest writing into its temporary folder under the data directory.
    const children = await until(
      'an ffmpeg child writing under the data directory',
      () => {
        const found = processesMentioning(dataDir);
        return found.length > 0 && tempDirs(dataDir).length > 0 ? found : null;
      },
      90_000,
    );
    ingest.kill('SIGTERM');
    const code = await exited;

    expect(code).toBe(128 + 15);
    expect(stderr).toContain('ingest stopped by SIGTERM');
    // Killed before the handler exited; give the kernel a bounded moment to reap them.
    const survivors = await until('the ffmpeg children to be gone', () => (processesMentioning(dataDir).length === 0 ? [] : null), 10_000).catch(() =>
      processesMentioning(dataDir),
    );
    expect(survivors).toEqual([]);
    expect(children.every((pid) => !existsSync(`/proc/${pid}`) || readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z'))).toBe(true);
    expect(tempDirs(dataDir)).toEqual([]);
    expect(existsSync(join(dataDir, 'media', 'audio'))).toBe(false);
  });

  it("the next run removes a temporary folder whose ingest is gone (SIGKILL leaves no handler to run), and keeps a running one's", async () => {
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    // A pid that is surely not running: one that has just ended.
    const gone = Number(execFileSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' }).trim());
    const stale = `${TEMP_PREFIX}${gone}-abc123`;
    mkdirSync(join(dataDir, stale));
    writeFileSync(join(dataDir, stale, 'half-written.mp4'), 'x');
    const older = `${TEMP_PREFIX}Zx9Q2a`;
    mkdirSync(join(dataDir, older));
    const running = spawn('sleep', ['30']);
    const live = `${TEMP_PREFIX}${running.pid}-def456`;
    mkdirSync(join(dataDir, live));
    try {
      const album = join(root, 'album');
      writeTinyAlbum(album, { tracks: 1, seconds: 1 });
      await ingestFolder(album, { dataDir });
      expect(tempDirs(dataDir)).toEqual([live]);
      expect(removeStaleTempDirs(dataDir)).toEqual([]);
    } finally {
      running.kill('SIGKILL');
    }
  });
});
