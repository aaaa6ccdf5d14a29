import { defer } from 'rxjs';
import { mergeMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { registered, stateUpdateFailed } from '../device/actions';
import { drmFailed, licenceRequestRetried } from '../drm/actions';
import { fragmentRetried, fragmentStalled, fragmentUrlFallback, mediaLoadRequested, mediaPlayerFailed, storageResolveRetried } from '../media/actions';
import {
  latencyMeasured,
  playbackErrored,
  playbackWarned,
  trackingFinalised,
  trackingReleased,
  trackingStarted,
  trackPaused,
  trackPlaying,
  stallStarted,
} from '../tracking/actions';
import {
  clientEventPayload,
  elapsedTimePayload,
  intervalTimerPayload,
  playbackErrorMessage,
  problemPayload,
  timerPayload,
  type ErrorSource,
} from '../tracking/diagnostic-payloads';
import { logRequested } from '../tracking/log-actions';
import type { LogContext } from '../tracking/payloads';
import { recordOf } from '../tracking/state';
import { authenticated, authenticationFailed, connectionFailed } from '../transport/actions';
import { clientInitialised } from './actions';
import { clientEventNameOf } from './client-events';
import type { EngineDeps, EngineState, PlayerEpic } from './deps';
import { isLatencyEdge, latencyStep, type LatencyStarts } from './latencies';

/** A warning of the media or DRM pipeline: playback goes on (spec 001 §8 Fragment "with a warning"; retries of §7). */
function warningOf(a: Action): { readonly type: string; readonly message: string } | null {
  if (fragmentUrlFallback.match(a)) return { type: 'FRAGMENT_URL_FALLBACK', message: a.warning };
  if (fragmentRetried.match(a)) return { type: a.code, message: a.message };
  if (fragmentStalled.match(a)) return { type: 'FRAGMENT_STALLED', message: `Fragment ${a.index} fetch over ${a.afterMs} ms` };
  if (storageResolveRetried.match(a)) return { type: a.code, message: a.message };
  if (licenceRequestRetried.match(a)) return { type: 'EME_LICENSE_REQUEST_RETRIED', message: a.err };
  return null;
}

/** An error to log as an exception (spec 001 §8): the player's (harmony) or the dealer connection's (transport). */
function errorOf(a: Action): { readonly source: ErrorSource; readonly code: string; readonly message: string; readonly fatal: boolean } | null {
  if (mediaPlayerFailed.match(a) || drmFailed.match(a))
    return { source: 'harmony', code: a.code, message: playbackErrorMessage(a.code, a.message), fatal: a.fatal };
  if (connectionFailed.match(a)) return { source: 'transport', code: 'TRANSPORT_CONNECTION_FAILED', message: a.err, fatal: true };
  if (authenticationFailed.match(a)) return { source: 'transport', code: 'TRANSPORT_AUTHENTICATION_FAILED', message: a.err, fatal: true };
  return null;
}

/** The client-event source of spec 001 §3 (ours): the dealer connection's events are the transport's, the rest the player's. */
const TRANSPORT_EVENTS: ReadonlySet<string> = new Set(['connected', 'reconnecting', 'reconnected', 'disconnected', 'authenticated']);

const context = (deps: EngineDeps, state: EngineState): LogContext => ({
  sdkId: deps.player.drm.sdkName,
  platform: 'web_player',
  clientVersion: deps.device.clientVersion,
  sessionId: state.player.instanceId,
});

/**
 * The logs of spec 001 §7 Logging that are not the playback's own (logs.epic.ts), where the
 * engine has the facts:
 * - client_event: the client events of §4 (buffering left to the stall logs) and §7's
 *   'unsent-state-update' when a state update could not be sent;
 * - jssdk_warning: each warning of the pipeline (counted in the record's n_warnings too);
 * - jssdk_error: playback errors as exceptions with §8's PLAYBACK_ERROR prefix (and the
 *   playback's had_error), the transport's failures with source transport;
 * - elapsed_time: from the client's start to its authentication, its device registration and its first sound;
 * - jssdk_timer: a track's load to its first sound, broken down by the latencies measured so far;
 * - jssdk_interval_timer: at a playback's end, the stretches it played (ms from its load).
 * It also measures §3's latencies (latencies.ts) on the injected clock.
 */
export const diagnosticsEpic: PlayerEpic = (action$, state$, deps) =>
  defer(() => {
    let startedAt: number | null = null;
    const elapsedSent = new Set<string>();
    let starts: LatencyStarts = {};
    const playing = new Map<string, { since: number | null; intervals: Array<{ start: number; end: number }> }>();
    const timed = new Set<string>();

    const elapsed = (event: string, now: number): Action[] => {
      if (startedAt === null || elapsedSent.has(event)) return [];
      elapsedSent.add(event);
      return [logRequested({ endpoint: 'elapsed_time', payload: elapsedTimePayload(context(deps, state$.value), event, now - startedAt) })];
    };
    const closeStretch = (playbackId: string, at: number): void => {
      const entry = playing.get(playbackId);
      const loadedAt = recordOf(state$.value.tracking, playbackId)?.loadedAtMs ?? at;
      if (entry?.since === null || entry === undefined) return;
      entry.intervals.push({ start: entry.since - loadedAt, end: at - loadedAt });
      entry.since = null;
    };

    return action$.pipe(
      mergeMap((a): Action[] => {
        const state = state$.value;
        const playbackId = state.player.playbackId;
        const out: Action[] = [];
        if (clientInitialised.match(a)) startedAt = deps.clock.now();
        if (trackingStarted.match(a)) playing.set(a.playbackId, { since: null, intervals: [] });
        // A playback's latencies start from its load, which comes just before its trackingStarted
        // (track.epic.ts): the load, not the record, begins them, and before any playback exists.
        if (mediaLoadRequested.match(a)) starts = {};
        if (isLatencyEdge(a)) {
          const step = latencyStep(starts, a, deps.clock.now());
          starts = step.starts;
          if (playbackId !== null) for (const [name, ms] of step.measured) out.push(latencyMeasured({ playbackId, name, ms }));
        }
        const name = clientEventNameOf(a);
        if (name !== null && name !== 'buffering_start' && name !== 'buffering_end') {
          const source = TRANSPORT_EVENTS.has(name) ? 'transport' : 'harmony';
          out.push(logRequested({ endpoint: 'client_event', payload: clientEventPayload(context(deps, state), source, name, { playback_id: playbackId }) }));
        }
        // spec 001 §7 Logging: "A client event 'unsent-state-update' exists".
        if (stateUpdateFailed.match(a)) {
          out.push(
            logRequested({
              endpoint: 'client_event',
              payload: clientEventPayload(context(deps, state), 'harmony', 'unsent-state-update', { seq: a.seq, err: a.err }),
            }),
          );
        }
        const warning = warningOf(a);
        if (warning !== null) {
          if (playbackId !== null) out.push(playbackWarned({ playbackId }));
          out.push(
            logRequested({
              endpoint: 'jssdk_warning',
              payload: problemPayload(context(deps, state), 'harmony', warning.type, warning.message, { playback_id: playbackId }),
            }),
          );
        }
        const error = errorOf(a);
        if (error !== null) {
          // A media failure marks the playback already (media-facts.epic.ts); a DRM one is marked here.
          if (drmFailed.match(a) && playbackId !== null) out.push(playbackErrored({ playbackId }));
          out.push(
            logRequested({
              endpoint: 'jssdk_error',
              payload: problemPayload(context(deps, state), error.source, 'exception', error.message, {
                code: error.code,
                fatal: error.fatal,
                playback_id: playbackId,
              }),
            }),
          );
        }
        if (authenticated.match(a)) out.push(...elapsed('transport_authenticated', a.at));
        if (registered.match(a)) out.push(...elapsed('device_registered', deps.clock.now()));
        if (trackPlaying.match(a)) {
          out.push(...elapsed('first_audio', a.at));
          const entry = playing.get(a.playbackId);
          if (entry !== undefined && entry.since === null) entry.since = a.at;
          const record = recordOf(state.tracking, a.playbackId);
          if (record !== null && !timed.has(a.playbackId)) {
            timed.add(a.playbackId);
            const breakdown = Object.entries(record.latencies).map(([latency, ms]) => ({ name: latency, ms: ms ?? 0 }));
            out.push(
              logRequested({
                endpoint: 'jssdk_timer',
                payload: timerPayload(context(deps, state), 'track_load', a.at - record.loadedAtMs, breakdown, { playback_id: a.playbackId }),
              }),
            );
          }
        }
        if (trackPaused.match(a) || stallStarted.match(a)) closeStretch(a.playbackId, a.at);
        if (trackingFinalised.match(a)) {
          closeStretch(a.playbackId, a.at);
          const entry = playing.get(a.playbackId);
          if (entry !== undefined)
            out.push(
              logRequested({ endpoint: 'jssdk_interval_timer', payload: intervalTimerPayload(context(deps, state), 'playing', a.playbackId, entry.intervals) }),
            );
        }
        if (trackingReleased.match(a)) {
          playing.delete(a.playbackId);
          timed.delete(a.playbackId);
        }
        return out;
      }),
    );
  });
