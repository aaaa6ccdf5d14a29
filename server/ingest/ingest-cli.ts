import { parseDatabaseUrl } from '../db/database';
import type { IngestProgress, IngestSummary } from './ingest-folder';

export const INGEST_USAGE = `usage: npm run ingest -- [--data-dir DIR] <folder>...

Adds each folder (an album, a show or playlists: see README "Ingest") to DIR/catalogue.sqlite (or,
with DATABASE_URL=postgres://..., to that database, as the server) and DIR/media/. DIR defaults to $DATA_DIR, else ./data (as the server). Folders are ingested in order, each
all or nothing; a folder ingested before from the same files is skipped. FFMPEG and FFPROBE override
/usr/bin/ffmpeg and /usr/bin/ffprobe.`;

export interface IngestArgs {
  readonly dataDir: string;
  /** DATABASE_URL (issue 14): the catalogue is written there; unset, DIR/catalogue.sqlite. */
  readonly databaseUrl?: string;
  readonly folders: string[];
}

/** Parses the command line; returns a message (usage or error) instead when there is nothing to run. */
export function parseIngestArgs(argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv): IngestArgs | { message: string; exitCode: number } {
  let dataDir = env.DATA_DIR ?? 'data';
  const folders: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return { message: INGEST_USAGE, exitCode: 0 };
    if (arg === '--data-dir') {
      const value = argv[i + 1];
      if (value === undefined || value === '') return { message: `--data-dir needs a directory\n\n${INGEST_USAGE}`, exitCode: 1 };
      dataDir = value;
      i += 1;
    } else if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length);
    else if (arg.startsWith('-')) return { message: `unknown option ${arg}\n\n${INGEST_USAGE}`, exitCode: 1 };
    else folders.push(arg);
  }
  if (folders.length === 0) return { message: `no folder given\n\n${INGEST_USAGE}`, exitCode: 1 };
  let databaseUrl: string | undefined;
  try {
    databaseUrl = parseDatabaseUrl(env.DATABASE_URL);
  } catch (err) {
    return { message: err instanceof Error ? err.message : String(err), exitCode: 1 };
  }
  return { dataDir, folders, ...(databaseUrl === undefined ? {} : { databaseUrl }) };
}

/** One progress line: a bar for a terminal (redrawn with \r), plain `[done/total] label` lines otherwise. */
export function formatProgress(folder: string, progress: IngestProgress, tty: boolean, width = 24): string {
  const fraction = progress.total === 0 ? 1 : Math.min(1, progress.done / progress.total);
  if (!tty) return `${folder} [${progress.done}/${progress.total}] ${progress.label}\n`;
  const filled = Math.round(fraction * width);
  const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
  const line = `${folder} [${bar}] ${String(Math.round(fraction * 100)).padStart(3)}% ${progress.label}`;
  // \x1b[K clears the rest of a longer previous line.
  return `\r${line.slice(0, 110)}\x1b[K`;
}

export function formatSummary(summaries: ReadonlyArray<IngestSummary>, seconds: number): string {
  const lines = summaries.map((s) => {
    const names = (list: IngestSummary['added']) => list.map((r) => `${r.kind} "${r.name}"`).join(', ');
    if (s.added.length === 0) return `${s.folder}: unchanged (${names(s.unchanged)} already ingested from the same files)`;
    const c = s.counts;
    const parts = [
      c.tracks > 0 ? `${c.tracks} tracks` : '',
      c.episodes > 0 ? `${c.episodes} episodes` : '',
      c.playlists > 0 ? `${c.playlists} playlists` : '',
      c.artists > 0 ? `${c.artists} new artists` : '',
      `${c.audioFiles} audio files`,
      `${c.images} image rows`,
    ].filter((p) => p !== '');
    const audio = s.audioMs > 0 ? `, ${(s.audioMs / 1000).toFixed(1)} s of audio` : '';
    const skipped = s.unchanged.length > 0 ? `; unchanged: ${names(s.unchanged)}` : '';
    return `${s.folder}: added ${names(s.added)}: ${parts.join(', ')}${audio}, ${(s.bytes / 1024).toFixed(0)} KB of media${skipped}`;
  });
  const audioMs = summaries.reduce((sum, s) => sum + s.audioMs, 0);
  const rate = audioMs > 0 ? ` (${(seconds / (audioMs / 60000)).toFixed(1)} s per minute of audio)` : '';
  return `${lines.join('\n')}\ningested ${summaries.length} folder(s) in ${seconds.toFixed(1)} s${rate}\n`;
}
