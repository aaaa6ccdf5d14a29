import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/*
 * Issue 14 "Must show": a throwaway Postgres for the tests, from Debian's postgresql package
 * (scripts/ensure-test-tools.sh installs it): initdb into a temporary folder, started on loopback on
 * a free port, stopped and removed at the end. Postgres refuses to run as root, so as root the
 * cluster belongs to the `postgres` user the package creates, and its commands run through runuser.
 */

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  readonly url: string;
  /** A new, empty database of this cluster (each test server gets its own); its URL. */
  createDatabase(): Promise<string>;
  stop(): void;
}

/** The folder of initdb, pg_ctl and postgres: Debian's /usr/lib/postgresql/<major>/bin, newest first; PG_BIN wins. */
export function postgresBinDir(): string {
  if (process.env.PG_BIN !== undefined && process.env.PG_BIN !== '') return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length === 0)
    throw new Error("No Postgres under /usr/lib/postgresql/*/bin: install Debian's postgresql (scripts/ensure-test-tools.sh does, as root)");
  return join(root, majors[0]!, 'bin');
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** Starts a cluster; tries three ports, as another process may take the free one first. */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  const asRoot = userInfo().uid === 0;
  // As root, every command runs as the postgres user, which owns the folder.
  const run = (command: string, args: readonly string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]] : [join(bin, command), [...args]];
    return spawnSync(file, argv, { encoding: 'utf8', timeout: 60_000 });
  };
  const root = mkdtempSync(join(tmpdir(), 'embed-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
  }
  const data = join(root, 'data');
  const remove = () => rmSync(root, { recursive: true, force: true });
  const init = run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  if (init.status !== 0) {
    remove();
    throw new Error(`initdb failed: ${init.stderr || init.error?.message}`);
  }
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    // Loopback only, the socket in the temporary folder; durability off, as nothing outlives the tests.
    const settings = `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    const started = run('pg_ctl', ['start', '-D', data, '-w', '-t', '30', '-l', join(root, 'log'), '-o', settings]);
    if (started.status !== 0) {
      lastError = `${started.stdout}${started.stderr}`;
      continue;
    }
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    let stopped = false;
    let count = 0;
    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      process.off('exit', stop);
      // immediate: open pool connections do not hold the stop up, and nothing needs to be kept.
      run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '30']);
      remove();
    };
    // A test run that ends without its afterAll (a crash, a timeout) still leaves no server behind.
    process.on('exit', stop);
    return {
      url,
      createDatabase: async () => {
        count += 1;
        const name = `test_${process.pid}_${count}`;
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE ${name}`);
        } finally {
          await client.end();
        }
        return `postgres://postgres@127.0.0.1:${port}/${name}`;
      },
      stop,
    };
  }
  remove();
  throw new Error(`Postgres did not start: ${lastError}`);
}
