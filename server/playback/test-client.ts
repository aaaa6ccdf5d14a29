// Test support: the real server on loopback, tokens issued straight into its database, JSON requests
// and dealer websockets.
import type { Kysely } from 'kysely';
import WebSocket from 'ws';
import { createTokenIssuer } from '../accounts/tokens';
import { rawDataText } from '../dealer/raw-data';
import type { Database } from '../db/tables';
import { startTestServer, type TestServer } from '../test-server';
import { queryRows } from '../testing/sql';

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
  /** The server's own database (app.database.kysely): SQLite in its data directory, or Postgres (databaseUrl, the Postgres run). */
  readonly db: Kysely<Database>;
  /** A fresh token of a demo account ('demo' premium, 'free' free) or an anonymous one (null). */
  token(username: 'demo' | 'free' | null): Promise<string>;
  accountId(username: 'demo' | 'free'): Promise<string>;
  /** The same as token and accountId (kept for the tests written before those were async). */
  tokenOf(username: 'demo' | 'free' | null): Promise<string>;
  accountIdOf(username: 'demo' | 'free'): Promise<string>;
  /** A token of a new account of its own (no devices yet), premium unless told. */
  newUser(product?: 'premium' | 'free'): Promise<string>;
  /** The rows of a plain SQL query with `?` parameters, on the server's database (either dialect: no SQLite-only SQL). */
  rows<T>(text: string, ...params: unknown[]): Promise<T[]>;
  request(method: string, path: string, options?: { token?: string; body?: unknown; raw?: string; contentType?: string }): Promise<Answer>;
  /**
   * A dealer connection of the token's user. The connect-state service's cluster messages (issue 16), which
   * go to every connection of the user, are left out unless `clusters` is set.
   */
  dealer(token: string, options?: { readonly clusters?: boolean }): Promise<Dealer>;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** `dataDir`: a data directory to start over (a restart of the server); `stop({ keepData: true })` leaves it. */
export async function startPlaybackTestServer(options?: Parameters<typeof startTestServer>[1], dataDir?: string): Promise<PlaybackTestServer> {
  const server = await startTestServer(dataDir, options);
  const db = server.app.database.kysely;
  // Issued as GET /access_token issues them, into whichever database the server runs on.
  const issue = createTokenIssuer(db, Date.now);
  const accountId = async (username: string): Promise<string> =>
    (await db.selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const token = async (username: 'demo' | 'free' | null): Promise<string> =>
    (await issue(username === null ? null : await accountId(username), 'SE')).accessToken;
  const sockets: WebSocket[] = [];
  return {
    server,
    db,
    accountId,
    accountIdOf: accountId,
    token,
    tokenOf: token,
    newUser: async (product = 'premium') => {
      const id = `test-${Math.random().toString(36).slice(2)}`;
      await db.insertInto('accounts').values({ id, username: id, display_name: id, password_hash: 'not-a-hash', product, country: 'SE' }).execute();
      return (await issue(id, 'SE')).accessToken;
    },
    rows: (text, ...params) => queryRows(server.app.database, text, ...params),
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
    dealer: (token, dealerOptions = {}) =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(server.url(`/dealer?access_token=${token}`).replace('http:', 'ws:'));
        sockets.push(socket);
        const queue: any[] = [];
        const waiting: Array<(frame: any) => void> = [];
        socket.on('error', reject);
        socket.on('message', (data) => {
          const frame = JSON.parse(rawDataText(data));
          const connectionId = frame.headers?.['Spotify-Connection-Id'];
          if (typeof connectionId === 'string' && frame.uri?.startsWith('hm://pusher/v1/connections/')) {
            resolve({
              connectionId,
              next: () => new Promise((r) => (queue.length > 0 ? r(queue.shift()) : waiting.push(r))),
              close: () => socket.close(),
            });
            return;
          }
          if (dealerOptions.clusters !== true && frame.uri === 'hm://connect-state/v1/cluster') return;
          const waiter = waiting.shift();
          if (waiter !== undefined) waiter(frame);
          else queue.push(frame);
        });
      }),
    stop: async (stopOptions) => {
      for (const socket of sockets) socket.terminate();
      await server.stop(stopOptions);
    },
  };
}

/** A device registration body of the playback variant (spec 001 §3), for a live connection. */
export const registrationBody = (connectionId: string, deviceId = 'a'.repeat(40)) => ({
  device: {
    device_id: deviceId,
    device_type: 'computer',
    brand: 'partner',
    model: 'embed',
    name: 'Web Player (Chrome)',
    capabilities: { audio_podcasts: true },
  },
  connection_id: connectionId,
  client_version: '3.22.1',
  volume: 65535,
});
