import { buildStateMachine, MS_PLAYED_UNTIL_UPDATE, MS_PLAYING_UPDATE_INTERVAL, StateMachine, stateIdOf } from './state-machine';

const track = (i: number) => ({
  uri: `spotify:track:t${i}`,
  name: `T${i}`,
  durationMs: 1000 * i,
  files: [{ file_id: `f${i}`, format: 'MP4_96', bitrate: 96000 }],
});

describe('buildStateMachine (spec 001 §3 State machine from the device service)', () => {
  const machine = buildStateMachine([track(1), track(2), track(3)], { machineId: 'm', contextUri: 'spotify:album:a', startIndex: 1, seekTo: 500 });

  it('is a valid machine: one state per track, naming its track by index', () => {
    expect(StateMachine.is(machine)).toBe(true);
    expect(machine.states.map((s) => [s.state_id, s.track])).toEqual([
      ['m-0', 0],
      ['m-1', 1],
      ['m-2', 2],
    ]);
  });

  it('links neighbours: advance/skip_next/show_next to the next state, skip_prev/show_prev to the previous; none past the ends', () => {
    expect(machine.states[0]!.transitions).toEqual({ advance: 'm-1', skip_next: 'm-1', show_next: 'm-1' });
    expect(machine.states[1]!.transitions).toEqual({ advance: 'm-2', skip_next: 'm-2', show_next: 'm-2', skip_prev: 'm-0', show_prev: 'm-0' });
    expect(machine.states[2]!.transitions).toEqual({ skip_prev: 'm-1', show_prev: 'm-1' });
  });

  it('puts seek_to only on the start state; every state starts at 0 with seeking allowed and no restrictions', () => {
    expect(machine.states.map((s) => s.seek_to)).toEqual([undefined, 500, undefined]);
    expect(machine.states.every((s) => s.initial_playback_position === 0 && !s.disallow_seeking && Object.keys(s.restrictions).length === 0)).toBe(true);
  });

  it('gives each track its metadata with the context uri, its manifest and the update thresholds', () => {
    expect(machine.tracks[1]).toEqual({
      metadata: { uri: 'spotify:track:t2', name: 'T2', duration: 2000, context_uri: 'spotify:album:a' },
      manifest: { file_ids_mp4: [{ file_id: 'f2', format: 'MP4_96', bitrate: 96000 }] },
      ms_played_until_update: MS_PLAYED_UNTIL_UPDATE,
      ms_playing_update_interval: MS_PLAYING_UPDATE_INTERVAL,
    });
    expect(MS_PLAYED_UNTIL_UPDATE).toBe(30000);
    expect(stateIdOf('m', 2)).toBe('m-2');
  });
});
