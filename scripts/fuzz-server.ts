// The server scripts/fuzz attacks, as a child process of its own, so that a request that ends the
// process is seen as a death: the real provider (buildServer) over a temporary data directory on
// 127.0.0.1, port 0. Its first line on stdout is JSON: { url, routes, token, ids, params } (every
// route as added, a logged-in demo listener's access token so that authorised paths are reached too,
// real ids, and good values of named path parameters).
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServer } from '../server/app';
import { createTokenIssuer } from '../server/accounts/tokens';
import { LOG_KINDS } from '../server/logging-service/log-codecs';

async function main(): Promise<void> {
  // dist/scripts/fuzz-server.js: the repository is two folders up; the jest test names its own folders.
  const root = resolve(__dirname, '..', '..');
  const distDir = process.env.FUZZ_DIST_DIR ?? join(root, 'dist');
  const fixturesDir = process.env.FUZZ_FIXTURES_DIR ?? join(root, 'fixtures');
  const dataDir = mkdtempSync(join(tmpdir(), 'embed-fuzz-'));
  const routes: Array<{ method: string; url: string }> = [];
  const app = await buildServer({
    dataDir,
    distDir,
    fixturesDir,
    logger: false,
    onRoute: ({ method, url }) => {
      for (const m of typeof method === 'string' ? [method] : method) routes.push({ method: m, url });
    },
  });
  // Before the line that tells the parent it may stop us.
  const stop = () => {
    void app.close().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  // The demo listener's token, issued through the app's own database (SQLite here).
  const account = await app.database.kysely.selectFrom('accounts').select(['id', 'country']).where('username', '=', 'demo').executeTakeFirst();
  const token = account === undefined ? null : (await createTokenIssuer(app.database.kysely, Date.now)(account.id, account.country)).accessToken;
  // A second connection to the catalogue, as the ingest opens it, for the ids below.
  const db = new Database(join(dataDir, 'catalogue.sqlite'));
  // Real ids, so that a path's handler gets past its lookup (a byte range on a real file, a real album).
  const ids: string[] = [];
  for (const [table, column] of [
    ['albums', 'id'],
    ['tracks', 'id'],
    ['artists', 'id'],
    ['playlists', 'id'],
    ['shows', 'id'],
    ['episodes', 'id'],
    ['audio_files', 'file_id'],
  ]) {
    try {
      ids.push(
        ...db
          .prepare<[], { id: string }>(`SELECT ${column} AS id FROM ${table} LIMIT 2`)
          .all()
          .map((row) => row.id),
      );
    } catch {
      // A table this catalogue lacks: fewer real ids.
    }
  }
  db.close();
  // Values of named path parameters that get a handler past its first check.
  const params = { kind: Object.keys(LOG_KINDS), userId: account === undefined ? [] : [account.id], id: ids };
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}`, routes, token, ids, params })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
