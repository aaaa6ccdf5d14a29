// Issue 14 Storage: one query layer over SQLite and Postgres, versioned migrations applied at
// start-up on either; an older SQLite data directory (made by applySchema before migrations) and
// the committed demo catalogue are adopted as they are.
import BetterSqlite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../config';
import { DIALECTS, useDialect } from '../testing/dialects';
import { demoCatalogue, FIXTURES_DIR } from '../testing/demo-catalogue';
import { migrate, openDbHandle, parseDatabaseUrl, type DbHandle } from './database';
import { MIGRATIONS } from './migrations';
import { SCHEMA_SQL } from './schema';
import type { Database } from './tables';

jest.setTimeout(60_000);
// Constraint errors are matched by message, not with toThrow: better-sqlite3's native module keeps the
// SqliteError class of the first test file that loaded it in a jest worker, and jest does not take an
// error of another file's realm for an error.

/** Every table of tables.ts's Database, as the first migration makes them. */
const TABLES = [
  'access_tokens',
  'accounts',
  'action_log_entries',
  'album_artists',
  'albums',
  'analytics_events',
  'artist_biographies',
  'artist_top_tracks',
  'artists',
  'audio_files',
  'episode_descriptions',
  'episodes',
  'error_reports',
  'images',
  'ingest_sources',
  'library_items',
  'logging_events',
  'playback_devices',
  'playback_state_updates',
  'playlist_followers',
  'playlist_tracks',
  'playlists',
  'product_state_registrations',
  'server_secrets',
  'sessions',
  'shows',
  'track_artists',
  'track_markets',
  'tracks',
  'user_playlists',
];

describe.each(DIALECTS)('the database on %s', (dialect) => {
  const database = useDialect(dialect);
  let dataDir: string;
  const open = async (url?: string): Promise<DbHandle> => openDbHandle({ dataDir, fixturesDir: FIXTURES_DIR, databaseUrl: url });
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'embed-dbh-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('applies every migration at start, once: a second start applies none and keeps the rows', async () => {
    const url = await database.databaseUrl();
    const first = await open(url);
    expect(first.dialect).toBe(dialect);
    const tables = (await first.kysely.introspection.getTables()).map((t) => t.name);
    expect(tables.filter((name) => TABLES.includes(name)).sort()).toEqual(TABLES);
    await first.kysely
      .insertInto('logging_events')
      .values({ kind: 'metric', account_id: null, body: '{}', received_at: 1_764_000_000_000, event_id: 'e1' })
      .execute();
    await first.close();
    const second = await open(url);
    const applied = await second.kysely
      .selectFrom('kysely_migration' as keyof Database)
      .select('name' as never)
      .execute();
    expect(applied).toEqual(Object.keys(MIGRATIONS).map((name) => ({ name })));
    expect(await second.kysely.selectFrom('logging_events').select(['event_id', 'received_at']).execute()).toEqual([
      { event_id: 'e1', received_at: 1_764_000_000_000 },
    ]);
    await second.close();
  });

  it('reads epoch milliseconds as numbers and keeps fractions of action times', async () => {
    const handle = await open(await database.databaseUrl());
    try {
      await handle.kysely
        .insertInto('action_log_entries')
        .values({ session_id: 's', product: 'embed_v2', type: 't', t: 1500.25, seq: 3, payload: '{}', received_at: 'x', event_id: null })
        .execute();
      expect(await handle.kysely.selectFrom('action_log_entries').select(['id', 't', 'seq']).execute()).toEqual([{ id: 1, t: 1500.25, seq: 3 }]);
      const { n } = await handle.kysely
        .selectFrom('action_log_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(n).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('the event id is unique (exactly-once logging leans on it); NULL ids may be many', async () => {
    const handle = await open(await database.databaseUrl());
    try {
      const row = (eventId: string | null) => ({ kind: 'metric', account_id: null, body: '{}', received_at: 1, event_id: eventId });
      await handle.kysely
        .insertInto('logging_events')
        .values([row('a'), row(null), row(null)])
        .execute();
      await expect(handle.kysely.insertInto('logging_events').values(row('a')).execute()).rejects.toMatchObject({
        message: expect.stringMatching(/UNIQUE|duplicate key/),
      });
      await handle.kysely
        .insertInto('logging_events')
        .values([row('a'), row('b'), row('b')])
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
      expect((await handle.kysely.selectFrom('logging_events').select('event_id').orderBy('id').execute()).map((r) => r.event_id)).toEqual([
        'a',
        null,
        null,
        'b',
      ]);
    } finally {
      await handle.close();
    }
  });

  it('ping() resolves while the database answers and rejects once it is closed (/readyz)', async () => {
    const handle = await open(await database.databaseUrl());
    await expect(handle.ping()).resolves.toBeUndefined();
    await handle.close();
    await expect(handle.ping()).rejects.toThrow();
    await handle.close(); // idempotent
  });
});

describe('an SQLite data directory from before migrations is adopted', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'embed-dbh-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('the committed demo catalogue: copied on first start, migrated, its resources kept', async () => {
    const handle = await openDbHandle({ dataDir, fixturesDir: FIXTURES_DIR });
    try {
      const artists = await handle.kysely.selectFrom('artists').select('id').execute();
      expect(artists).toHaveLength(demoCatalogue().artists.length);
      // The synchronous handle sees the same database (the stores not yet converted read it).
      expect((handle.sqlite.prepare('SELECT count(*) AS n FROM artists').get() as { n: number }).n).toBe(artists.length);
    } finally {
      await handle.close();
    }
  });

  it("an old catalogue lacking the later columns (access_tokens.session_id, the log tables' event_id) gains them and their indexes", async () => {
    const file = join(dataDir, 'old.sqlite');
    const old = new BetterSqlite(file);
    old.exec(SCHEMA_SQL);
    old.exec("INSERT INTO logging_events (kind, body, received_at) VALUES ('metric', '{}', 1)");
    old.close();
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite(file) }) });
    try {
      await migrate(kysely);
      const columns = new Map((await kysely.introspection.getTables()).map((t) => [t.name, t.columns.map((c) => c.name)]));
      expect(columns.get('access_tokens')).toContain('session_id');
      for (const table of ['analytics_events', 'action_log_entries', 'error_reports', 'logging_events']) expect(columns.get(table)).toContain('event_id');
      const row = { kind: 'metric', account_id: null, body: '{}', received_at: 2, event_id: 'x' };
      await kysely.insertInto('logging_events').values(row).execute();
      await expect(kysely.insertInto('logging_events').values(row).execute()).rejects.toMatchObject({ message: expect.stringContaining('UNIQUE') });
      expect(await kysely.selectFrom('logging_events').select('received_at').orderBy('id').execute()).toEqual([{ received_at: 1 }, { received_at: 2 }]);
    } finally {
      await kysely.destroy();
    }
  });
});

describe('DATABASE_URL (README settings)', () => {
  it('unset or empty: SQLite in DATA_DIR; a postgres:// URL: Postgres; anything else is refused without repeating the URL', () => {
    expect(readConfig({}).databaseUrl).toBeUndefined();
    expect(readConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(readConfig({ DATABASE_URL: 'postgres://u:p@db:5432/embed' }).databaseUrl).toBe('postgres://u:p@db:5432/embed');
    expect(parseDatabaseUrl('postgresql://db/embed')).toBe('postgresql://db/embed');
    expect(() => parseDatabaseUrl('mysql://u:secret@db/embed')).toThrow('DATABASE_URL must be a postgres:// (or postgresql://) URL, got mysql://');
    expect(() => parseDatabaseUrl('mysql://u:secret@db/embed')).not.toThrow('secret');
  });
});
