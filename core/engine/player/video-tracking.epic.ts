import { defer, mergeMap } from 'rxjs';
import type { Action } from '../../store/action';
import { mediaElementFact } from '../media/actions';
import { bitrateChanged, bytesReceived, videoTracked } from '../tracking/actions';
import { videoSegmentAppended, videoStarted, videoSwitched } from '../video/actions';
import type { PlayerEpic } from './deps';

/** A profile switch waiting for the playhead to reach its segment. */
interface PendingSwitch {
  readonly playId: number;
  readonly startMs: number;
  readonly bitrate: number;
}

/** The switches the playhead of load `playId` at `positionMs` has reached, and those still ahead (switches of other loads are dropped). */
export function dueSwitches(pending: readonly PendingSwitch[], playId: number, positionMs: number): { due: PendingSwitch[]; ahead: PendingSwitch[] } {
  const mine = pending.filter((s) => s.playId === playId);
  return { due: mine.filter((s) => positionMs >= s.startMs), ahead: mine.filter((s) => positionMs < s.startMs) };
}

/**
 * Issue 18, spec 001 §3 tracking record of a video track: its video codec and start bitrate (video
 * plus audio, as §9 sums them) when the video starts; its bitrate follows each profile switch from
 * the moment the playhead reaches the switched segment (streamVideo switches ahead of it), so the
 * time-weighted bitrate weighs what was played; every segment counts in the bytes and CDN stats.
 */
export const videoTrackingEpic: PlayerEpic = (action$, state$, deps) =>
  defer(() => {
    let pending: PendingSwitch[] = [];
    return action$.pipe(
      mergeMap((a): Action[] => {
        const { player, media } = state$.value;
        const { playbackId } = player;
        if (playbackId === null) return [];
        if (videoStarted.match(a)) {
          pending = [];
          return [videoTracked({ playbackId, at: deps.clock.now(), videoCodec: a.videoCodec, bitrate: a.bitrate })];
        }
        if (videoSwitched.match(a)) {
          pending = [...pending, { playId: a.playId, startMs: a.startMs, bitrate: a.bitrate }];
          return [];
        }
        if (videoSegmentAppended.match(a)) return [bytesReceived({ playbackId, url: a.cdn, bytes: a.bytes, durationMs: a.elapsedMs })];
        if (!mediaElementFact.match(a) || a.kind !== 'timeupdate' || pending.length === 0) return [];
        const { due, ahead } = dueSwitches(pending, media.playId, media.positionMs);
        pending = ahead;
        if (due.length === 0) return [];
        const at = deps.clock.now();
        return due.map((s) => bitrateChanged({ playbackId, at, bitrate: s.bitrate }));
      }),
    );
  });
