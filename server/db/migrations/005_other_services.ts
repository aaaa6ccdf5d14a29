import type { ColumnDataType, Kysely, Migration } from 'kysely';

/*
 * Issue 17, spec 001 §7 Other services (server/other-services/README.md): what they keep per user
 * beyond the catalogue and library: recently played contexts, radio likes and bans, the accepted
 * terms licence, social sessions and their members, the root playlist list's revisions, and the
 * sponsored placements.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Epoch milliseconds overflow Postgres's 4-byte integer. */
const INT: ColumnDataType = 'bigint';

export const migration005: Migration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('recently_played')
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('context_uri', 'text', (c) => c.notNull())
      .addColumn('last_played_at', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('recently_played_pkey', ['account_id', 'context_uri'])
      .execute();
    await db.schema
      .createTable('radio_feedback')
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('station_uri', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('radio_feedback_pkey', ['account_id', 'station_uri', 'kind', 'item_id'])
      .execute();
    await db.schema
      .createTable('terms_acceptances')
      .addColumn('account_id', 'text', (c) => c.primaryKey())
      .addColumn('license', 'text', (c) => c.notNull())
      .addColumn('accepted_at', INT, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('social_sessions')
      .addColumn('token', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().unique())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('social_session_members')
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('joined_at', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('social_session_members_pkey', ['token', 'account_id'])
      .execute();
    await db.schema
      .createTable('rootlist_revisions')
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('revision', INT, (c) => c.notNull())
      .addColumn('items', 'text', (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('rootlist_revisions_pkey', ['account_id', 'revision'])
      .execute();
    await db.schema
      .createTable('sponsored_placements')
      .addColumn('playlist_id', 'text', (c) => c.primaryKey())
      .addColumn('sponsor', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('click_url', 'text', (c) => c.notNull())
      .addColumn('starts_at', INT, (c) => c.notNull())
      .addColumn('ends_at', INT, (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb): Promise<void> {
    for (const table of [
      'sponsored_placements',
      'rootlist_revisions',
      'social_session_members',
      'social_sessions',
      'terms_acceptances',
      'radio_feedback',
      'recently_played',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
