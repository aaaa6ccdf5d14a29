import { defer, EMPTY, timer } from 'rxjs';
import { distinctUntilChanged, map, switchMap } from 'rxjs/operators';
import { msPlayedAt, type TrackingRecord } from '../tracking/record';
import { recordOf } from '../tracking/state';
import type { EngineState, PlayerEpic } from './deps';
import { update } from './media-facts.epic';

/** The current playback while its played clock runs, with its track's progress interval. */
interface PlayingClock {
  readonly record: TrackingRecord;
  readonly intervalMs: number;
}

/** The clock changes when playing starts or stops, or banks its time; other record changes (bytes, seeks) leave it. */
const sameClock = (a: PlayingClock | null, b: PlayingClock | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.record.playbackId === b.record.playbackId &&
    a.intervalMs === b.intervalMs &&
    a.record.msPlayed === b.record.msPlayed &&
    a.record.playingSinceMs === b.record.playingSinceMs);

/**
 * The current playback's played clock, when it runs: the tracking record counts only playing
 * time (not paused, stalled or finalised). The interval is that of the record's own track in the
 * machine, so a record of an older machine or track gets none.
 */
export function playingClockOf(state: EngineState): PlayingClock | null {
  const { playbackId, machine } = state.player;
  const record = playbackId === null ? null : recordOf(state.tracking, playbackId);
  if (record === null || record.finalised || record.playingSinceMs === null || machine === null) return null;
  const track = machine.tracks.find((candidate) => candidate.metadata.uri === record.trackUri);
  if (track === undefined || track.ms_playing_update_interval <= 0) return null;
  return { record, intervalMs: track.ms_playing_update_interval };
}

/**
 * spec 001 §4 State update sends, reason 'progress'; §3 State machine tracks: ms_playing_update_interval.
 * A state update every interval of playing time of the current track: the played clock stops
 * while paused, stalled or stopped and goes on where it was on resume; a new track starts from
 * nothing. Each change of the clock reschedules the next update from what has been played, and
 * the updates already sent for the playback are counted, so none is sent twice or skipped.
 */
export const progressUpdatesEpic: PlayerEpic = (_action$, state$, deps) =>
  defer(() => {
    let sent = { playbackId: '', count: 0 };
    return state$.pipe(
      map(playingClockOf),
      distinctUntilChanged(sameClock),
      switchMap((clock) => {
        if (clock === null) return EMPTY;
        const { playbackId } = clock.record;
        if (sent.playbackId !== playbackId) sent = { playbackId, count: 0 };
        const wait = Math.max(0, (sent.count + 1) * clock.intervalMs - msPlayedAt(clock.record, deps.clock.now()));
        return timer(wait, clock.intervalMs, deps.scheduler).pipe(
          map(() => {
            sent = { playbackId, count: sent.count + 1 };
            return update('progress', state$.value, deps.clock.now());
          }),
        );
      }),
    );
  });
