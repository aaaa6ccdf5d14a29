import type { Kysely, Migration } from 'kysely';

/*
 * Issue 17, the web player's genre pages (spec 001 §2 /genre/{genreId}) and the Web API's browse
 * categories: the genres the ingest metadata names (server/ingest/metadata-codec.ts) and which
 * artists, albums, shows and playlists are in each. `IF NOT EXISTS`: the committed demo catalogue
 * (fixtures/demo-catalogue/catalogue.sqlite) carries both tables already, with its genres.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const migration006: Migration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('genres')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .execute();
    await db.schema
      .createTable('item_genres')
      .ifNotExists()
      .addColumn('item_type', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('genre_id', 'text', (c) => c.notNull())
      // The order the metadata names an item's genres in (an artist's genres list).
      .addColumn('position', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('item_genres_pkey', ['item_type', 'item_id', 'genre_id'])
      .execute();
    await db.schema.createIndex('item_genres_by_genre').ifNotExists().on('item_genres').columns(['genre_id', 'item_type']).execute();
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('item_genres').ifExists().execute();
    await db.schema.dropTable('genres').ifExists().execute();
  },
};
