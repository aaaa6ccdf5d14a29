import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDbHandle } from '../db/database';
import { FIXTURES_DIR } from './demo-catalogue';
import { startPostgres, type TestPostgres } from './postgres';
import { startTestRedis } from './redis';
import { PG_TEMPLATE_ENV, PG_URL_ENV, REDIS_URL_ENV, testStores } from './stores';

/*
 * jest's globalSetup of the server and e2e projects (jest.config.ts). In the Postgres run
 * (TEST_STORES=postgres, issue 14) it starts the run's Postgres cluster and Redis once, before any
 * worker, and hands their URLs to the workers in the environment; stores-teardown.ts stops them.
 * In the SQLite run it does nothing.
 */

interface Started {
  stop(): Promise<void>;
}

const KEY = '__embedTestStores';
const TEMPLATE = 'stores_template';

/** The database every test server's is copied from: the server's own start-up run once (migrations, demo catalogue). */
async function makeTemplate(postgres: TestPostgres): Promise<void> {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgres.url);
  url.pathname = `/${TEMPLATE}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'embed-stores-template-'));
  try {
    // Closed before any copy: CREATE DATABASE ... TEMPLATE refuses a template with connections.
    await (await openDbHandle({ dataDir, fixturesDir: FIXTURES_DIR, databaseUrl: url.href })).close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function setup(): Promise<void> {
  if (testStores() !== 'postgres') return;
  const postgres = await startPostgres();
  let redis;
  try {
    redis = await startTestRedis();
  } catch (error) {
    postgres.stop();
    throw error;
  }
  try {
    await makeTemplate(postgres);
  } catch (error) {
    postgres.stop();
    await redis.stop();
    throw error;
  }
  process.env[PG_URL_ENV] = postgres.url;
  process.env[PG_TEMPLATE_ENV] = TEMPLATE;
  process.env[REDIS_URL_ENV] = redis.url;
  const started: Started = {
    stop: async () => {
      await redis.stop();
      postgres.stop();
    },
  };
  (globalThis as Record<string, unknown>)[KEY] = started;
}

export async function teardown(): Promise<void> {
  const started = (globalThis as Record<string, unknown>)[KEY] as Started | undefined;
  delete (globalThis as Record<string, unknown>)[KEY];
  await started?.stop();
}
