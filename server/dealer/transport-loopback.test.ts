import { asyncScheduler, type SchedulerLike } from 'rxjs';
import { createFetchHttp } from '../../adapters/browser/fetch-http';
import { createNodeSocket } from '../../adapters/node/ws-socket';
import { initialSessionState, type SessionSlice } from '../../core/engine/session/state';
import * as T from '../../core/engine/transport';
import type { Action } from '../../core/store/action';
import { createStore, type Store } from '../../core/store/store';
import { startTestServer, type TestServer } from '../test-server';
import { sessionCookie } from '../web-api/api-test-client';

/*
 * Loopback integration (issue 5 Transport): the real provider on 127.0.0.1 and the engine's
 * transport (core epics + the Node `ws` adapter + fetch) end to end. The engine's scheduler runs
 * 50 times faster than the wall clock, so spec 001 §9's 30000 ms heartbeat comes after 600 ms.
 */
const SCALE = 50;
const OWNER = 'client';

function fastScheduler(): SchedulerLike {
  const t0 = Date.now();
  return {
    now: () => (Date.now() - t0) * SCALE,
    schedule: (work: never, delay = 0, state?: unknown) => asyncScheduler.schedule(work, delay / SCALE, state),
  };
}

/** Every action the store saw, and a way to wait for the next one of a type. */
function recorder() {
  const seen: Action[] = [];
  const waiters: Array<{ type: string; from: number; resolve: (a: Action) => void }> = [];
  const check = () => {
    for (const w of [...waiters]) {
      const found = seen.slice(w.from).find((a) => a.type === w.type);
      if (found !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(found);
      }
    }
  };
  return {
    seen,
    add: (action: Action) => {
      seen.push(action);
      check();
    },
    /** The next action of the type from now on (or already seen since `from`). */
    next: <A extends Action>(type: string, from = seen.length): Promise<A> =>
      new Promise<A>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} within 10 s; saw ${seen.map((a) => a.type).join(', ')}`)), 10000);
        waiters.push({ type, from, resolve: (a) => (clearTimeout(timer), resolve(a as A)) });
        check();
      }),
  };
}

async function loginToken(server: TestServer): Promise<string> {
  // The login form's CSRF field and cookie come with it (issue 12).
  const cookie = await sessionCookie(server);
  const answer = await fetch(server.url('/access_token?reason=transport&productType=web_player'), { headers: { cookie } });
  const body = (await answer.json()) as { accessToken: string; isAnonymous: boolean };
  expect(body.isAnonymous).toBe(false);
  return body.accessToken;
}

let server: TestServer;
let store: Store<T.TransportSlice & SessionSlice> | undefined;
/** The session the transport reads its token from (issue 15: the session slice alone holds it). */
const sessionWith = (accessToken: string): SessionSlice['session'] => ({
  ...initialSessionState,
  status: 'loaded',
  accessToken,
  expiresAtMs: 9e12,
  isAnonymous: false,
});

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  store?.stop();
  await server.stop();
});

describe('transport ⇄ dealer on loopback (spec 001 §7 Service resolve, Realtime socket; §4 Transport lifecycle)', () => {
  it('connects, authenticates on its connection id, keeps the heartbeat, gets pushes, and reconnects when the server drops it', async () => {
    const accessToken = await loginToken(server);
    const rec = recorder();
    const scheduler = fastScheduler();
    store = createStore<T.TransportSlice & SessionSlice, T.TransportDeps>({
      reducer: (state, action) => ({ ...state, transport: T.transportReducer(state.transport, action) }),
      epics: T.transportEpics,
      deps: {
        clock: { now: () => scheduler.now() },
        scheduler,
        random: { next: () => 0.5 },
        http: createFetchHttp((url, init) => fetch(url, init)),
        socket: createNodeSocket(),
      },
      initialState: { transport: T.initialTransportState(OWNER), session: sessionWith(accessToken) },
      onEnvelope: (e) => rec.add(e.action),
    });

    const authenticated = rec.next<ReturnType<typeof T.authenticated>>(T.authenticated.type);
    store.dispatch(T.connectRequested({ caller: OWNER, resolveUrl: server.url('/apresolve') }));
    const first = await authenticated;
    const [connection] = server.app.dealer.connections();
    expect(connection?.id).toBe(first.connectionId);
    expect(store.getState().transport).toMatchObject({ status: 'authenticated', connectionId: first.connectionId });
    const userId = connection!.userId;

    // spec 001 §9 heartbeat: the engine pings, the dealer answers pong, and no reconnect follows.
    await rec.next(T.heartbeatPingSent.type);
    await rec.next(T.heartbeatPongReceived.type);

    // A push from other server code reaches the engine as an action.
    const pushed = rec.next<ReturnType<typeof T.messageReceived>>(T.messageReceived.type);
    expect(server.app.dealer.push(userId, { uri: 'hm://product-state-update', payloads: [{ ads: '0' }] })).toBe(1);
    expect(await pushed).toMatchObject({ uri: 'hm://product-state-update', payloads: [{ ads: '0' }] });

    // A request is answered by key, and the server hears the reply.
    const replied = new Promise((resolve) => server.app.dealer.onReply((id, reply) => resolve([id, reply])));
    const request = rec.next<ReturnType<typeof T.requestReceived>>(T.requestReceived.type);
    server.app.dealer.push(userId, { type: 'request', key: 'k1', message_ident: 'hm://cmd', message: { command: 'ping' } });
    store.dispatch(T.replyRequested({ key: (await request).key, success: true }));
    expect(await replied).toEqual([first.connectionId, { type: 'reply', key: 'k1', payload: { success: true } }]);

    // The server drops the connection: the engine reconnects with a new connection id.
    const reconnecting = rec.next(T.reconnecting.type);
    const reconnected = rec.next<ReturnType<typeof T.reconnected>>(T.reconnected.type);
    expect(server.app.dealer.drop(userId)).toBe(1);
    expect(await reconnecting).toMatchObject({ attempt: 1 });
    const second = await reconnected;
    expect(second.connectionId).not.toBe(first.connectionId);
    expect(server.app.dealer.connections(userId).map((c) => c.id)).toEqual([second.connectionId]);

    // The owner's disconnect closes it for good.
    store.dispatch(T.disconnectRequested({ caller: OWNER, force: false }));
    expect(store.getState().transport.status).toBe('disconnected');
    for (let i = 0; i < 100 && server.app.dealer.connections(userId).length > 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(server.app.dealer.connections(userId)).toEqual([]);
  });

  it('an invalid token fails the connect after the 2 authentication retries (spec 001 §9)', async () => {
    const rec = recorder();
    const scheduler = fastScheduler();
    const failing = createStore<T.TransportSlice & SessionSlice, T.TransportDeps>({
      reducer: (state, action) => ({ ...state, transport: T.transportReducer(state.transport, action) }),
      epics: T.transportEpics,
      deps: {
        clock: { now: () => scheduler.now() },
        scheduler,
        random: { next: () => 0.5 },
        http: createFetchHttp((url, init) => fetch(url, init)),
        socket: createNodeSocket(),
      },
      initialState: { transport: T.initialTransportState(OWNER), session: sessionWith('not-a-token') },
      onEnvelope: (e) => rec.add(e.action),
    });
    const failed = rec.next<ReturnType<typeof T.connectionFailed>>(T.connectionFailed.type);
    failing.dispatch(T.connectRequested({ caller: OWNER, resolveUrl: server.url('/apresolve') }));
    expect(await failed).toMatchObject({ err: 'Cannot connect to dealer' });
    expect(rec.seen.filter((a) => a.type === T.socketOpenRequested.type)).toHaveLength(3);
    failing.stop();
  });
});
