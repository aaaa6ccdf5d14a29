import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerOptions } from './app';
import { FIXTURES_DIR } from './testing/demo-catalogue';
import { forgetDataDir, storeOptionsFor } from './testing/stores';

export interface TestServer {
  readonly app: FastifyInstance;
  readonly url: (path: string) => string;
  readonly dataDir: string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** A fake widget build: the server only reads its CSS and which scripts to load. */
export function fakeDist(): string {
  const distDir = mkdtempSync(join(tmpdir(), 'embed-dist-'));
  mkdirSync(join(distDir, 'widget'));
  writeFileSync(join(distDir, 'widget', 'main.css'), '.embed{color:#fff}');
  writeFileSync(join(distDir, 'widget', 'main.js'), 'console.log("widget")');
  // As build.mjs does: a brotli copy next to the script.
  writeFileSync(join(distDir, 'widget', 'main.js.br'), brotliCompressSync('console.log("widget")'));
  return distDir;
}

/**
 * The real server on a free loopback port over a temporary data directory. In the Postgres run of
 * `npm test` (TEST_STORES=postgres, server/testing/stores.ts) on a fresh database of its own (the
 * same one when started again over the same data directory) and the run's Redis, unless the test gives them.
 */
export async function startTestServer(
  dataDir = mkdtempSync(join(tmpdir(), 'embed-data-')),
  options: Omit<ServerOptions, 'dataDir' | 'distDir' | 'fixturesDir'> & {
    /** Runs before the server listens: tests add routes of their own here. */
    readonly beforeListen?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestServer> {
  const distDir = fakeDist();
  const { beforeListen, ...serverOptions } = options;
  const stores = await storeOptionsFor(dataDir, { databaseUrl: options.databaseUrl, redisUrl: options.redisUrl });
  const app = await buildServer({ dataDir, distDir, fixturesDir: FIXTURES_DIR, ...serverOptions, ...stores });
  beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    app,
    dataDir,
    url: (path) => `http://127.0.0.1:${address.port}${path}`,
    stop: async (options = {}) => {
      await app.close();
      rmSync(distDir, { recursive: true, force: true });
      if (options.keepData !== true) {
        rmSync(dataDir, { recursive: true, force: true });
        await forgetDataDir(dataDir);
      }
    },
  };
}
