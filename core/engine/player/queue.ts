import { catchError, filter, mergeMap, of, take, type Observable } from 'rxjs';
import type { Action } from '../../store/action';
import { commandRequested } from '../connect/actions';
import type { QueueTrack } from '../connect/command';
import { PLAYER_COMMAND_PATH } from '../connect/constants';
import { connectStateOf } from '../connect/state';
import { notSuccessful, SPCLIENT_CALLER, spclientRequest } from '../device/track-playback-request';
import { NO_CURRENT_STATE } from '../lists/constants';
import { onAnswer, retryOnUnauthorised } from '../session/retry-on-unauthorised';
import * as P from './actions';
import type { EngineState, PlayerEpic } from './deps';
import { failureText } from './failure-text';

/*
 * spec 001 §4 Playback actions: add to queue. The queue is the provider's (spec 001 §7 set_queue):
 * the track goes after the tracks queued before it, ahead of the rest of the context, whether this
 * engine plays or another device does. The set_queue names its tracks' providers, so the provider
 * keeps the context going after them (server/connect-state/commands.ts queuedMachineTracks): a
 * controller sees at most 5 next tracks (spec 001 §9) and cannot list the whole context.
 */

export type QueueDecision =
  | { readonly kind: 'remote'; readonly target: string; readonly nextTracks: QueueTrack[] }
  | { readonly kind: 'local'; readonly nextTracks: QueueTrack[] }
  | { readonly kind: 'refused'; readonly err: string };

const queued = (uri: string): QueueTrack => ({ uri, provider: 'queue' });

/**
 * Where the queue is and what set_queue sends: another active device's (from its cluster: its
 * queued next tracks, the new one, then the context tracks it shows), else this engine's own state
 * (the queued tracks after the current one in its list's play order, then the new one; the provider
 * adds the context), else nothing plays ('No current state.', spec 001 §8 Client state).
 */
export function queueDecision(state: EngineState, localId: string, uri: string): QueueDecision {
  const cluster = connectStateOf(state).cluster;
  const active = cluster?.active_device_id ?? null;
  const remote = cluster?.player_state ?? null;
  if (active !== null && active !== localId && remote !== null && remote.track !== null) {
    const next = remote.next_tracks;
    const ahead = next.findIndex((t) => t.provider !== 'queue');
    const queue = ahead < 0 ? next : next.slice(0, ahead);
    const context = ahead < 0 ? [] : next.slice(ahead);
    return {
      kind: 'remote',
      target: active,
      nextTracks: [...queue.map((t) => queued(t.uri)), queued(uri), ...context.map((t): QueueTrack => ({ uri: t.uri, provider: 'context' }))],
    };
  }
  const { machine, trackIndex } = state.player;
  const { list } = state;
  if (machine === null || trackIndex === null) return { kind: 'refused', err: NO_CURRENT_STATE };
  const queue: QueueTrack[] = [];
  for (const index of list.order.slice(list.position + 1)) {
    const track = machine.tracks[index];
    if (track?.metadata.provider !== 'queue') break;
    queue.push(queued(track.metadata.uri));
  }
  return { kind: 'local', nextTracks: [...queue, queued(uri)] };
}

/** Add to queue: to another device through the remote-control client, here through the provider's set_queue to this device. */
export const queueEpic: PlayerEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(P.queueRequested.match),
    mergeMap((a): Observable<Action> => {
      const localId = deps.device.descriptor.id;
      const decision = queueDecision(state$.value, localId, a.uri);
      if (decision.kind === 'refused') return of(P.commandRefused({ command: a.type, err: decision.err }));
      if (decision.kind === 'remote') {
        return of(commandRequested({ id: a.id, command: { endpoint: 'set_queue', target: decision.target, args: { next_tracks: decision.nextTracks } } }));
      }
      const id = encodeURIComponent(localId);
      const body = { command: { endpoint: 'set_queue', next_tracks: decision.nextTracks } };
      const transport = state$.value.transport;
      // spec 001 §8 Resolve/transport: a 401 refreshes the token and the command is sent once more.
      const send = (token: string | null) => spclientRequest(deps.http, transport, token, 'POST', `${PLAYER_COMMAND_PATH}/${id}/to/${id}`, body).pipe(take(1));
      return retryOnUnauthorised(action$, SPCLIENT_CALLER, state$.value.session.accessToken, send).pipe(
        onAnswer((r): Action[] => [
          r.status >= 200 && r.status <= 299
            ? P.playerCommandSent({ endpoint: 'set_queue', status: r.status })
            : P.playerCommandFailed({ endpoint: 'set_queue', err: notSuccessful(r.status) }),
        ]),
        catchError((err: unknown) => of(P.playerCommandFailed({ endpoint: 'set_queue', err: failureText(err) }))),
      );
    }),
  );
