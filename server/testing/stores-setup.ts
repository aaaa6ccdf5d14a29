import { startPostgres } from './postgres';
import { startTestRedis } from './redis';
import { PG_URL_ENV, REDIS_URL_ENV, testStores } from './stores';

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
  process.env[PG_URL_ENV] = postgres.url;
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
