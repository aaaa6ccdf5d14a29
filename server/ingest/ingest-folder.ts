import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { commitRows } from './commit-rows';
import type { IngestPlan } from './ingest-plan';
import type { IngestRows, SourceRow } from './ingest-rows';
import type { IngestContext } from './ingest-work';
import { defaultMediaTools, type MediaTools } from './media-tools';
import { mediaDirOf, openIngestDatabase } from './open-catalogue';
import { planAlbum } from './plan-album';
import { planPlaylists } from './plan-playlists';
import { planShow } from './plan-show';
import { readSourceFolder } from './source-folder';

export interface IngestProgress {
  readonly done: number;
  readonly total: number;
  readonly label: string;
}

export interface IngestOptions {
  /** Where the media go (`${dataDir}/media`), and the catalogue too unless databaseUrl is given. */
  readonly dataDir: string;
  /** DATABASE_URL: the catalogue is written to this Postgres database (issue 14), as the server reads it. */
  readonly databaseUrl?: string;
  readonly tools?: MediaTools;
  /** Key ids, keys and IVs; crypto.randomBytes unless a test pins them. */
  readonly randomBytes?: (n: number) => Uint8Array;
  readonly onProgress?: (progress: IngestProgress) => void;
  /** Tests shrink the video ladder's sizes (issue 18; server/ingest/transcode-video.ts). */
  readonly videoLadder?: IngestContext['videoLadder'];
}

export interface IngestSummary {
  readonly folder: string;
  readonly kind: 'album' | 'show' | 'playlists';
  /** Resources added, and those already there from the same sources (skipped). */
  readonly added: ReadonlyArray<SourceRow>;
  readonly unchanged: ReadonlyArray<SourceRow>;
  readonly counts: { tracks: number; episodes: number; playlists: number; artists: number; images: number; audioFiles: number };
  /** Milliseconds of source audio ingested and bytes moved into the media folder. */
  readonly audioMs: number;
  readonly bytes: number;
}

/** The temporary folders' prefix under DATA_DIR: `.ingest-<pid>-XXXXXX`, the pid of the ingest that made it. */
export const TEMP_PREFIX = '.ingest-';
const TEMP_NAME = /^\.ingest-(?:(\d+)-)?/;

/** The temporary folders of ingests running in this process (the CLI's signal handler removes them). */
const activeTempDirs = new Set<string>();

/** Removes this process's temporary folders now (issue 12: an ingest killed by SIGINT/SIGTERM cleans up after itself). */
export function removeActiveTempDirs(): string[] {
  const removed = [...activeTempDirs];
  for (const dir of removed) rmSync(dir, { recursive: true, force: true });
  activeTempDirs.clear();
  return removed;
}

/** Whether a process of this pid is running (EPERM: it is, under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary folders that ingests killed before they could clean up left in `dataDir`
 * (SIGKILL, a power cut): those whose ingest is no longer running, or that name no pid. A running
 * ingest's folder (another process over the same DATA_DIR) is left alone. Returns the names removed.
 */
export function removeStaleTempDirs(dataDir: string, alive: (pid: number) => boolean = processAlive): string[] {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return [];
  }
  const stale = names.filter((name) => {
    const match = TEMP_NAME.exec(name);
    if (match === null) return false;
    const pid = match[1] === undefined ? null : Number(match[1]);
    return pid === null || (pid !== process.pid && !alive(pid));
  });
  for (const name of stale) rmSync(join(dataDir, name), { recursive: true, force: true });
  return stale;
}

/**
 * Ingests one folder (see metadata-codec.ts for its format) into `${dataDir}/catalogue.sqlite`
 * and `${dataDir}/media/`. All media work happens in a temporary directory (`.ingest-<pid>-*`, removed
 * when done, by the CLI's signal handler, or by the next ingest once its process is gone); one transaction then
 * writes every row and moves the files. Any failure leaves catalogue and media folder as they
 * were, with a message naming the file and the reason. Resources already ingested from the same
 * sources are skipped; the same resource from different sources is refused.
 */
export async function ingestFolder(dir: string, options: IngestOptions): Promise<IngestSummary> {
  const folder = readSourceFolder(dir);
  const { db, close } = await openIngestDatabase(options.dataDir, options.databaseUrl);
  try {
    removeStaleTempDirs(options.dataDir);
    const metadata = folder.metadata;
    const plan: IngestPlan =
      metadata.kind === 'album'
        ? await planAlbum(db, folder, metadata)
        : metadata.kind === 'show'
          ? planShow(folder, metadata)
          : await planPlaylists(db, folder, metadata);

    const existing = new Map(
      plan.sources.length === 0
        ? []
        : (
            await db
              .selectFrom('ingest_sources')
              .select(['resource_id', 'source_hash'])
              .where(
                'resource_id',
                'in',
                plan.sources.map((s) => s.resourceId),
              )
              .execute()
          ).map((r) => [r.resource_id, r.source_hash]),
    );
    const added: SourceRow[] = [];
    const unchanged: SourceRow[] = [];
    for (const source of plan.sources) {
      const hash = existing.get(source.resourceId);
      if (hash === undefined) added.push(source);
      else if (hash === source.sourceHash) unchanged.push(source);
      else {
        throw new Error(
          `${folder.label}: the ${source.kind} ${JSON.stringify(source.name)} is already in the catalogue, made from other ` +
            'files or metadata; changing an ingested resource is not supported (start from an empty DATA_DIR)',
        );
      }
    }
    const summary = { folder: folder.label, kind: metadata.kind, added, unchanged };
    if (added.length === 0) return { ...summary, counts: countsOf(null), audioMs: 0, bytes: 0 };

    const tmpDir = mkdtempSync(join(options.dataDir, `${TEMP_PREFIX}${process.pid}-`));
    activeTempDirs.add(tmpDir);
    try {
      let done = 0;
      const total = plan.steps + 1;
      const rows = await plan.run(
        {
          tools: options.tools ?? defaultMediaTools(),
          tmpDir,
          ...(options.randomBytes ? { randomBytes: options.randomBytes } : {}),
          ...(options.videoLadder ? { videoLadder: options.videoLadder } : {}),
          step: (label) => options.onProgress?.({ done: ++done, total, label }),
        },
        new Set(added.map((s) => s.resourceId)),
      );
      rows.sources.push(...added);
      const bytes = validateFiles(rows, tmpDir);
      await commitRows(db, rows, tmpDir, mediaDirOf(options.dataDir));
      options.onProgress?.({ done: total, total, label: 'catalogue written' });
      const audioMs = [...rows.tracks, ...rows.episodes].reduce((sum, r) => sum + r.durationMs, 0);
      return { ...summary, counts: countsOf(rows), audioMs, bytes };
    } finally {
      rmSync(tmpDir, { recursive: true, force: true });
      activeTempDirs.delete(tmpDir);
    }
  } finally {
    await close();
  }
}

/** Every file to move is in the temporary directory and not empty; returns their total size. */
function validateFiles(rows: IngestRows, tmpDir: string): number {
  const names = new Set<string>();
  let bytes = 0;
  for (const file of rows.files) {
    if (names.has(file.tmpName)) throw new Error(`internal: ${file.tmpName} would be moved twice`);
    names.add(file.tmpName);
    const size = statSync(join(tmpDir, file.tmpName)).size;
    if (size === 0) throw new Error(`internal: ${file.tmpName} is empty`);
    bytes += size;
  }
  return bytes;
}

function countsOf(rows: IngestRows | null): IngestSummary['counts'] {
  return {
    tracks: rows?.tracks.length ?? 0,
    episodes: rows?.episodes.length ?? 0,
    playlists: rows?.playlists.length ?? 0,
    artists: rows?.artists.length ?? 0,
    images: rows?.images.length ?? 0,
    audioFiles: rows?.audioFiles.length ?? 0,
  };
}
