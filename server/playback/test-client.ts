// Test support: the real server on loopback, tokens issued straight into its database, JSON requests
// and dealer websockets.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import WebSocket from 'ws';
import { ACCESS_TOKEN_LIFETIME_MS, createTokenIssuer } from '../accounts/tokens';
import type { Db } from '../db/open-database';
import { startTestServer, type TestServer } from '../test-server';

export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly contentType: string | null;
  json(): any;
}

export interface Dealer {
  readonly connectionId: string;
  /** The next frame received (after the connection-id message). */
  next(): Promise<any>;
  close(): void;
}

export interface PlaybackTestServer {
  readonly server: TestServer;
  /** A second handle on the server's catalogue file (WAL), for rows a test needs. */
  readonly db: Db;
  /** A fresh token of a demo account ('demo' premium, 'free' free) or an anonymous one (null). */
  token(username: 'demo' | 'free' | null): string;
  accountId(username: 'demo' | 'free'): string;
  /** As token and accountId, through the server's own database: on SQLite or Postgres (databaseUrl). */
  tokenOf(username: 'demo' | 'free' | null): Promise<string>;
  accountIdOf(username: 'demo' | 'free'): Promise<string>;
  /** A token of a new account of its own (no devices yet), premium unless told. */
  newUser(product?: 'premium' | 'free'): string;
  request(method: string, path: string, options?: { token?: string; body?: unknown; raw?: string; contentType?: string }): Promise<Answer>;
  dealer(token: string): Promise<Dealer>;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** `dataDir`: a data directory to start over (a restart of the server); `stop({ keepData: true })` leaves it. */
export async function startPlaybackTestServer(options?: Parameters<typeof startTestServer>[1], dataDir?: string): Promise<PlaybackTestServer> {
  const server = await startTestServer(dataDir, options);
  const db = new Database(join(server.dataDir, 'catalogue.sqlite'));
  // Straight into the SQLite catalogue, synchronously, as GET /access_token would store it: the
  // helpers token, accountId and newUser hold on SQLite only (a server with databaseUrl keeps its
  // accounts and tokens in Postgres: tokenOf and accountIdOf work on both).
  const insertToken = db.prepare('INSERT INTO access_tokens (token, account_id, country, expires_at) VALUES (?, ?, ?, ?)');
  const issue = (accountId: string | null, country: string): { accessToken: string } => {
    const accessToken = randomBytes(32).toString('base64url');
    insertToken.run(accessToken, accountId, country, Date.now() + ACCESS_TOKEN_LIFETIME_MS);
    return { accessToken };
  };
  const accountId = (username: string): string => (db.prepare('SELECT id FROM accounts WHERE username = ?').get(username) as { id: string }).id;
  const sockets: WebSocket[] = [];
  return {
    server,
    db,
    accountId,
    accountIdOf: async (username) =>
      (await server.app.database.kysely.selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id,
    tokenOf: async (username) => {
      const kysely = server.app.database.kysely;
      const account = username === null ? null : (await kysely.selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
      return (await createTokenIssuer(kysely, Date.now)(account, 'SE')).accessToken;
    },
    newUser: (product = 'premium') => {
      const id = `test-${Math.random().toString(36).slice(2)}`;
      db.prepare('INSERT INTO accounts (id, username, display_name, password_hash, product, country) VALUES (?, ?, ?, ?, ?, ?)').run(
        id, id, id, 'not-a-hash', product, 'SE',
      );
      return issue(id, 'SE').accessToken;
    },
    token: (username) => issue(username === null ? null : accountId(username), 'SE').accessToken,
    request: async (method, path, options = {}) => {
      const headers: Record<string, string> = {};
      if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.raw !== undefined) body = options.raw;
      else if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
      const response = await fetch(server.url(path), { method, headers, body });
      const text = await response.text();
      return { status: response.status, text, contentType: response.headers.get('content-type'), json: () => JSON.parse(text) };
    },
    dealer: (token) =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(server.url(`/dealer?access_token=${token}`).replace('http:', 'ws:'));
        sockets.push(socket);
        const queue: any[] = [];
        const waiting: Array<(frame: any) => void> = [];
        socket.on('error', reject);
        socket.on('message', (data) => {
          const frame = JSON.parse(String(data));
          const connectionId = frame.headers?.['Spotify-Connection-Id'];
          if (typeof connectionId === 'string' && frame.uri?.startsWith('hm://pusher/v1/connections/')) {
            resolve({
              connectionId,
              next: () => new Promise((r) => (queue.length > 0 ? r(queue.shift()) : waiting.push(r))),
              close: () => socket.close(),
            });
            return;
          }
          const waiter = waiting.shift();
          if (waiter !== undefined) waiter(frame);
          else queue.push(frame);
        });
      }),
    stop: async (stopOptions) => {
      for (const socket of sockets) socket.terminate();
      db.close();
      await server.stop(stopOptions);
    },
  };
}

/** A device registration body of the playback variant (spec 001 §3), for a live connection. */
export const registrationBody = (connectionId: string, deviceId = 'a'.repeat(40)) => ({
  device: { device_id: deviceId, device_type: 'computer', brand: 'partner', model: 'embed', name: 'Web Player (Chrome)', capabilities: { audio_podcasts: true } },
  connection_id: connectionId,
  client_version: '3.22.1',
  volume: 65535,
});
