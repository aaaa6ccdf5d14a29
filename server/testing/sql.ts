import { CompiledQuery } from 'kysely';
import type { DbHandle } from '../db/database';

/**
 * Tests: the rows of a plain SQL query with `?` parameters, on a server's own database
 * (app.database: SQLite, or Postgres in the Postgres run of `npm test`). The SQL must be plain enough
 * for both (no rowid, no INSERT OR IGNORE: ON CONFLICT DO NOTHING is both's).
 */
export async function queryRows<T>(database: Pick<DbHandle, 'dialect' | 'kysely'>, text: string, ...params: unknown[]): Promise<T[]> {
  let n = 0;
  // Postgres numbers its parameters.
  const compiled = database.dialect === 'postgres' ? text.replace(/\?/g, () => `$${(n += 1)}`) : text;
  return (await database.kysely.executeQuery<T>(CompiledQuery.raw(compiled, params))).rows;
}
