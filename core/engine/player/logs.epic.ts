import { defer } from 'rxjs';
import { mergeMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { logRequested, metricsQueued } from '../tracking/log-actions';
import { playbackStartPayload, playbackStatsPayload, stallPayload, streamVerificationPayload, type LogContext } from '../tracking/payloads';
import { recordOf } from '../tracking/state';
import { stallEnded, stallStarted, trackingFinalised, trackingReleased, trackPlaying } from '../tracking/actions';
import { STALL_MS } from '../media/constants';
import { featureFlagFailed, registrationFailed, stateUpdateFailed } from '../device/actions';
import { playerCommandFailed, productStateFailed } from './actions';
import type { PlayerEpic } from './deps';

/** The metrics this engine sends (spec 001 §3 metric: the names are ours; the spec gives the fields). */
export const TIME_TO_PLAYBACK = 'time_to_playback';
export const REQUEST_FAILURE = 'request_failure';

/** A failed request of the engine's own calls, as a request-failure meter's reason and endpoint. */
function requestFailureOf(a: Action): { readonly reason: string; readonly endpoint: string } | null {
  if (playerCommandFailed.match(a)) return { reason: a.err, endpoint: 'player_command' };
  if (stateUpdateFailed.match(a)) return { reason: a.err, endpoint: 'track_playback_state' };
  if (productStateFailed.match(a)) return { reason: a.err, endpoint: 'product_state' };
  if (featureFlagFailed.match(a)) return { reason: a.err, endpoint: 'feature_flags' };
  // spec 001 §8 Track-playback: "Registration errors are reported unless max-subscription" (report is false for a 429).
  if (registrationFailed.match(a) && a.report) return { reason: a.err, endpoint: 'track_playback_register' };
  return null;
}

/**
 * spec 001 §3 Log payloads, §7 Logging: a playback's start log when it first plays, a stall log
 * when a stall ends, and at its end (finalised) the playback stats and the stream verification
 * (naming the playback that follows, if one started), after which its record is released; the
 * time to playback and failed requests as metrics (batched 10 s by the logging client). The
 * session id of the logs is the client's instance id; sequence ids count this client's logs.
 */
export const logsEpic: PlayerEpic = (action$, state$, deps) =>
  defer(() => {
    const started = new Set<string>();
    const stalls = new Map<string, number>();
    let sequence = 0;
    const context = (): LogContext => ({
      sdkId: deps.player.drm.sdkName,
      platform: 'web_player',
      clientVersion: deps.device.clientVersion,
      sessionId: state$.value.player.instanceId,
    });
    return action$.pipe(
      mergeMap((a): Action[] => {
        const tracking = state$.value.tracking;
        if (trackPlaying.match(a) && !started.has(a.playbackId)) {
          const record = recordOf(tracking, a.playbackId);
          started.add(a.playbackId);
          if (record === null) return [];
          return [
            logRequested({ endpoint: 'jssdk_playback_start', payload: playbackStartPayload(record, context()) }),
            // spec 001 §3 metric timers (what, duration, unit): from the track's load to its first sound.
            metricsQueued({ meters: [], timers: [{ what: TIME_TO_PLAYBACK, duration: a.at - record.loadedAtMs, unit: 'ms' }] }),
          ];
        }
        // spec 001 §8 Generic: failed requests are reported through request-failure metrics.
        const failure = requestFailureOf(a);
        if (failure !== null)
          return [metricsQueued({ meters: [{ what: REQUEST_FAILURE, result: 'failure', reason: failure.reason, endpoint: failure.endpoint }], timers: [] })];
        if (stallStarted.match(a)) {
          stalls.set(a.playbackId, a.at);
          return [];
        }
        if (stallEnded.match(a)) {
          const record = recordOf(tracking, a.playbackId);
          const since = stalls.get(a.playbackId);
          stalls.delete(a.playbackId);
          if (record === null || since === undefined) return [];
          const msStalled = a.at - since;
          const stall = { byteOffset: record.totalBytes, timeOffsetMs: state$.value.media.positionMs, msStalled, timedOut: msStalled > STALL_MS };
          return [logRequested({ endpoint: 'jssdk_stall', payload: stallPayload(record, context(), stall) })];
        }
        if (trackingFinalised.match(a)) {
          const record = recordOf(tracking, a.playbackId);
          if (record === null) return [];
          const next = state$.value.player.playbackId;
          sequence += 2;
          return [
            logRequested({ endpoint: 'jssdk_playback_stats', payload: playbackStatsPayload(record, context(), sequence - 1) }),
            logRequested({
              endpoint: 'track_stream_verification',
              payload: streamVerificationPayload(record, context(), sequence, next === a.playbackId ? null : next),
            }),
            trackingReleased({ playbackId: a.playbackId }),
          ];
        }
        return [];
      }),
    );
  });
