import { createFakeHttp } from '../../../adapters/fake/fake-http';
import type { HttpRequest } from '../../ports';
import type { Cluster } from '../connect/cluster';
import { loadList } from '../lists/list-player';
import { commandInputs } from './client-commands';
import * as P from './actions';
import { commandsEpic } from './commands.epic';
import { queueDecision } from './queue';
import { engineState, machineTrack, stateMachine, trackUri } from './testing/engine-state';
import { DEVICE_ID, runPlayer } from './testing/run-player';

// spec 001 §4 Playback actions: add to queue, through the provider's set_queue (spec 001 §7).

const NEW = 'spotify:track:other1';
const queuedTrack = (i: number) => machineTrack(i, { metadata: { ...machineTrack(i).metadata, provider: 'queue' } });

/** This engine plays track `at` of `machine`, its list in list order. */
const playingHere = (machine = stateMachine(4), at = 0, order?: number[]) =>
  engineState({
    player: { machine, trackIndex: at },
    list: {
      ...loadList(machine.tracks.map((t) => ({ uri: t.metadata.uri, playable: true }))),
      ...(order === undefined ? {} : { order }),
      position: order?.indexOf(at) ?? at,
      index: at,
    },
  });

const track = (uri: string, provider?: string) => ({ uri, ...(provider === undefined ? {} : { provider }) });
const clusterOf = (active: string, next: ReturnType<typeof track>[]): Cluster => ({
  timestamp: 1,
  active_device_id: active,
  devices: {},
  player_state: {
    track: track('spotify:track:now'),
    options: { shuffling_context: false, repeating_context: false, repeating_track: false },
    next_tracks: next,
    prev_tracks: [],
    position_as_of_timestamp: 0,
    timestamp: 1,
    duration: 1000,
    is_paused: false,
    session_id: 's',
    context_uri: 'spotify:album:x',
    context_url: 'context://spotify:album:x',
  },
});

describe('add to queue: where the queue is and what set_queue names (spec 001 §4 Playback actions, §7 set_queue)', () => {
  const machineWithQueue = stateMachine(5, { tracks: { 1: queuedTrack(1), 2: queuedTrack(2) } });
  it.each([
    ['nothing plays anywhere', engineState(), { kind: 'refused', err: 'No current state.' }],
    [
      'this engine plays, no queue yet: the new track (the provider adds the context after it)',
      playingHere(),
      { kind: 'local', nextTracks: [track(NEW, 'queue')] },
    ],
    [
      'this engine plays with two queued: after them, in the order added',
      playingHere(machineWithQueue),
      { kind: 'local', nextTracks: [track(trackUri(1), 'queue'), track(trackUri(2), 'queue'), track(NEW, 'queue')] },
    ],
    [
      'the queue in the play order of a shuffled list (queued tracks are never shuffled away)',
      playingHere(machineWithQueue, 3, [3, 1, 2, 0, 4]),
      { kind: 'local', nextTracks: [track(trackUri(1), 'queue'), track(trackUri(2), 'queue'), track(NEW, 'queue')] },
    ],
    [
      'this engine is the active device of the cluster: here',
      engineState({ ...playingHere(), connect: { cluster: clusterOf(DEVICE_ID, [track('spotify:track:c1', 'context')]) } }),
      { kind: 'local', nextTracks: [track(NEW, 'queue')] },
    ],
    [
      'another device plays: its queued next tracks, the new one, then the context tracks it shows',
      engineState({
        connect: { cluster: clusterOf('phone', [track('spotify:track:q1', 'queue'), track('spotify:track:c1', 'context'), track('spotify:track:c2')]) },
      }),
      {
        kind: 'remote',
        target: 'phone',
        nextTracks: [track('spotify:track:q1', 'queue'), track(NEW, 'queue'), track('spotify:track:c1', 'context'), track('spotify:track:c2', 'context')],
      },
    ],
    [
      'another device plays only queued tracks in its window: the new one after them',
      engineState({ connect: { cluster: clusterOf('phone', [track('spotify:track:q1', 'queue')]) } }),
      { kind: 'remote', target: 'phone', nextTracks: [track('spotify:track:q1', 'queue'), track(NEW, 'queue')] },
    ],
  ])('%s', (_name, state, expected) => {
    expect(queueDecision(state, DEVICE_ID, NEW)).toEqual(expected);
  });

  it("the widget's queue command is the engine's queueRequested", () => {
    expect(commandInputs({ kind: 'queue', id: 'q1', uri: NEW }, true, () => 'x')).toEqual([P.queueRequested({ id: 'q1', uri: NEW })]);
  });
});

describe('add to queue sends set_queue (marble: virtual time, fake http)', () => {
  const enabled = {
    device: { registration: 'registered' as const, connectionId: 'c1' },
    session: { accessToken: 'tok' },
    transport: { resolveUrl: 'http://p.test/apresolve', endpoints: { dealer: 'p.test', spclient: 'sp.test' } },
  };

  it('here: POSTs set_queue from and to this device with the queue and the new track; a 2xx is sent', () => {
    const calls: HttpRequest[] = [];
    const here = playingHere();
    const { log } = runPlayer([commandsEpic], engineState({ ...here, ...enabled }), [[0, P.queueRequested({ id: 'q1', uri: NEW })]], {
      http: (scheduler) => createFakeHttp(scheduler, calls, () => ({ status: 200, headers: {}, body: '' }), 10),
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: `http://sp.test/connect-state/v1/player/command/from/${DEVICE_ID}/to/${DEVICE_ID}` });
    expect(JSON.parse(calls[0]?.body ?? 'null')).toEqual({ command: { endpoint: 'set_queue', next_tracks: [{ uri: NEW, provider: 'queue' }] } });
    expect(log).toEqual([[10, 'engine/commandSent', { endpoint: 'set_queue', status: 200 }]]);
  });

  it('on another device: a remote-control command to the active device, nothing here', () => {
    const calls: HttpRequest[] = [];
    const state = engineState({ ...enabled, connect: { cluster: clusterOf('phone', [track('spotify:track:c1', 'context')]) } });
    const { log } = runPlayer([commandsEpic], state, [[0, P.queueRequested({ id: 'q1', uri: NEW })]], {
      http: (scheduler) => createFakeHttp(scheduler, calls, () => ({ status: 200, headers: {}, body: '' }), 10),
    });
    expect(calls).toEqual([]);
    expect(log).toEqual([
      [
        0,
        'connect/commandRequested',
        {
          id: 'q1',
          command: {
            endpoint: 'set_queue',
            target: 'phone',
            args: {
              next_tracks: [
                { uri: NEW, provider: 'queue' },
                { uri: 'spotify:track:c1', provider: 'context' },
              ],
            },
          },
        },
      ],
    ]);
  });

  it('with nothing playing: refused with spec 001 §8 Client state "No current state."', () => {
    const { log } = runPlayer([commandsEpic], engineState(enabled), [[0, P.queueRequested({ id: 'q1', uri: NEW })]]);
    expect(log).toEqual([[0, 'engine/commandRefused', { command: 'engine/queueRequested', err: 'No current state.' }]]);
  });
});
