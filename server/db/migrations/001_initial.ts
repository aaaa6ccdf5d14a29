import { PostgresAdapter, type ColumnDataType, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';

/*
 * Issue 14, the first migration: the schema of server/db/schema.ts as it stood when migrations
 * began, in Kysely's schema builder so that one file makes it on SQLite and on Postgres. Frozen:
 * a later change is a new file (NNN_name.ts, listed in migrations/index.ts), never an edit here.
 *
 * A SQLite data directory made before migrations (applySchema, and the committed demo catalogue)
 * is adopted: every table is created only if missing, and the columns added after a table first
 * shipped (schema.ts COLUMN_ADDITIONS at the time: access_tokens.session_id and the log tables'
 * event_id) are added where missing, with their indexes.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<string, string>;

/** Epoch milliseconds overflow Postgres's 4-byte integer; SQLite's INTEGER is 8 bytes whatever its name. */
const INT: ColumnDataType = 'bigint';
/** REAL on SQLite; Postgres's real is 4 bytes, which would round action times. */
const FLOAT: ColumnDataType = 'double precision';

export const migration001: Migration = {
  async up(db: AnyDb): Promise<void> {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    // SQLite: INTEGER PRIMARY KEY AUTOINCREMENT, as schema.ts has it; Postgres: an identity column.
    const autoId = (t: Table): Table =>
      postgres
        ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    const table = (name: string): Table => db.schema.createTable(name).ifNotExists();
    const text = (t: Table, ...names: string[]): Table => names.reduce((acc, n) => acc.addColumn(n, 'text', (c) => c.notNull()), t);

    await text(
      table('artists').addColumn('id', 'text', (c) => c.primaryKey()),
      'name',
      'dominant_color',
    ).execute();
    await text(
      table('albums').addColumn('id', 'text', (c) => c.primaryKey()),
      'name',
      'release_date',
      'dominant_color',
    ).execute();
    await table('album_artists')
      .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id'))
      .addColumn('artist_id', 'text', (c) => c.notNull().references('artists.id'))
      .addColumn('position', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('album_artists_pkey', ['album_id', 'artist_id'])
      .execute();
    await table('tracks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id'))
      .addColumn('track_number', INT, (c) => c.notNull())
      .addColumn('duration_ms', INT, (c) => c.notNull())
      .addColumn('preview_file', 'text')
      .execute();
    await table('track_artists')
      .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id'))
      .addColumn('artist_id', 'text', (c) => c.notNull().references('artists.id'))
      .addColumn('position', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('track_artists_pkey', ['track_id', 'artist_id'])
      .execute();
    await table('artist_top_tracks')
      .addColumn('artist_id', 'text', (c) => c.notNull().references('artists.id'))
      .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id'))
      .addColumn('position', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('artist_top_tracks_pkey', ['artist_id', 'position'])
      .execute();
    await text(
      table('playlists').addColumn('id', 'text', (c) => c.primaryKey()),
      'name',
      'owner_display_name',
      'dominant_color',
    ).execute();
    await table('playlist_tracks')
      .addColumn('playlist_id', 'text', (c) => c.notNull().references('playlists.id'))
      .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id'))
      .addColumn('position', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('playlist_tracks_pkey', ['playlist_id', 'position'])
      .execute();
    await text(
      table('shows').addColumn('id', 'text', (c) => c.primaryKey()),
      'name',
      'publisher',
      'dominant_color',
      'available_markets',
    ).execute();
    await table('episodes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('show_id', 'text', (c) => c.notNull().references('shows.id'))
      .addColumn('release_date', 'text', (c) => c.notNull())
      .addColumn('duration_ms', INT, (c) => c.notNull())
      .addColumn('preview_file', 'text')
      .addColumn('dominant_color', 'text', (c) => c.notNull())
      .addColumn('available_markets', 'text', (c) => c.notNull())
      .execute();
    await text(table('images'), 'owner_type', 'owner_id', 'file')
      .addColumn('width', INT, (c) => c.notNull())
      .addColumn('height', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('images_pkey', ['owner_type', 'owner_id', 'width'])
      .execute();

    // The log tables (server/log/, server/logging-service/).
    await text(autoId(table('analytics_events')), 'category', 'action', 'label', 'product', 'session_id', 'extra', 'received_at')
      .addColumn('event_id', 'text')
      .execute();
    await text(autoId(table('action_log_entries')), 'session_id', 'product', 'type')
      .addColumn('t', FLOAT)
      .addColumn('seq', INT)
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text')
      .execute();
    await text(autoId(table('error_reports')), 'session_id', 'product', 'release')
      .addColumn('user_id', 'text')
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('stack', 'text', (c) => c.notNull())
      .addColumn('breadcrumbs', 'text', (c) => c.notNull())
      .addColumn('timestamp', FLOAT, (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text')
      .execute();

    // Accounts, sessions, tokens (server/accounts/).
    await table('accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('product', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .execute();
    await table('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
      .addColumn('created_at', INT, (c) => c.notNull())
      .addColumn('expires_at', INT, (c) => c.notNull())
      .execute();
    await table('access_tokens')
      .addColumn('token', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.references('accounts.id'))
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('expires_at', INT, (c) => c.notNull())
      .addColumn('session_id', 'text')
      .execute();
    await db.schema.createIndex('sessions_expires_at').ifNotExists().on('sessions').column('expires_at').execute();
    await db.schema.createIndex('access_tokens_expires_at').ifNotExists().on('access_tokens').column('expires_at').execute();
    await table('product_state_registrations')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
      .addColumn('connection_id', 'text', (c) => c.notNull())
      .addColumn('registered_at', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('product_state_registrations_pkey', ['account_id', 'connection_id'])
      .execute();

    // The ingest and the media (server/ingest/, server/web-api/media-routes.ts).
    await text(
      table('ingest_sources').addColumn('resource_id', 'text', (c) => c.primaryKey()),
      'kind',
      'name',
      'source_hash',
    ).execute();
    await text(
      table('track_markets').addColumn('track_id', 'text', (c) => c.primaryKey().references('tracks.id')),
      'available_markets',
    ).execute();
    await text(
      table('artist_biographies').addColumn('artist_id', 'text', (c) => c.primaryKey().references('artists.id')),
      'biography',
    ).execute();
    await text(
      table('episode_descriptions').addColumn('episode_id', 'text', (c) => c.primaryKey().references('episodes.id')),
      'description',
    ).execute();
    await text(
      table('audio_files').addColumn('file_id', 'text', (c) => c.primaryKey()),
      'path',
      'format',
    )
      .addColumn('bitrate', INT)
      .addColumn('key_id', 'text')
      .addColumn('key', 'text')
      .addColumn('seek_table', 'text')
      .addColumn('track_id', 'text')
      .addColumn('episode_id', 'text')
      .execute();

    // The track-playback service (server/playback/).
    await text(table('playback_devices'), 'account_id', 'device_id', 'connection_id', 'info')
      .addColumn('client_version', 'text')
      .addColumn('volume', INT, (c) => c.notNull())
      .addColumn('machine', 'text')
      .addColumn('commanded_ref', 'text')
      .addColumn('state_ref', 'text')
      .addColumn('last_seq_num', INT, (c) => c.notNull())
      .addColumn('updated_at', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('playback_devices_pkey', ['account_id', 'device_id'])
      .execute();
    await text(autoId(table('playback_state_updates')), 'account_id', 'device_id')
      .addColumn('seq_num', INT, (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('track_uri', 'text')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('received_at', INT, (c) => c.notNull())
      .execute();
    await text(autoId(table('logging_events')), 'kind')
      .addColumn('account_id', 'text')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('received_at', INT, (c) => c.notNull())
      .addColumn('event_id', 'text')
      .execute();

    // The listener's library and playlists (server/web-api/).
    await text(table('library_items'), 'user_id', 'kind', 'item_id')
      .addColumn('added_at', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('library_items_pkey', ['user_id', 'kind', 'item_id'])
      .execute();
    await table('user_playlists')
      .addColumn('playlist_id', 'text', (c) => c.primaryKey().references('playlists.id'))
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('public', INT, (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('version', INT, (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .execute();
    await table('server_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('secret', postgres ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .execute();
    await table('playlist_followers')
      .addColumn('playlist_id', 'text', (c) => c.notNull().references('playlists.id'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('public', INT, (c) => c.notNull())
      .addColumn('followed_at', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('playlist_followers_pkey', ['playlist_id', 'user_id'])
      .execute();

    // The columns an older SQLite catalogue may lack (schema.ts COLUMN_ADDITIONS when migrations began).
    const columns = new Map((await db.introspection.getTables()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
    const addMissing = async (tableName: string, column: string): Promise<void> => {
      if (columns.get(tableName)?.has(column) !== true) await db.schema.alterTable(tableName).addColumn(column, 'text').execute();
    };
    // The login session that issued a token: a logout revokes that session's tokens (server/accounts/tokens.ts).
    await addMissing('access_tokens', 'session_id');
    await db.schema.createIndex('access_tokens_session_id').ifNotExists().on('access_tokens').column('session_id').execute();
    // Issue 12, exactly-once logging: the unique index every log insert's ON CONFLICT (event_id) DO NOTHING leans on.
    for (const name of ['analytics_events', 'action_log_entries', 'error_reports', 'logging_events']) {
      await addMissing(name, 'event_id');
      await db.schema.createIndex(`${name}_event_id`).ifNotExists().unique().on(name).column('event_id').execute();
    }
  },
};
