import { catchError, filter, map, mergeMap, of, switchMap, withLatestFrom } from 'rxjs';
import type { Action } from '../../store/action';
import { authenticated, reconnected } from '../transport/actions';
import * as A from './actions';
import type { DeviceEpic } from './deps';
import { deregistrationSucceeded, needsRegistration, registrationOutcome } from './registration';
import { onAnswer } from '../session/retry-on-unauthorised';
import { DEREGISTER_RETRIES } from './constants';
import { retryStateCall } from './state-call-retry';
import { authorisedTrackPlaybackCall, notSuccessful } from './track-playback-request';
import { nextSeq } from './state-update';
import { scaleVolume } from './volume';

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** spec 001 §4: "re-registers on each new connection id" — the transport's authenticated/reconnected name it. */
export const connectionIdEpic: DeviceEpic = (action$, state$) =>
  action$.pipe(
    filter((a) => authenticated.match(a) || reconnected.match(a)),
    withLatestFrom(state$),
    filter(([a, s]) => needsRegistration(s.device.connectionId, (a as { connectionId: string }).connectionId)),
    map(([a]) => A.registrationRequested({ connectionId: (a as { connectionId: string }).connectionId })),
  );

/**
 * spec 001 §7 POST devices (register): the body of §3 Device registration body (device info,
 * connection_id, client_version, previous_session_state, volume scaled 0..65535). A newer
 * connection id cancels a registration still in flight for the old one.
 */
export const registerEpic: DeviceEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(A.registrationRequested.match),
    withLatestFrom(state$),
    switchMap(([a, s]) => {
      const body = {
        device: deps.device.descriptor,
        connection_id: a.connectionId,
        client_version: deps.device.clientVersion,
        previous_session_state: null,
        volume: scaleVolume(s.device.volume),
      };
      return authorisedTrackPlaybackCall(action$, deps.http, s, { method: 'POST', path: '/devices', body }).pipe(
        onAnswer((r): Action[] => {
          const outcome = registrationOutcome(r.status, r.body);
          if (outcome.ok) return [A.registered({ connectionId: a.connectionId })];
          const { ok: _ok, ...failure } = outcome;
          return [A.registrationFailed(failure)];
        }),
        catchError((e: unknown) => of(A.registrationFailed({ code: 'TP_REGISTRATION_FAILED', err: message(e), fatal: false, report: true }))),
      );
    }),
  );

/**
 * spec 001 §7 DELETE devices/{deviceId} with a body (the last state, numbered); spec 001 §4:
 * deregistered on 200 or 204. §9: retried twice on a failure (no answer or a 5xx).
 */
export const deregisterEpic: DeviceEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(A.deregistrationRequested.match),
    withLatestFrom(state$),
    mergeMap(([, s]) =>
      authorisedTrackPlaybackCall(action$, deps.http, s, {
        method: 'DELETE',
        path: `/devices/${encodeURIComponent(deps.device.descriptor.id)}`,
        body: { seq_num: nextSeq(s.device.lastSeq), state_ref: s.device.stateRef },
        retrying: retryStateCall(DEREGISTER_RETRIES, deps.scheduler),
        // A deregistration is mostly sent as the page goes away (player/page-exit.epic.ts).
        keepalive: true,
      }).pipe(
        onAnswer((r) => [deregistrationSucceeded(r.status) ? A.deregistered() : A.deregistrationFailed({ err: notSuccessful(r.status) })]),
        catchError((e: unknown) => of(A.deregistrationFailed({ err: message(e) }))),
      ),
    ),
  );
