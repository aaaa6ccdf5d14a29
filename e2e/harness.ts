// Starts the real server on loopback and Debian's Chromium, for e2e tests and scripts/bench.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import puppeteer, { type Browser, type Page } from 'puppeteer';
import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerOptions } from '../server/app';
import { forgetDataDir, storeEnvFor, storeOptionsFor } from '../server/testing/stores';
import { acceptTermsFor } from '../server/other-services/legal-pages';
import { DEFAULT_TERMS_LICENCE } from '../server/other-services/routes';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this machine's Chromium needs (no sandbox as root, no network beyond loopback). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
];

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly origin: string;
  readonly dataDir: string;
  close(): Promise<void>;
}

/**
 * The real server on a free loopback port, with a fresh data directory seeded from fixtures/; in the
 * Postgres run of `npm test` (TEST_STORES=postgres) on a fresh database and the run's Redis (server/testing/stores.ts).
 */
export async function startServer(
  options: { root?: string; beforeListen?: (app: FastifyInstance) => void; server?: Pick<ServerOptions, 'demoProductChange'> } = {},
): Promise<RunningServer> {
  const root = options.root ?? resolve(__dirname, '..');
  const dataDir = mkdtempSync(join(tmpdir(), 'embed-e2e-'));
  const stores = await storeOptionsFor(dataDir);
  const app = await buildServer({ dataDir, distDir: join(root, 'dist'), fixturesDir: join(root, 'fixtures'), logger: false, ...options.server, ...stores });
  options.beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The demo listeners have accepted the terms in force, so the web player's reacceptance dialog (spec 001 §7
  // Terms) stays out of flows that are not about it; e2e/webplayer-radio-terms.test.ts starts its own server.
  await acceptTermsFor(app, ['demo', 'free'], DEFAULT_TERMS_LICENCE);
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  return {
    app,
    origin: `http://127.0.0.1:${address.port}`,
    dataDir,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      await forgetDataDir(dataDir);
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** A new page (of the browser, or of one of its contexts) whose uncaught errors and console errors are collected into `errors` (tests expect none). */
export async function newPageCollectingErrors(browser: Pick<Browser, 'newPage'>, errors: string[]): Promise<Page> {
  const page = await browser.newPage();
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return page;
}

/** What most e2e files share: the server, one Chromium, and a page whose errors are collected. */
export interface ServerAndPage {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly page: Page;
}

export async function startServerAndPage(pageErrors: string[], serverOptions: Pick<ServerOptions, 'demoProductChange'> = {}): Promise<ServerAndPage> {
  const server = await startServer({ server: serverOptions });
  const browser = await launchChromium();
  return { server, browser, page: await newPageCollectingErrors(browser, pageErrors) };
}

/** Closes what startServerAndPage started (either may be missing when start-up failed). */
export async function stopServerAndPage(started: { readonly server?: RunningServer; readonly browser?: Browser }): Promise<void> {
  await started.browser?.close();
  await started.server?.close();
}

/**
 * The first album of the server's seeded catalogue. Read from the demo copy in its data directory,
 * which the server makes on either database: in the Postgres run the same demo catalogue is what its
 * database was loaded with, so the album is the same one.
 */
export function firstAlbumId(dataDir: string): string {
  const db = new Database(join(dataDir, 'catalogue.sqlite'), { readonly: true });
  try {
    const row = db.prepare('SELECT id FROM albums ORDER BY rowid LIMIT 1').get() as { id: string } | undefined;
    if (row === undefined) throw new Error('the demo catalogue has no album');
    return row.id;
  } finally {
    db.close();
  }
}

/** The server as a real child process (`node dist/server/main.js`), for the restart and outage e2e tests. */
export interface ChildServer {
  readonly origin: string;
  readonly pid: number;
  /** Sends `signal` and resolves once the process has exited, with its exit code (null when a signal ended it). */
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

/** A loopback port free right now (the restart test starts the server on the same port again). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = address !== null && typeof address === 'object' ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts `node dist/server/main.js` on 127.0.0.1:`port` over `dataDir`; resolves once it listens. In the
 * Postgres run, over the data directory's database (the same one for a restart) and the run's Redis.
 */
export async function spawnServer(options: { port: number; dataDir: string; env?: NodeJS.ProcessEnv; root?: string }): Promise<ChildServer> {
  const { spawn } = await import('node:child_process');
  const root = options.root ?? resolve(__dirname, '..');
  const stores = await storeEnvFor(options.dataDir, { DATABASE_URL: options.env?.DATABASE_URL, REDIS_URL: options.env?.REDIS_URL });
  const child = spawn(process.execPath, [join(root, 'dist', 'server', 'main.js')], {
    cwd: root,
    env: { ...process.env, ...options.env, ...stores, PORT: String(options.port), HOST: '127.0.0.1', DATA_DIR: options.dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let output = '';
  await new Promise<void>((listening, failed) => {
    const timer = setTimeout(() => failed(new Error(`server did not start within 30 s: ${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Embed player demo on')) {
        clearTimeout(timer);
        listening();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      failed(new Error(`server exited (${code}) before listening: ${output}`));
    });
  });
  return {
    origin: `http://127.0.0.1:${options.port}`,
    pid: child.pid ?? 0,
    stop: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      // A shutdown that hangs is ended, so a test never waits on it without bound.
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(kill);
      return code;
    },
  };
}
