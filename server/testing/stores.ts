import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';

/*
 * Issue 14 "Must show": `npm test` runs the server and e2e tests a second time with every provider a
 * test starts on Postgres and Redis (TEST_STORES=postgres). One throwaway Postgres cluster and one
 * Redis serve the whole run (server/testing/stores-setup.ts, jest's globalSetup, starts them and
 * hands their URLs down in the environment); every test server gets a fresh database of that cluster
 * (a copy of a template already migrated and holding the demo catalogue, createTestDatabase),
 * so tests stay as independent as their SQLite data directories. They share the Redis: no route or
 * channel crosses between them, as account ids (the routes' users) and connection ids are random per
 * database and process.
 */

export type TestStores = 'sqlite' | 'postgres';

/** TEST_STORES: 'postgres' is the second run; 'sqlite' the first; unset (a targeted run) is SQLite too. */
export function testStores(): TestStores {
  return process.env.TEST_STORES === 'postgres' ? 'postgres' : 'sqlite';
}

/** Set by stores-setup.ts for the Postgres run: the cluster's admin URL, the Redis URL, the template database. */
export const PG_URL_ENV = 'TEST_STORES_PG_URL';
export const REDIS_URL_ENV = 'TEST_STORES_REDIS_URL';
export const PG_TEMPLATE_ENV = 'TEST_STORES_PG_TEMPLATE';

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`TEST_STORES=postgres needs ${name} (jest's globalSetup server/testing/stores-setup.ts sets it; run through jest.config.ts)`);
  }
  return value;
}

let created = 0;

/**
 * A new database of the run's cluster; its URL. `empty`: nothing in it (the describe.each(DIALECTS)
 * tests, which see the migrations and the demo catalogue's load run); otherwise a copy of the run's
 * template, which stores-setup.ts made by opening a server's database once (every migration
 * applied, the demo catalogue loaded), so a test server does not redo that work at each start.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<string> {
  const admin = new URL(required(PG_URL_ENV));
  const template = options.empty === true ? 'template0' : required(PG_TEMPLATE_ENV);
  created += 1;
  const name = `t_${process.pid}_${created}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin.href);
  url.pathname = `/${name}`;
  return url.href;
}

/** Drops a database made by createTestDatabase once its server is closed (keeps the cluster's disk small). */
export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^t_\d+_\d+_[a-z0-9]+$/.test(name)) return;
  const client = new pg.Client({ connectionString: required(PG_URL_ENV) });
  await client.connect();
  try {
    // FORCE: a pool connection the server has not given back yet does not keep it.
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** The database of each data directory in this process: a server started again over one (a restart) finds its rows. */
const databaseOfDataDir = new Map<string, Promise<string>>();

export interface StoreOptions {
  readonly databaseUrl?: string;
  readonly redisUrl?: string;
}

/**
 * What a test server runs on. The SQLite run: what the test gave (usually nothing: SQLite in its
 * data directory). The Postgres run: the test's own databaseUrl/redisUrl where it gave them (a
 * describe.each(DIALECTS) test, two instances sharing one), else the data directory's database (a
 * fresh one the first time) and the run's Redis.
 */
export async function storeOptionsFor(dataDir: string, given: StoreOptions = {}, fresh: { empty?: boolean } = {}): Promise<StoreOptions> {
  if (testStores() !== 'postgres') return { databaseUrl: given.databaseUrl, redisUrl: given.redisUrl };
  let databaseUrl = given.databaseUrl;
  if (databaseUrl === undefined) {
    let pending = databaseOfDataDir.get(dataDir);
    if (pending === undefined) {
      // `empty`: for a data directory the ingest fills first (its catalogue then holds only what it ingested, as on SQLite).
      pending = createTestDatabase(fresh);
      databaseOfDataDir.set(dataDir, pending);
      // A failed CREATE is not remembered: the next start tries again.
      pending.catch(() => databaseOfDataDir.delete(dataDir));
    }
    databaseUrl = await pending;
  }
  return { databaseUrl, redisUrl: given.redisUrl ?? required(REDIS_URL_ENV) };
}

/** Lets a data directory's database go once the directory is removed (its server stopped without keepData). */
export async function forgetDataDir(dataDir: string): Promise<void> {
  const pending = databaseOfDataDir.get(dataDir);
  if (pending === undefined) return;
  databaseOfDataDir.delete(dataDir);
  await dropTestDatabase(await pending).catch(() => undefined);
}

/** The environment a spawned server (`node dist/server/main.js`) over `dataDir` needs for this run. */
export async function storeEnvFor(dataDir: string, given: { DATABASE_URL?: string; REDIS_URL?: string } = {}): Promise<NodeJS.ProcessEnv> {
  const options = await storeOptionsFor(dataDir, { databaseUrl: given.DATABASE_URL, redisUrl: given.REDIS_URL });
  const env: NodeJS.ProcessEnv = {};
  if (options.databaseUrl !== undefined) env.DATABASE_URL = options.databaseUrl;
  if (options.redisUrl !== undefined) env.REDIS_URL = options.redisUrl;
  return env;
}

/**
 * The rows of a plain SQL query with `?` parameters on the database of the server over `dataDir`
 * (a spawned one, whose app.database a test cannot reach): its SQLite catalogue, read-only, or in the
 * Postgres run the data directory's database.
 */
export async function rowsOfDataDir<T>(dataDir: string, text: string, ...params: unknown[]): Promise<T[]> {
  if (testStores() !== 'postgres') {
    const db = new Database(join(dataDir, 'catalogue.sqlite'), { readonly: true, fileMustExist: true });
    try {
      return db.prepare(text).all(...params) as T[];
    } finally {
      db.close();
    }
  }
  const { databaseUrl } = await storeOptionsFor(dataDir);
  // bigint read as a number, as the server's pool reads it (server/db/database.ts).
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === 20 ? Number : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
  };
  const client = new pg.Client({ connectionString: databaseUrl, types });
  await client.connect();
  try {
    let n = 0;
    return (
      await client.query(
        text.replace(/\?/g, () => `$${(n += 1)}`),
        params,
      )
    ).rows as T[];
  } finally {
    await client.end();
  }
}
