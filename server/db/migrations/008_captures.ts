import type { Kysely, Migration } from 'kysely';

/*
 * Issue 19 Capture: a listener's session captured by "Report a problem" (server/capture/). The body is
 * the upload's JSON, zlib-deflated and base64-encoded (text, the same on SQLite and Postgres); the
 * link's key is kept only as its SHA-256, so a read of the table does not open the captures.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const migration008: Migration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('captures')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('key_hash', 'text', (c) => c.notNull())
      // The listener's account id; null for an anonymous visitor's capture (opened by its key).
      .addColumn('owner', 'text')
      .addColumn('description', 'text')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('raw_bytes', 'bigint', (c) => c.notNull())
      // epoch ms: the retention purge deletes by it.
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('captures_by_created_at').ifNotExists().on('captures').column('created_at').execute();
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('captures').ifExists().execute();
  },
};
