/**
 * @jest-environment node
 */
import * as Connect from '../../core/engine/connect';
import * as Device from '../../core/engine/device';
import { claimEpic, claimRequested } from '../../core/engine/player/claim.epic';
import type { Action } from '../../core/store/action';
import type { Store } from '../../core/store/store';
import { demoCatalogue } from '../../server/testing/demo-catalogue';
import { startTestServer, type TestServer } from '../../server/test-server';
import { engine, loginToken, type State } from './loopback-engine';

// Its hooks start a provider on loopback and log listeners in: more than jest's 5 s on a loaded machine.
jest.setTimeout(30_000);

/*
 * Loopback (issue 15): the claim of a hidden local state (spec 001 §4 Client lifecycle, core/engine/player/claim.epic.ts)
 * over the real adapters (fetch, the Node websocket) against the real provider on 127.0.0.1: a
 * device plays, its engine goes away (a reload) and a new one on the same device id claims the
 * state the service kept for it, through the transfer route (spec 001 §7, restore_paused 'pause').
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

const DEVICES = '/track-playback/v1/devices';
const sent =
  (id: string) =>
  (x: Action): x is ReturnType<typeof Connect.commandSent> =>
    Connect.commandSent.match(x) && x.id === id;
const ended =
  (id: string) =>
  (x: Action): x is Action & { id: string } =>
    (Connect.commandAcknowledged.match(x) || Connect.commandRefused.match(x) || Connect.commandFailed.match(x) || Connect.commandTimedOut.match(x)) &&
    x.id === id;

describe('claiming a hidden local state on loopback (spec 001 §4 Client lifecycle, §7 transfer restore_paused)', () => {
  it('a reloaded engine of a playing device claims the state the service kept for it: transferred to itself, it arrives paused at its position', async () => {
    const token = await loginToken(server);
    const A = 'c'.repeat(40);
    const first = engine(server, A, token, [claimEpic as never]);
    stores.push(first.store);
    await first.rec.when(Device.registered.match, 'device registered');
    const album = `spotify:album:${demoCatalogue().albums[0]?.id ?? ''}`;
    first.store.dispatch(Connect.commandRequested({ id: 'p', command: { endpoint: 'play', target: A, args: { context_uri: album } } }));
    const loaded = await first.rec.when(Device.stateLoaded.match, 'the play at the device');
    // The device reports it plays, 42 s in (what the player glue sends; this store has no player).
    const playing = { ...loaded.stateRef, paused: false };
    const sub_state = { playback_speed: 1, position: 42000, duration: 200000, stream_time: 42000 };
    const put = await fetch(server.url(`${DEVICES}/${A}/state`), {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ seq_num: 1000, state_ref: playing, sub_state, debug_source: 'started_playing' }),
    });
    expect(put.status).toBe(200);

    // The page reloads: its engine goes, a new one starts on the same (stored) device id, holding nothing.
    first.store.stop();
    const again = engine(server, A, token, [claimEpic as never]);
    stores.push(again.store);
    await again.rec.when(Device.registered.match, 'device registered again');
    expect(again.store.getState().device.stateRef).toBeNull();

    again.store.dispatch(claimRequested({ id: 'k' }));
    const transfer = await again.rec.when(sent('k'), 'the claim sent');
    expect(transfer).toMatchObject({ endpoint: 'transfer', status: 200, ackId: expect.any(String) as unknown });
    const arrived = await again.rec.when(Device.stateLoaded.match, 'the claimed state at the device');
    expect(arrived.stateRef).toEqual({ ...playing, paused: true });
    // The service's replace_state named the ref the device had before the reload: the new engine holds none, so it
    // reports the conflict (spec 001 §4 replace_state), and the answer brings the claimed state, paused, at its position.
    expect(again.rec.seen.some(Device.stateConflicted.match)).toBe(true);
    expect(arrived.seekTo).toBeGreaterThanOrEqual(42000);
    // The device reports the claimed state (what the player glue sends once loaded): the cluster confirms the transfer's ack.
    const report = await fetch(server.url(`${DEVICES}/${A}/state`), {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        seq_num: 2000,
        state_ref: arrived.stateRef,
        sub_state: { ...sub_state, position: arrived.seekTo },
        debug_source: 'before_track_load',
      }),
    });
    expect(report.status).toBe(200);
    expect(await again.rec.when(ended('k'), 'the claim acknowledged')).toEqual(Connect.commandAcknowledged({ id: 'k', ackId: transfer.ackId ?? '' }));
  }, 30000);

  it("refuses with 'No hidden local state.' when the local player holds nothing the service keeps for it", async () => {
    const token = await loginToken(server);
    const fresh = engine(server, 'e'.repeat(40), token, [claimEpic as never]);
    stores.push(fresh.store);
    await fresh.rec.when(Device.registered.match, 'device registered');
    fresh.store.dispatch(claimRequested({ id: 'k' }));
    expect(await fresh.rec.when(ended('k'), 'the claim refused')).toEqual(
      Connect.commandRefused({ id: 'k', endpoint: 'transfer', err: 'No hidden local state.' }),
    );
  }, 30000);
});
