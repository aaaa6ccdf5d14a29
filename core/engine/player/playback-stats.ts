import type { PlaybackStats } from '../device/state-update';
import { msPlayedAt } from '../tracking/record';
import { recordOf } from '../tracking/state';
import type { EngineState } from './deps';

/**
 * spec 001 §3 State update payload playback_stats: the current playback's tracking record (§3
 * tracking record) so far, at `now`; null when nothing has started playing.
 */
export function playbackStatsOf(state: EngineState, now: number): PlaybackStats | null {
  const playbackId = state.player.playbackId;
  const record = playbackId === null ? null : recordOf(state.tracking, playbackId);
  if (record === null) return null;
  return {
    playback_id: record.playbackId,
    ms_played: msPlayedAt(record, now),
    ms_stalled: record.msStalledTotal,
    n_stalls: record.nStalls,
    n_seekback: record.nSeekBack,
    n_seekforward: record.nSeekForward,
  };
}
