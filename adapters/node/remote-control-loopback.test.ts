/**
 * @jest-environment node
 */
import * as Connect from '../../core/engine/connect';
import * as Device from '../../core/engine/device';
import type { Action } from '../../core/store/action';
import type { Store } from '../../core/store/store';
import { demoCatalogue } from '../../server/testing/demo-catalogue';
import { startTestServer, type TestServer } from '../../server/test-server';
import { engine, loginToken, type State } from './loopback-engine';

// Its hooks start a provider on loopback and log listeners in: more than jest's 5 s on a loaded machine.
jest.setTimeout(30_000);

/*
 * Loopback (issue 16): the engine's remote-control client (core/engine/connect) and device client
 * (core/engine/device) over the real adapters (fetch, the Node websocket) against the real provider
 * on 127.0.0.1: the paths, headers and bodies of spec 001 §7 Remote-control service meet the
 * server's (server/connect-state/). Real time: the volume debounces (1 s each side) make it ~3 s.
 */

let server: TestServer;
const stores: Array<Store<State>> = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const store of stores) store.stop();
  await server.stop();
});

describe('remote-control client ⇄ connect-state service on loopback (spec 001 §4 Remote-control client, §7 Remote-control service)', () => {
  it('registers as an observer with the initial cluster, follows the pushed clusters, and a volume command is acknowledged by the cluster once the device applied it', async () => {
    const token = await loginToken(server);
    const A = 'a'.repeat(40);
    const B = 'b'.repeat(40);
    const a = engine(server, A, token);
    stores.push(a.store);
    await a.rec.when(Device.registered.match, 'device A registered');

    const b = engine(server, B, token);
    stores.push(b.store);
    // Observing before the connection has an id: the spec's error, then the registration once it has one.
    b.store.dispatch(Connect.observeRequested());
    expect(b.rec.seen.find(Connect.observerRegistrationFailed.match)).toEqual(
      Connect.observerRegistrationFailed({ code: 'CONNECTAPI_NO_CONNECTION_ID', err: 'Cannot register: no connection id.' }),
    );
    await b.rec.when(Connect.observerRegistered.match, 'observer registered');
    const initial = await b.rec.when((x): x is ReturnType<typeof Connect.clusterUpdated> => Connect.clusterUpdated.match(x) && x.initial, 'initial cluster');
    expect(Object.keys(initial.cluster.devices)).toContain(A);

    // A pushed cluster lists this engine's own device too, marked local.
    const both = await b.rec.when(
      (x): x is ReturnType<typeof Connect.clusterUpdated> =>
        Connect.clusterUpdated.match(x) && x.cluster.devices[A] !== undefined && x.cluster.devices[B] !== undefined,
      'a cluster with both devices',
    );
    expect(both.cluster.devices[B]?.local).toBe(true);
    expect(both.cluster.devices[A]).toMatchObject({ id: A, type: 'computer', local: false, hidden: false });
    expect(b.rec.seen.some(Connect.clusterIgnored.match)).toBe(false);

    // Volume 0.3 to A: debounced, sent, pushed to A, applied and reported by A, confirmed by a cluster's ack_id.
    b.store.dispatch(Connect.commandRequested({ id: 'v', command: { endpoint: 'volume', target: A, args: { volume: 0.3 } } }));
    const sent = await b.rec.when((x): x is ReturnType<typeof Connect.commandSent> => Connect.commandSent.match(x) && x.id === 'v', 'volume sent');
    expect(sent).toMatchObject({ status: 200, ackId: expect.any(String) as unknown });
    expect(await a.rec.when(Device.remoteVolumeSet.match, 'set_volume at A')).toMatchObject({ volume: Math.round(0.3 * 65535) / 65535 });
    const outcome = await b.rec.when(
      (x): x is Action & { id: string } =>
        (Connect.commandAcknowledged.match(x) || Connect.commandTimedOut.match(x) || Connect.commandFailed.match(x)) && x.id === 'v',
      'volume outcome',
    );
    expect(outcome).toEqual(Connect.commandAcknowledged({ id: 'v', ackId: sent.ackId ?? '' }));
    expect(b.store.getState().connect.cluster?.devices[A]?.volume).toBeCloseTo(0.3, 3);

    // Play a context on A: the service answers an ack_id and A receives the replace_state of a new context.
    const album = `spotify:album:${demoCatalogue().albums[0]?.id ?? ''}`;
    b.store.dispatch(Connect.commandRequested({ id: 'p', command: { endpoint: 'play', target: A, args: { context_uri: album } } }));
    expect(await b.rec.when((x): x is ReturnType<typeof Connect.commandSent> => Connect.commandSent.match(x) && x.id === 'p', 'play sent')).toMatchObject({
      status: 200,
    });
    expect(await a.rec.when(Device.stateLoaded.match, 'replace_state at A')).toMatchObject({ newContext: true, seekTo: null });
  }, 30000);
});
