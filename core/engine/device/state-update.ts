import * as t from 'io-ts';
import { CONFLICT_REF_BATCH, MAX_SEQ } from './constants';
import { StateRef } from './state-ref';

/** spec 001 §4 State update sends: the reasons. */
export const StateUpdateReason = t.keyof({
  before_track_load: null,
  started_playing: null,
  pause: null,
  resume: null,
  position_changed: null,
  progress: null,
  played_threshold_reached: null,
  error: null,
  track_data_finalized: null,
  capped: null,
  state_clear: null,
  ping: null,
});
export type StateUpdateReason = t.TypeOf<typeof StateUpdateReason>;

/**
 * spec 001 §3 State update payload `playback_stats`: the current playback's figures so far, named
 * as §3's playback stats log fields (ours: the spec does not itemise this part of the payload).
 */
export const PlaybackStats = t.type({
  playback_id: t.string,
  ms_played: t.number,
  ms_stalled: t.number,
  n_stalls: t.number,
  n_seekback: t.number,
  n_seekforward: t.number,
});
export type PlaybackStats = t.TypeOf<typeof PlaybackStats>;

/** spec 001 §7 PUT devices/{deviceId}/state: "response has state_machine, updated_state_ref". */
export const StateUpdateAnswer = t.partial({ state_machine: t.unknown, updated_state_ref: t.union([StateRef, t.null]) });
export type StateUpdateAnswer = t.TypeOf<typeof StateUpdateAnswer>;

/** Two refs exactly alike (paused included). */
export const sameRef = (a: StateRef | null, b: StateRef | null): boolean =>
  a === b || (a !== null && b !== null && a.state_machine_id === b.state_machine_id && a.state_id === b.state_id && a.paused === b.paused);

export interface SubState {
  readonly playback_speed: number;
  readonly position: number;
  readonly duration: number;
  readonly stream_time: number;
}

/** spec 001 §3 State update payload (the reason travels as debug_source). */
export interface StateUpdatePayload {
  readonly seq_num: number;
  readonly state_ref: StateRef | null;
  readonly sub_state: SubState;
  readonly previous_position: number;
  readonly playback_stats: PlaybackStats | null;
  readonly rejected_state_refs: ReadonlyArray<StateRef>;
  readonly debug_source: StateUpdateReason;
}

/** An update before it is numbered: the sender gives it its seq_num as it goes out. */
export type StateUpdate = Omit<StateUpdatePayload, 'seq_num'>;

/** spec 001 §9: "sequence ids wrap at 2^53-1" — after the largest safe integer comes 0. */
export const nextSeq = (seq: number): number => (seq >= MAX_SEQ ? 0 : seq + 1);

/**
 * spec 001 §4: a send is "skipped when identical to the last sent payload". Identity ignores the
 * sequence number (every send has a new one) and compares everything else by value.
 */
export const sameUpdate = (a: StateUpdate | null, b: StateUpdate): boolean => a !== null && JSON.stringify(a) === JSON.stringify(b);

/**
 * spec 001 §7 POST state_conflict "up to 5 rejected refs" (§9 conflict ref batch 5): the refs to
 * send now and those left for the next batch, oldest first.
 */
export function conflictBatch<R>(pending: ReadonlyArray<R>): { readonly batch: ReadonlyArray<R>; readonly rest: ReadonlyArray<R> } {
  return { batch: pending.slice(0, CONFLICT_REF_BATCH), rest: pending.slice(CONFLICT_REF_BATCH) };
}
