import { execFile, type ChildProcess } from 'node:child_process';

/** The binaries; FFMPEG / FFPROBE override Debian's (as in scripts/make-demo-sources.ts). */
export interface MediaTools {
  readonly ffmpeg: string;
  readonly ffprobe: string;
}

export const defaultMediaTools = (env: NodeJS.ProcessEnv = process.env): MediaTools => ({
  ffmpeg: env.FFMPEG ?? '/usr/bin/ffmpeg',
  ffprobe: env.FFPROBE ?? '/usr/bin/ffprobe',
});

/** The ffmpeg and ffprobe processes running now, so a signal handler can end them with the ingest (issue 12). */
const running = new Set<ChildProcess>();

/**
 * Kills every media tool still running (the ingest CLI's SIGINT/SIGTERM handler: its children must
 * not outlive it, writing into a temporary folder that is being removed). Returns their pids.
 */
export function killRunningTools(signal: NodeJS.Signals = 'SIGKILL'): number[] {
  const pids: number[] = [];
  for (const child of running) {
    if (child.pid !== undefined) pids.push(child.pid);
    child.kill(signal);
  }
  running.clear();
  return pids;
}

/** Runs a binary with an argument array (no shell) to its stdout; rejects with the tool's last stderr lines. */
export function run(binary: string, args: ReadonlyArray<string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(binary, [...args], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      running.delete(child);
      if (error) {
        const lines = stderr
          .toString('utf8')
          .trim()
          .split('\n')
          .filter((l) => l.trim() !== '');
        const why = lines.slice(-2).join(' / ') || error.message;
        reject(new Error(why));
        return;
      }
      resolve(stdout);
    });
    running.add(child);
  });
}

/** ffmpeg, quiet, overwriting its outputs (they are always in our temporary directory). */
export function ffmpeg(tools: MediaTools, args: ReadonlyArray<string>): Promise<Buffer> {
  return run(tools.ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args]);
}

/**
 * The duration of an audio file in ms by ffprobe; rejects when the file has no decodable audio
 * stream (a corrupt file), so the ingest stops before any transcoding.
 */
export async function probeDurationMs(tools: MediaTools, file: string): Promise<number> {
  const out = (
    await run(tools.ffprobe, ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_type:format=duration', '-of', 'json', file])
  ).toString('utf8');
  let parsed: { streams?: Array<{ codec_type?: string }>; format?: { duration?: string } };
  try {
    parsed = JSON.parse(out) as typeof parsed;
  } catch {
    throw new Error('ffprobe gave no readable answer');
  }
  if (!parsed.streams?.some((s) => s.codec_type === 'audio')) throw new Error('no audio stream');
  const seconds = Number(parsed.format?.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('no duration');
  return Math.round(seconds * 1000);
}
