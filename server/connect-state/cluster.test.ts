// spec 001 §9 Track window "2 next and 2 previous (up to 5 from cluster)": the cluster's next_tracks and
// prev_tracks (spec 001 §3) carry up to 5 each way, in play order, following the machine's transitions.
import { buildStateMachine, type ContextTrack } from '../playback/state-machine';
import { withRepeat } from './arrange';
import { CLUSTER_TRACK_WINDOW, NO_OPTIONS, playerStateOf, type ClusterTrack, type DeviceRow, type PlayerOptions } from './cluster';

const tracks = (n: number): ContextTrack[] =>
  Array.from({ length: n }, (_, i) => ({ uri: `spotify:track:t${i + 1}`, name: `Track ${i + 1}`, durationMs: 1000, files: [] }));

/** No catalogue: every track is the machine's fallback (its uri, name and duration). */
const noCatalogue = () => Promise.resolve(new Map<string, ClusterTrack>());

function device(count: number, current: number, options: PlayerOptions = NO_OPTIONS): DeviceRow {
  const machine = withRepeat(buildStateMachine(tracks(count), { machineId: 'm', contextUri: 'spotify:album:a', startIndex: current }), options);
  return {
    id: 'd',
    connectionId: 'c',
    info: { device_id: 'd', device_type: 'computer', name: 'D', model: 'web' } as DeviceRow['info'],
    clientVersion: null,
    volume: 65535,
    machine,
    commandedRef: null,
    stateRef: { state_machine_id: 'm', state_id: machine.states[current]!.state_id, paused: false },
    lastSeqNum: 1,
  };
}

const numbers = (list: ReadonlyArray<ClusterTrack>) => list.map((x) => Number(x.uri.slice('spotify:track:t'.length)));

describe('the cluster\'s track window (spec 001 §9: "up to 5 from cluster"; spec 001 §3 next_tracks, prev_tracks)', () => {
  it('is 5', () => {
    expect(CLUSTER_TRACK_WINDOW).toBe(5);
  });

  it.each<[string, number, number, PlayerOptions, number[], number[]]>([
    // name, tracks in the context, current index, options, prev_tracks, next_tracks
    ['the first of 12', 12, 0, NO_OPTIONS, [], [2, 3, 4, 5, 6]],
    ['the middle of 12: 5 each way', 12, 6, NO_OPTIONS, [2, 3, 4, 5, 6], [8, 9, 10, 11, 12]],
    ['the third of 12: the 2 before it', 12, 2, NO_OPTIONS, [1, 2], [4, 5, 6, 7, 8]],
    ['the last of 12', 12, 11, NO_OPTIONS, [7, 8, 9, 10, 11], []],
    ['a context of 3, its middle', 3, 1, NO_OPTIONS, [1], [3]],
    ['a single track', 1, 0, NO_OPTIONS, [], []],
    // repeating_context: the last leads to the first; each track once, the current one never.
    ['the last of 12, repeating the context', 12, 11, { ...NO_OPTIONS, repeating_context: true }, [7, 8, 9, 10, 11], [1, 2, 3, 4, 5]],
    ['a context of 3 repeated: each other track once', 3, 0, { ...NO_OPTIONS, repeating_context: true }, [2, 3], [2, 3]],
  ])('%s', async (_name, count, current, options, prev, next) => {
    const state = await playerStateOf(device(count, current, options), null, options, noCatalogue);
    expect(state?.track.uri).toBe(`spotify:track:t${current + 1}`);
    expect(numbers(state?.prev_tracks ?? [])).toEqual(prev);
    expect(numbers(state?.next_tracks ?? [])).toEqual(next);
  });

  it('names each window track from the catalogue, else from the machine', async () => {
    const known: ClusterTrack = {
      uri: 'spotify:track:t2',
      id: 't2',
      type: 'track',
      media_type: 'audio',
      name: 'Known',
      duration_ms: 1000,
      artists: [{ uri: 'spotify:artist:a', name: 'Ann' }],
      album: { uri: 'spotify:album:a', name: 'A', images: [] },
      is_playable: true,
    };
    const state = await playerStateOf(device(3, 0), null, NO_OPTIONS, () => Promise.resolve(new Map([[known.uri, known]])));
    expect(state?.next_tracks).toEqual([{ ...known, provider: 'context' }, expect.objectContaining({ uri: 'spotify:track:t3', name: 'Track 3', artists: [] })]);
  });
});
