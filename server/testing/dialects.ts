import type { Dialect } from '../db/database';
import { startPostgres, type TestPostgres } from './postgres';
import { createTestDatabase } from './stores';

/**
 * Issue 14: the tests of a converted store run on both databases (describe.each(DIALECTS)). In
 * `npm test` the SQLite run takes the sqlite half and the Postgres run (TEST_STORES, server/testing/stores.ts)
 * the postgres half, so neither runs twice; a run without TEST_STORES (one file by hand) takes both.
 */
export const DIALECTS: readonly Dialect[] =
  process.env.TEST_STORES === 'postgres' ? ['postgres'] : process.env.TEST_STORES === 'sqlite' ? ['sqlite'] : ['sqlite', 'postgres'];

/**
 * Inside a describe of one dialect: `databaseUrl()` gives the server option for a fresh database
 * (undefined on SQLite: the test server's own DATA_DIR). On Postgres it is a database of the run's
 * cluster in the Postgres run; otherwise one cluster per test file is started on first use and
 * stopped after the file's tests.
 */
export function useDialect(dialect: Dialect): { databaseUrl(): Promise<string | undefined> } {
  let cluster: Promise<TestPostgres> | undefined;
  afterAll(async () => {
    if (cluster !== undefined) (await cluster).stop();
  });
  return {
    databaseUrl: async () => {
      if (dialect === 'sqlite') return undefined;
      if (process.env.TEST_STORES === 'postgres') return createTestDatabase({ empty: true });
      cluster ??= startPostgres();
      return (await cluster).createDatabase();
    },
  };
}
