import { BehaviorSubject, Subject } from 'rxjs';
import * as A from '../../core/engine/connect/actions';
import { initialConnectState, type ConnectState } from '../../core/engine/connect/state';
import { claimRequested } from '../../core/engine/player/claim.epic';
import type { Action } from '../../core/store/action';
import { createRemoteController, type ControllerEngine } from './remote-controller';

/** A stand-in engine: records inputs and answers each command with what `answer` returns. */
function fakeEngine(answer: (a: Action) => Action[]) {
  const actions$ = new Subject<Action>();
  const state$ = new BehaviorSubject<{ connect?: ConnectState }>({});
  const inputs: Action[] = [];
  let starts = 0;
  const engine: ControllerEngine = {
    actions$,
    state$,
    start: () => {
      starts += 1;
    },
    input: (action) => {
      inputs.push(action);
      actions$.next(action);
      for (const a of answer(action)) actions$.next(a);
    },
  };
  return { engine, inputs, state$, actions$, starts: () => starts };
}

const cluster = {
  timestamp: 1,
  active_device_id: 'tv',
  devices: {
    pc: {
      id: 'pc',
      name: 'PC',
      type: 'computer',
      version: '',
      volume: 1,
      is_active: false,
      is_controllable: true,
      is_observable: true,
      local: true,
      hidden: false,
      metadata: {},
    },
    tv: {
      id: 'tv',
      name: 'TV',
      type: 'tv',
      version: '',
      volume: 0.5,
      is_active: true,
      is_controllable: true,
      is_observable: true,
      local: false,
      hidden: false,
      metadata: {},
    },
  },
  player_state: null,
};

describe('the remote controller module (issue 16: usable without our UI)', () => {
  it('observe starts the engine and asks the remote-control client to observe', () => {
    const f = fakeEngine(() => []);
    const remote = createRemoteController(f.engine, 'pc');
    remote.observe();
    expect(f.starts()).toBe(1);
    expect(f.inputs).toEqual([A.observeRequested()]);
  });

  it('reads the cluster, its devices (the active one first) and the active device as observables', () => {
    const f = fakeEngine(() => []);
    const remote = createRemoteController(f.engine, 'pc');
    const seen: unknown[] = [];
    remote.devices$.subscribe((d) => seen.push(d.map((x) => x.id)));
    remote.activeDevice$.subscribe((d) => seen.push(d?.id ?? null));
    f.state$.next({ connect: { ...initialConnectState, cluster } });
    expect(seen).toEqual([[], null, ['tv', 'pc'], 'tv']);
  });

  it("reads the track window (spec 001 §9: 2 next and 2 previous of the cluster's up to 5) as an observable", () => {
    const f = fakeEngine(() => []);
    const remote = createRemoteController(f.engine, 'pc');
    const seen: unknown[] = [];
    remote.trackWindow$.subscribe((w) => seen.push(w === null ? null : [w.previous_tracks, w.current_track, w.next_tracks].flat().map((x) => x.uri)));
    const track = (n: number) => ({ uri: `spotify:track:t${n}` });
    const playerState = {
      track: track(6),
      options: { shuffling_context: false, repeating_context: false, repeating_track: false },
      next_tracks: [7, 8, 9, 10, 11].map(track),
      prev_tracks: [1, 2, 3, 4, 5].map(track),
      position_as_of_timestamp: 0,
      timestamp: 1,
      duration: 1000,
      is_paused: false,
      session_id: 's',
      context_uri: 'spotify:album:a',
      context_url: null,
    };
    f.state$.next({ connect: { ...initialConnectState, cluster: { ...cluster, player_state: playerState } } });
    expect(seen).toEqual([null, [4, 5, 6, 7, 8].map((n) => `spotify:track:t${n}`)]);
  });

  it('play hands its play origin to the remote-control client, which checks featureClasses (spec 001 §5, command.test.ts)', async () => {
    const f = fakeEngine((a) => (A.commandRequested.match(a) ? [A.commandAcknowledged({ id: a.id, ackId: a.id })] : []));
    const remote = createRemoteController(f.engine, 'pc');
    await remote.play('spotify:album:a', { playOrigin: { featureIdentifier: 'web-player', featureClasses: ['album'] } });
    expect(f.inputs).toEqual([
      A.commandRequested({
        id: 'c1',
        command: { endpoint: 'play', args: { context_uri: 'spotify:album:a', play_origin: { featureIdentifier: 'web-player', featureClasses: ['album'] } } },
      }),
    ]);
  });

  it.each<[string, (id: string) => Action, unknown]>([
    ['acknowledged', (id) => A.commandAcknowledged({ id, ackId: 'a1' }), { ok: true, status: 'acknowledged', ackId: 'a1' }],
    ['sent without an ack', (id) => A.commandSent({ id, endpoint: 'pause', status: 200, ackId: null }), { ok: true, status: 'sent', ackId: null }],
    ['refused', (id) => A.commandRefused({ id, endpoint: 'pause', err: 'Nothing playing' }), { ok: false, status: 'refused', err: 'Nothing playing' }],
    [
      'timed out',
      (id) => A.commandTimedOut({ id, ackId: 'a1', err: 'Command not acknowledged.' }),
      { ok: false, status: 'timedOut', err: 'Command not acknowledged.' },
    ],
  ])('a command resolves with its outcome: %s', async (_name, outcome, expected) => {
    const f = fakeEngine((a) => (A.commandRequested.match(a) ? [A.commandSent({ id: a.id, endpoint: 'pause', status: 200, ackId: 'a1' }), outcome(a.id)] : []));
    const remote = createRemoteController(f.engine, 'pc');
    await expect(remote.pause('tv')).resolves.toEqual(expected);
    expect(f.inputs).toEqual([A.commandRequested({ id: 'c1', command: { endpoint: 'pause', target: 'tv' } })]);
  });

  it("setRepeat refuses an unknown mode with 'Unknown repeat mode.' and sends both repeat commands otherwise", async () => {
    const f = fakeEngine((a) => (A.commandRequested.match(a) ? [A.commandAcknowledged({ id: a.id, ackId: a.id })] : []));
    const remote = createRemoteController(f.engine, 'pc');
    await expect(remote.setRepeat('ALL' as 'OFF')).resolves.toEqual({ ok: false, status: 'refused', err: 'Unknown repeat mode.' });
    await expect(remote.setRepeat('CONTEXT')).resolves.toMatchObject({ ok: true });
    expect(f.inputs.map((a) => (A.commandRequested.match(a) ? a.command : a))).toEqual([
      { endpoint: 'set_repeating_context', args: { value: true } },
      { endpoint: 'set_repeating_track', args: { value: false } },
    ]);
  });

  it('listDevices resolves with the list, or rejects with the error', async () => {
    const f = fakeEngine((a) =>
      A.devicesRequested.match(a)
        ? [
            a.id === 'c1'
              ? A.devicesListed({ id: a.id, devices: [cluster.devices.tv] })
              : A.devicesFailed({ id: a.id, err: 'Request was not successful (status 500)' }),
          ]
        : [],
    );
    const remote = createRemoteController(f.engine, 'pc');
    await expect(remote.listDevices()).resolves.toEqual([cluster.devices.tv]);
    await expect(remote.listDevices()).rejects.toThrow('Request was not successful (status 500)');
  });

  it('claim (spec 001 §4 hidden local state) starts the engine, asks the claim and resolves with the transfer it became', async () => {
    const f = fakeEngine((a) =>
      claimRequested.match(a)
        ? [
            A.commandRequested({ id: a.id, command: { endpoint: 'transfer', target: 'pc', args: { restore_paused: 'pause' } } }),
            A.commandAcknowledged({ id: a.id, ackId: 'k1' }),
          ]
        : [],
    );
    const remote = createRemoteController(f.engine, 'pc');
    await expect(remote.claim()).resolves.toEqual({ ok: true, status: 'acknowledged', ackId: 'k1' });
    expect(f.starts()).toBe(1);
    expect(f.inputs).toEqual([claimRequested({ id: 'c1' })]);
    const refusing = fakeEngine((a) => (claimRequested.match(a) ? [A.commandRefused({ id: a.id, endpoint: 'transfer', err: 'No hidden local state.' })] : []));
    await expect(createRemoteController(refusing.engine, 'pc').claim()).resolves.toEqual({ ok: false, status: 'refused', err: 'No hidden local state.' });
  });
});
