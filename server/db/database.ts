import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { demoCatalogueOf, loadDemoCatalogueInto, messageOf } from './demo-catalogue';
import { migrationProvider } from './migrations';
import { openDatabase, type Db } from './open-database';
import type { Database } from './tables';

/*
 * Issue 14 Storage: one query layer (Kysely) over SQLite (better-sqlite3, in DATA_DIR, the default)
 * and Postgres (`pg`, when DATABASE_URL is a postgres:// URL). Stores written against `kysely` run
 * on either; versioned migrations (server/db/migrations/) are applied at start-up on either.
 *
 * While the stores are converted one by one, the SQLite catalogue in DATA_DIR is always opened too
 * (`sqlite`, the synchronous better-sqlite3 handle the unconverted stores use). On SQLite, `kysely`
 * runs over that very connection: one writer, so a Kysely transaction and a synchronous statement
 * never wait on each other's lock (two connections would: better-sqlite3 blocks the event loop
 * while it waits, and the Kysely transaction holding the lock could then never finish). The price:
 * a synchronous statement that runs between a Kysely transaction's statements (another request's
 * continuation) joins that transaction, so Kysely transactions here hold no awaits but their own
 * statements, and a rollback is rare (the log routes decode every event before it is written). It ends when the
 * last store is converted and the synchronous handle goes.
 */

export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle {
  readonly dialect: Dialect;
  /** The configured database, typed by server/db/tables.ts: every converted store takes this. */
  readonly kysely: Kysely<Database>;
  /** The SQLite catalogue in DATA_DIR, synchronous, for the stores not converted yet. */
  readonly sqlite: Db;
  /** Resolves when the configured database answers a query (/readyz); rejects with the reason otherwise. */
  ping(): Promise<void>;
  /** Closes both (the pool on Postgres); idempotent. */
  close(): Promise<void>;
}

export interface DbHandleOptions {
  readonly dataDir: string;
  readonly fixturesDir: string;
  /** DATABASE_URL: a postgres:// or postgresql:// URL selects Postgres; unset, SQLite in dataDir. */
  readonly databaseUrl?: string;
  /** Hears errors of idle pool connections (a Postgres restart); the next query reports its own. */
  readonly onPoolError?: (err: Error) => void;
}

/** DATABASE_URL: unset or empty gives SQLite; else a postgres:// URL (the message never repeats the URL: it may hold a password). */
export function parseDatabaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw.trim())?.[1]?.toLowerCase();
  if (scheme !== 'postgres' && scheme !== 'postgresql') {
    throw new Error(`DATABASE_URL must be a postgres:// (or postgresql://) URL, got ${scheme === undefined ? 'no scheme' : `${scheme}://`}`);
  }
  return raw.trim();
}

// Postgres's bigint (int8, oid 20) comes from pg as a string; every bigint here (epoch ms, ids,
// counts) is far below 2^53, so it is read as a number, as better-sqlite3 reads SQLite's INTEGER.
const INT8_OID = 20;
// pg-types declares its parsers as `any`; each is a function from the column's text.
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : (pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown)) as typeof pg.types.getTypeParser,
};

/** How many prepared statements the SQLite connection keeps (by SQL text; IN lists of each length are their own). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query afresh; a store's queries are few distinct texts run
 * often (the embed page's catalogue reads, issue 14: its first byte must not wait longer than it did
 * over the synchronous handle's prepared statements), so prepared statements are kept by SQL text,
 * the oldest let go past STATEMENT_CACHE_SIZE. better-sqlite3 re-prepares a kept one itself after a schema change.
 */
function withStatementCache(sqlite: Db): SqliteDatabase {
  const kept = new Map<string, ReturnType<Db['prepare']>>();
  return {
    prepare: (source: string) => {
      let statement = kept.get(source);
      if (statement === undefined) {
        statement = sqlite.prepare(source);
        if (kept.size >= STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value as string);
        kept.set(source, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

/** Kysely over a Postgres pool for `url` (bigint read as numbers); the ingest opens its database so too. */
export function connectPostgres(url: string, onPoolError?: (err: Error) => void): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, types: pgTypes });
  // Without a listener an idle client's error (the server restarting) would end the process.
  pool.on('error', (err) => onPoolError?.(err));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Kysely over a synchronous SQLite connection, its prepared statements kept (withStatementCache). */
export function kyselyOverSqlite(sqlite: Db): Kysely<Database> {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** Opens the configured database and applies the migrations it lacks; fails naming the migration and the reason. */
export async function openDbHandle(options: DbHandleOptions): Promise<DbHandle> {
  const sqlite = openDatabase(options.dataDir, options.fixturesDir);
  let kysely: Kysely<Database>;
  let dialect: Dialect;
  if (options.databaseUrl === undefined) {
    dialect = 'sqlite';
    kysely = kyselyOverSqlite(sqlite);
  } else {
    dialect = 'postgres';
    kysely = connectPostgres(options.databaseUrl, options.onPoolError);
  }
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closed ??= (async () => {
      // On SQLite this closes `sqlite` too (Kysely's driver closes the connection it was given).
      await kysely.destroy();
      sqlite.close();
    })());
  try {
    await migrate(kysely);
    // Issue 14: a Postgres catalogue starts from the committed demo one, as DATA_DIR's SQLite file does (openDatabase).
    if (dialect === 'postgres') await loadDemoCatalogueInto(kysely, demoCatalogueOf(options.fixturesDir));
  } catch (err) {
    await close();
    throw err;
  }
  return {
    dialect,
    kysely,
    sqlite,
    ping: async () => {
      await sql`SELECT 1`.execute(kysely);
    },
    close,
  };
}

/** Applies every migration the database has not had (server/db/migrations/index.ts). */
export async function migrate(kysely: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db: kysely, provider: migrationProvider }).migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((r) => r.status === 'Error')?.migrationName;
  throw new Error(`Cannot migrate the database${failed === undefined ? '' : ` (migration ${failed})`}: ${messageOf(error)}`);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 14: the app's database (server/app.ts): `database.ping()` for /readyz, `database.kysely` for the stores. */
    database: DbHandle;
  }
}
