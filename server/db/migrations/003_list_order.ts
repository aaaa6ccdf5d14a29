import { sql, SqliteAdapter, type Kysely, type Migration } from 'kysely';

/*
 * Issue 14: saved items and playlist follows are listed newest first, and several saved in one
 * millisecond (one request's ids) in the reverse of the order they were saved. SQLite's rowid broke
 * that tie; Postgres has none, so each row carries `seq`, one more than the user's last (set by
 * server/web-api/library-store.ts and playlist-store.ts). Rows of an older SQLite catalogue take
 * their rowid, which keeps the order they had.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const migration003: Migration = {
  async up(db: AnyDb): Promise<void> {
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    for (const table of ['library_items', 'playlist_followers']) {
      await db.schema
        .alterTable(table)
        .addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      if (sqlite) await sql`UPDATE ${sql.table(table)} SET seq = rowid`.execute(db);
    }
  },
};
