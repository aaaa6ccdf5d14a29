import { isRight } from 'fp-ts/Either';
import { catchError, concat, concatMap, defer, EMPTY, filter, map, merge, mergeMap, of, throwError, type Observable } from 'rxjs';
import type { Action } from '../../store/action';
import { commandAction } from './command-action';
import { COMMAND_URI, decodeDeviceCommand } from './remote-command';
import type { StateRef } from './state-ref';
import * as A from './actions';
import type { DeviceEpic } from './deps';
import { sendStateUpdates } from './state-sender';
import { conflictBatch, StateUpdateAnswer, type StateUpdate, type StateUpdatePayload } from './state-update';
import { onAnswer } from '../session/retry-on-unauthorised';
import { CONFLICT_RETRIES, STATE_UPDATE_RETRIES } from './constants';
import { retryStateCall } from './state-call-retry';
import { authorisedTrackPlaybackCall, notSuccessful } from './track-playback-request';
import { debounceVolume, scaleVolume } from './volume';

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));
/** The commands a state_conflict answer carries (`{ commands: [...] }`); an unreadable body carries none. */
function conflictAnswerActions(body: string, current: StateRef | null): Action[] {
  let commands: unknown;
  try {
    commands = (JSON.parse(body) as { commands?: unknown }).commands;
  } catch {
    return [];
  }
  if (!Array.isArray(commands)) return [];
  return commands.flatMap((c: unknown) => {
    const command = decodeDeviceCommand(COMMAND_URI, c);
    return command === null ? [] : [commandAction(command, current)];
  });
}

const devicePath = (id: string, rest: string): string => `/devices/${encodeURIComponent(id)}${rest}`;

/** The answer of a state update (spec 001 §7: state_machine, updated_state_ref), as an action; none for an empty or unreadable body. */
function answerAction(payload: StateUpdatePayload, body: string): Action[] {
  if (body.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return [];
  }
  const answer = StateUpdateAnswer.decode(json);
  if (!isRight(answer) || (answer.right.state_machine === undefined && answer.right.updated_state_ref === undefined)) return [];
  return [
    A.stateUpdateAnswered({
      seq: payload.seq_num,
      sentRef: payload.state_ref,
      updatedRef: answer.right.updated_state_ref ?? null,
      stateMachine: answer.right.state_machine ?? null,
    }),
  ];
}

/**
 * spec 001 §4 State update sends / §7 PUT devices/{deviceId}/state: each requested update is built
 * from the device's state (previous_position: the position before the last change of position, so
 * a repeated position stays an identical payload), with the playback's stats and the refs
 * replace_state rejected since the last update (§3 rejected_state_refs, at most §9's batch of 5),
 * numbered, sent unless identical to the last sent, and queued behind one in flight when limiting
 * is on. The answer's state machine and updated ref come back as stateUpdateAnswered.
 */
export const stateUpdatesEpic: DeviceEpic = (action$, state$, deps) =>
  defer(() => {
    let previousPosition = 0;
    let lastPosition = 0;
    let rejected: ReadonlyArray<StateRef> = [];
    const updates$ = action$.pipe(
      filter((a) => A.stateUpdateRequested.match(a) || A.stateConflicted.match(a)),
      mergeMap((a): StateUpdate[] => {
        if (A.stateConflicted.match(a)) {
          if (a.rejected !== null) rejected = [...rejected, a.rejected];
          return [];
        }
        if (!A.stateUpdateRequested.match(a)) return [];
        if (a.position !== lastPosition) [previousPosition, lastPosition] = [lastPosition, a.position];
        const { batch, rest } = conflictBatch(rejected);
        rejected = rest;
        const device = state$.value.device;
        const update: StateUpdate = {
          state_ref: device.stateRef,
          sub_state: { playback_speed: device.paused ? 0 : 1, position: a.position, duration: a.duration, stream_time: 0 },
          previous_position: previousPosition,
          playback_stats: a.playbackStats,
          rejected_state_refs: batch,
          debug_source: a.reason,
        };
        return [update];
      }),
    );
    // spec 001 §9 State call retries: up to 8, exponential.
    const send = (payload: StateUpdatePayload) =>
      authorisedTrackPlaybackCall(action$, deps.http, state$.value, {
        method: 'PUT',
        path: devicePath(deps.device.descriptor.id, '/state'),
        body: payload,
        retrying: retryStateCall(STATE_UPDATE_RETRIES, deps.scheduler),
      }).pipe(
        onAnswer((r): Observable<number | Action> => {
          if (r.status >= 200 && r.status <= 299) return of<Array<number | Action>>([...answerAction(payload, r.body), r.status]).pipe(mergeMap((out) => out));
          const failed = throwError(() => new Error(notSuccessful(r.status)));
          // The service does not know this device (spec 001 §8 "invalid device id": it lost its
          // registrations, e.g. a provider restarted without them): register again on the live
          // connection, as on a new connection id (§4), so later updates and commands find it. Ours.
          const { connectionId, registration } = state$.value.device;
          if (r.status === 404 && connectionId !== null && registration === 'registered') {
            return concat(of(A.registrationRequested({ connectionId })), failed);
          }
          return failed;
        }),
      );
    return updates$.pipe(
      sendStateUpdates(send, () => state$.value.device.limitStateUpdates, state$.value.device.lastSeq),
      concatMap((r) => {
        if (r.kind === 'skipped') return EMPTY;
        if (r.kind === 'asked') return of(r.action);
        if (r.kind === 'failed') return of(A.stateUpdateFailed({ seq: r.payload.seq_num, err: r.err }));
        return of(A.stateUpdateSent({ seq: r.payload.seq_num, reason: r.payload.debug_source, status: r.status }));
      }),
    );
  });

/**
 * spec 001 §7 POST devices/{deviceId}/state_conflict "(up to 5 rejected refs, reads commands)": the
 * rejected refs, at most 5 per request (§9), one request at a time, retried twice on a failure
 * (§9 State call retries); the commands of the answer are handled like the dealer's.
 */
export const conflictEpic: DeviceEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(A.stateConflicted.match),
    concatMap(() => {
      const { device } = state$.value;
      const { batch } = conflictBatch(device.rejectedRefs);
      if (batch.length === 0) return EMPTY;
      const body = { seq_num: device.lastSeq, state_ref: device.stateRef, rejected_state_refs: batch };
      return authorisedTrackPlaybackCall(action$, deps.http, state$.value, {
        method: 'POST',
        path: devicePath(deps.device.descriptor.id, '/state_conflict'),
        body,
        retrying: retryStateCall(CONFLICT_RETRIES, deps.scheduler),
      }).pipe(
        onAnswer((r): Action[] =>
          r.status >= 200 && r.status <= 299
            ? [A.conflictRefsSent({ refs: [...batch] }), ...conflictAnswerActions(r.body, state$.value.device.stateRef)]
            : [A.conflictSendFailed({ err: notSuccessful(r.status) })],
        ),
        catchError((e: unknown) => of(A.conflictSendFailed({ err: message(e) }))),
      );
    }),
  );

/**
 * spec 001 §7 PUT devices/{deviceId}/volume (seq_num, volume, command_id), volume round(65535 × v):
 * the listener's changes debounced 1 s; a remote set_volume answered at once, naming its command
 * (command_id, the command's message id) so the service knows which command the device carried out.
 */
export const volumeEpic: DeviceEpic = (action$, state$, deps) =>
  merge(
    action$.pipe(
      filter(A.localVolumeChanged.match),
      map((a) => a.volume),
      debounceVolume(deps.scheduler),
      map((volume) => ({ volume, commandId: null as string | null })),
    ),
    action$.pipe(
      filter(A.remoteVolumeSet.match),
      map((a) => ({ volume: scaleVolume(a.volume), commandId: a.commandId })),
    ),
  ).pipe(
    concatMap(({ volume, commandId }) => {
      const { device } = state$.value;
      const body = { seq_num: device.lastSeq, volume, ...(commandId === null ? {} : { command_id: commandId }) };
      return authorisedTrackPlaybackCall(action$, deps.http, state$.value, {
        method: 'PUT',
        path: devicePath(deps.device.descriptor.id, '/volume'),
        body,
      }).pipe(
        onAnswer((r) => [A.volumeSent({ volume, status: r.status })]),
        catchError((e: unknown) => of(A.volumeSendFailed({ err: message(e) }))),
      );
    }),
  );
