import { conflictBatch, nextSeq, sameUpdate, StateUpdateReason, type StateUpdate } from './state-update';

const update = (position: number): StateUpdate => ({
  state_ref: { state_machine_id: 'm', state_id: 's', paused: false },
  sub_state: { playback_speed: 1, position, duration: 1000, stream_time: 0 },
  previous_position: 0,
  playback_stats: null,
  rejected_state_refs: [],
  debug_source: 'progress',
});

describe('state update sequence numbers (spec 001 §9: sequence ids wrap at 2^53-1)', () => {
  it.each([
    [0, 1],
    [41, 42],
    [2 ** 53 - 2, 2 ** 53 - 1],
    [2 ** 53 - 1, 0],
  ])('%p → %p', (seq, next) => expect(nextSeq(seq)).toBe(next));
});

describe('identical payloads (spec 001 §4: skipped when identical to the last sent payload)', () => {
  it.each([
    [null, update(1), false],
    [update(1), update(1), true],
    [update(1), update(2), false],
    [update(1), { ...update(1), debug_source: 'pause' as const }, false],
  ])('last %#', (last, next, same) => expect(sameUpdate(last, next)).toBe(same));
});

describe('state update reasons (spec 001 §4 State update sends)', () => {
  it('are the twelve reasons of the spec', () => {
    expect(Object.keys(StateUpdateReason.keys)).toEqual([
      'before_track_load',
      'started_playing',
      'pause',
      'resume',
      'position_changed',
      'progress',
      'played_threshold_reached',
      'error',
      'track_data_finalized',
      'capped',
      'state_clear',
      'ping',
    ]);
  });
});

describe('state_conflict batches (spec 001 §7 up to 5 rejected refs, §9 conflict ref batch 5)', () => {
  it.each([
    [[], [], []],
    [[1, 2, 3], [1, 2, 3], []],
    [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5], []],
    [
      [1, 2, 3, 4, 5, 6, 7],
      [1, 2, 3, 4, 5],
      [6, 7],
    ],
  ])('%p → %p then %p', (pending, batch, rest) => expect(conflictBatch(pending)).toEqual({ batch, rest }));
});
