import type { Dialect } from '../db/database';
import { startPostgres, type TestPostgres } from './postgres';

/** Issue 14: the tests of a converted store run on both databases (describe.each(DIALECTS)). */
export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

/**
 * Inside a describe of one dialect: `databaseUrl()` gives the server option for a fresh database
 * (undefined on SQLite: the test server's own DATA_DIR). On Postgres one cluster per test file is
 * started on first use and stopped after the file's tests.
 */
export function useDialect(dialect: Dialect): { databaseUrl(): Promise<string | undefined> } {
  let cluster: Promise<TestPostgres> | undefined;
  afterAll(async () => {
    if (cluster !== undefined) (await cluster).stop();
  });
  return {
    databaseUrl: async () => {
      if (dialect === 'sqlite') return undefined;
      cluster ??= startPostgres();
      return (await cluster).createDatabase();
    },
  };
}
