/**
 * Adds folders of audio, covers and metadata.json to the catalogue (server/ingest/): DATA_DIR's SQLite
 * file, or the Postgres database of DATABASE_URL (issue 14), as the server reads it:
 *
 *   npm run ingest -- [--data-dir DIR] <folder>...
 *   npx ts-node --transpile-only -O '{"module":"commonjs","moduleResolution":"node"}' scripts/ingest.ts <folder>...
 *
 * Progress goes to stderr (a bar on a terminal), the summary to stdout; exit code 1 with the
 * reason (naming the file) when a folder fails, which then leaves the catalogue as it was.
 * SIGINT, SIGTERM or SIGHUP end it cleanly: its ffmpeg children are killed and its temporary folder
 * removed (a SIGKILLed ingest's folder is removed by the next run), the catalogue left as it was.
 */
import { constants } from 'node:os';
import { ingestFolder, removeActiveTempDirs, type IngestSummary } from '../server/ingest/ingest-folder';
import { formatProgress, formatSummary, parseIngestArgs } from '../server/ingest/ingest-cli';
import { killRunningTools } from '../server/ingest/media-tools';
import { committing } from '../server/ingest/commit-rows';

/**
 * issue 12: a killed ingest leaves nothing behind. The catalogue is written in one transaction;
 * a signal that comes while it is being committed waits for it (the files it moved then belong to
 * committed rows), so stopping here never half-writes it.
 */
function stopOn(signal: NodeJS.Signals): void {
  // committing() settles without rejecting (a failed commit has rolled back), so nothing is left unhandled.
  process.once(
    signal,
    () =>
      void committing().then(() => {
        const killed = killRunningTools('SIGKILL');
        const removed = removeActiveTempDirs();
        process.stderr.write(
          `\ningest stopped by ${signal}: ${killed.length} media tool(s) killed, ${removed.length} temporary folder(s) removed; the catalogue is as it was before the folder in progress.\n`,
        );
        process.exit(128 + (constants.signals[signal] ?? 0));
      }),
  );
}

async function main(): Promise<number> {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) stopOn(signal);
  const args = parseIngestArgs(process.argv.slice(2), process.env);
  if ('message' in args) {
    (args.exitCode === 0 ? process.stdout : process.stderr).write(`${args.message}\n`);
    return args.exitCode;
  }
  const tty = process.stderr.isTTY === true;
  const started = performance.now();
  const summaries: IngestSummary[] = [];
  for (const folder of args.folders) {
    try {
      summaries.push(
        await ingestFolder(folder, {
          dataDir: args.dataDir,
          ...(args.databaseUrl === undefined ? {} : { databaseUrl: args.databaseUrl }),
          onProgress: (progress) => process.stderr.write(formatProgress(folder, progress, tty)),
        }),
      );
      if (tty) process.stderr.write('\n');
    } catch (err) {
      if (tty) process.stderr.write('\n');
      if (summaries.length > 0) process.stdout.write(formatSummary(summaries, (performance.now() - started) / 1000));
      process.stderr.write(`ingest failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.stderr.write(`${folder} was not ingested; the catalogue and media folder are as they were before it.\n`);
      return 1;
    }
  }
  process.stdout.write(formatSummary(summaries, (performance.now() - started) / 1000));
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`ingest failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
