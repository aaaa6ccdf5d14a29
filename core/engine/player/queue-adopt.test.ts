import { stateLoaded } from '../device/actions';
import { listTrackFinished } from '../lists/actions';
import { listEpic } from '../lists/list.epics';
import { canPreload } from '../media/fragment-plan';
import { machineAdopted } from './actions';
import { contextEpic, loadedContext } from './context.epic';
import type { EngineState, PlayerEpic } from './deps';
import { nextTrackPreloadEpic } from './preload.epic';
import type { MachineState, StateMachine } from './state-machine';
import { engineState, machineState, machineTrack, mediaTrack, planOf, stateMachine, stateRef, trackUri } from './testing/engine-state';
import { only, runPlayer } from './testing/run-player';
import { trackLoadEpic } from './track.epic';

// spec 001 §4 add to queue: the provider answers a queue change with a replace_state carrying a new
// machine, the queued track in it, whose state plays the track playing where it is (server set_queue:
// the state's seek_to, no seek_to in the command). Adding to the queue changes what plays next and
// nothing audible now: the engine adopts the machine and list around the track playing, without
// stopping, loading or seeking the media and without a new playback (tracking record, playback start).

const QUEUED = 'spotify:track:queued';
const POSITION = 8000;

/** The engine on track 1 of machine m1 (three tracks), its file f1-160 loaded, playing at 8 s, playback 'p'. */
const onTrack1 = (changes: { media?: Partial<EngineState['media']>; list?: Partial<EngineState['list']> } = {}): EngineState =>
  engineState({
    player: { machine: stateMachine(3), trackIndex: 1, playbackId: 'p', playbacks: 1 },
    list: {
      status: 'playing',
      tracks: [0, 1, 2].map((i) => ({ uri: trackUri(i), playable: true })),
      order: [0, 1, 2],
      position: 1,
      index: 1,
      ...changes.list,
    },
    media: { status: 'playing', playId: 4, track: mediaTrack('f1-160'), plan: planOf(200000), positionMs: POSITION, ...changes.media },
    device: { stateRef: stateRef('s1'), paused: false },
  });

/**
 * The provider's machine after the queue change: track 1 (playing), the queued track, track 2;
 * its state s1 plays track 1 from `seekTo` (the provider's estimate of where it is).
 */
function queuedMachine(changes: { state?: Partial<MachineState>; track?: Parameters<typeof machineTrack>[1] } = {}): StateMachine {
  const queued = machineTrack(9, { metadata: { uri: QUEUED, name: 'Queued', duration: 180000, context_uri: 'spotify:album:a1', provider: 'queue' } });
  return {
    state_machine_id: 'm2',
    states: [
      machineState(0, { state_id: 'n0' }),
      machineState(1, { state_id: 'n1', seek_to: 7900, ...changes.state }),
      machineState(2, { state_id: 'n2' }),
      machineState(3, { state_id: 'n3' }),
    ],
    tracks: [machineTrack(0), machineTrack(1, changes.track), queued, machineTrack(2)],
  };
}

const ref = (paused = false) => ({ state_machine_id: 'm2', state_id: 'n1', paused });
const wire = (machine: StateMachine): unknown => JSON.parse(JSON.stringify(machine));
const replaced = (machine: StateMachine, seekTo: number | null = null, paused = false) =>
  stateLoaded({ stateRef: ref(paused), newContext: true, seekTo, stateMachine: wire(machine) });

describe('add to queue on the device playing (spec 001 §4): a new machine whose state plays the track playing, where it is, is adopted', () => {
  it('the same track (uri and file), no seek asked: the machine and list are adopted around it and the device reports the new state; nothing loads', () => {
    const machine = queuedMachine();
    expect(loadedContext(replaced(machine), onTrack1(), () => 1234)).toEqual([
      machineAdopted({ machine, index: 1 }),
      {
        type: 'list/adopted',
        tracks: [
          { uri: trackUri(0), playable: true },
          { uri: trackUri(1), playable: true },
          { uri: QUEUED, playable: true, queued: true },
          { uri: trackUri(2), playable: true },
        ],
        index: 1,
      },
      { type: 'device/stateUpdateRequested', reason: 'resume', position: POSITION, duration: 200000, playbackStats: null },
    ]);
  });

  it('paused on the track: adopted as well, and reported paused', () => {
    const actions = loadedContext(replaced(queuedMachine(), null, true), onTrack1({ media: { status: 'paused' }, list: { status: 'paused' } }));
    expect(actions.map((a) => a.type)).toEqual(['engine/machineAdopted', 'list/adopted', 'device/stateUpdateRequested']);
    expect(actions[2]).toMatchObject({ reason: 'pause', position: POSITION });
  });

  it("a command seek_to at the media's position asks no seek: adopted", () => {
    expect(loadedContext(replaced(queuedMachine(), POSITION), onTrack1())[0]).toEqual(machineAdopted({ machine: queuedMachine(), index: 1 }));
  });

  it.each<[string, StateMachine, number | null, boolean, EngineState]>([
    [
      'another track (another uri)',
      queuedMachine({ track: { metadata: { uri: trackUri(7), name: 'x', duration: 1, context_uri: 'c' } } }),
      null,
      false,
      onTrack1(),
    ],
    [
      'the same uri without the file the media is on',
      queuedMachine({ track: { manifest: { file_ids_mp4: [{ file_id: 'other', format: 'MP4_160', bitrate: 160000 }] } } }),
      null,
      false,
      onTrack1(),
    ],
    ["a command seek_to that differs from the media's position", queuedMachine(), 3000, false, onTrack1()],
    ['a state without seek_to (a play of the context: its track from the start)', queuedMachine({ state: { seek_to: undefined } }), null, false, onTrack1()],
    ['a paused state while the media plays', queuedMachine(), null, true, onTrack1()],
    ['the engine idle', queuedMachine(), null, false, engineState()],
    ['the track still loading', queuedMachine(), null, false, onTrack1({ media: { status: 'loading' } })],
    ['the track ended (the next one loading)', queuedMachine(), null, false, onTrack1({ media: { status: 'ended' } })],
  ])('%s: the context starts anew, as before (machine loaded, list loaded, navigation)', (_rule, machine, seekTo, paused, state) => {
    const actions = loadedContext(replaced(machine, seekTo, paused), state);
    expect(actions.map((a) => a.type)).toEqual(['engine/machineLoaded', 'list/loadRequested', 'list/navigationRequested']);
  });
});

describe('adopted, through the engine (contextEpic, list player, track loads, preload)', () => {
  const epics = [contextEpic, listEpic as unknown as PlayerEpic, trackLoadEpic, nextTrackPreloadEpic];
  const mediaTypes = ['mediaPlayer/loadRequested', 'mediaPlayer/stopRequested', 'mediaPlayer/seekRequested', 'tracking/started', 'tracking/finaliseRequested'];

  it('the media, playback and tracking are untouched; the list is the new one at the track playing; the queued track plays next', () => {
    const { log, state } = runPlayer(epics, onTrack1(), [[10, replaced(queuedMachine())]], { stopAt: 100 });
    expect(only(log, ...mediaTypes)).toEqual([]);
    const after = state();
    expect(after.player).toMatchObject({ trackIndex: 1, playbackId: 'p', playbacks: 1 });
    expect(after.player.machine?.state_machine_id).toBe('m2');
    expect(after.list).toMatchObject({ status: 'playing', index: 1, position: 1, order: [0, 1, 2, 3] });
    expect(after.list.tracks.map((t) => t.uri)).toEqual([trackUri(0), trackUri(1), QUEUED, trackUri(2)]);
    expect(after.media).toMatchObject({ status: 'playing', playId: 4, positionMs: POSITION, track: mediaTrack('f1-160') });
    expect(after.device.stateRef).toEqual(ref());

    // The track finishes: the list player loads the queued track (reason trackdone).
    const next = runPlayer(epics, after, [[10, listTrackFinished()]], { stopAt: 100 });
    expect(only(next.log, 'list/trackLoadRequested')).toEqual([[10, 'list/trackLoadRequested', { index: 2, uri: QUEUED, reason: 'trackdone' }]]);
  });

  it('under shuffle the queued track still comes right after the track playing', () => {
    const { state } = runPlayer(epics, onTrack1({ list: { shuffle: true } }), [[10, replaced(queuedMachine())]], { stopAt: 100 });
    expect(state().list.order.slice(0, 2)).toEqual([1, 2]);
    expect(state().list.index).toBe(1);
  });

  it('what was fetched ahead for the old next track is dropped; within the last 10 s the queued track is fetched instead', () => {
    const late = 195000;
    expect(canPreload(200000, late)).toBe(true);
    const fetched = onTrack1({ media: { positionMs: late, preload: { fileId: 'f2-160', ready: null } } });
    const { log } = runPlayer(epics, fetched, [[10, replaced(queuedMachine())]], { stopAt: 100 });
    expect(only(log, 'mediaPlayer/preloadDropped', 'mediaPlayer/preloadRequested')).toEqual([
      [10, 'mediaPlayer/preloadDropped', { reason: 'queue changed' }],
      [10, 'mediaPlayer/preloadRequested', { playId: 4, fileId: expect.stringMatching(/^f9-/) }],
    ]);
    // Fetched ahead already for what is next in the new list: kept, nothing fetched again.
    const queuedFile = only(log, 'mediaPlayer/preloadRequested')[0]?.[2]?.fileId as string;
    const kept = onTrack1({ media: { positionMs: late, preload: { fileId: queuedFile, ready: null } } });
    const again = runPlayer(epics, kept, [[10, replaced(queuedMachine())]], { stopAt: 100 });
    expect(only(again.log, 'mediaPlayer/preloadDropped', 'mediaPlayer/preloadRequested')).toEqual([]);
  });
});
