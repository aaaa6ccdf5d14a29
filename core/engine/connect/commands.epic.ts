import {
  catchError,
  concat,
  concatMap,
  defer,
  EMPTY,
  filter,
  groupBy,
  map,
  merge,
  mergeMap,
  of,
  race,
  share,
  switchMap,
  take,
  timer,
  type Observable,
} from 'rxjs';
import type { Action } from '../../store/action';
import { notSuccessful } from '../device/track-playback-request';
import { onAnswer } from '../session/retry-on-unauthorised';
import * as A from './actions';
import { checkCommand, type CommandRequest } from './command';
import * as C from './constants';
import type { ConnectDeps, ConnectEpic } from './deps';
import { connectStateOf } from './state';
import { connectCall, jsonBody, message } from './request';

type Ready = { readonly id: string; readonly request: CommandRequest };
type Step = { readonly kind: 'action'; readonly action: Action } | { readonly kind: 'send'; readonly ready: Ready };

const ackIdOf = (body: string): string | null => {
  const raw = jsonBody(body) as { ack_id?: unknown } | null;
  return raw !== null && typeof raw === 'object' && typeof raw.ack_id === 'string' && raw.ack_id !== '' ? raw.ack_id : null;
};

/**
 * spec 001 §7 "Responses may carry ack_id, awaited through a cluster message": acknowledged by a
 * cluster bringing that id (one already seen counts), else timed out after ACK_TIMEOUT_MS.
 */
function awaitAck(action$: Observable<Action>, deps: ConnectDeps, seen: ReadonlyArray<string>, id: string, ackId: string): Observable<Action> {
  if (seen.includes(ackId)) return of(A.commandAcknowledged({ id, ackId }));
  const confirmed$ = action$.pipe(
    filter((a) => (A.clusterUpdated.match(a) || A.clusterIgnored.match(a)) && a.ackId === ackId),
    take(1),
    map(() => A.commandAcknowledged({ id, ackId })),
  );
  const timedOut$ = timer(C.ACK_TIMEOUT_MS, deps.scheduler).pipe(map(() => A.commandTimedOut({ id, ackId, err: C.NOT_ACKNOWLEDGED })));
  return race(confirmed$, timedOut$);
}

const isOptionCommand = (endpoint: string): boolean =>
  endpoint === 'set_shuffling_context' || endpoint === 'set_repeating_context' || endpoint === 'set_repeating_track';

/**
 * spec 001 §4, §5, §7 Remote-control service: a command is checked against the cluster (refused
 * with §5's texts), sent as a player command, transfer or volume, and its ack awaited. Volume
 * changes to one device are debounced 1 s (§9 debounce 1000 ms): only the last of a burst is sent,
 * the others are superseded.
 */
export const connectCommandsEpic: ConnectEpic = (action$, state$, deps) => {
  const send = ({ id, request }: Ready): Observable<Action> =>
    defer(() => connectCall(action$, deps.http, state$.value, { method: request.method, path: request.path, body: request.body })).pipe(
      onAnswer((r): Observable<Action> => {
        if (r.status < 200 || r.status > 299) {
          // spec 001 §8 Remote control: 404 'No such device.'.
          const err = r.status === 404 ? C.NO_SUCH_DEVICE : notSuccessful(r.status);
          return of(A.commandFailed({ id, endpoint: request.endpoint, status: r.status, err }));
        }
        const ackId = ackIdOf(r.body);
        const sent = of(A.commandSent({ id, endpoint: request.endpoint, status: r.status, ackId }));
        return ackId === null
          ? sent
          : concat(
              sent,
              defer(() => awaitAck(action$, deps, connectStateOf(state$.value).ackIds, id, ackId)),
            );
      }),
      catchError((e: unknown) => of(A.commandFailed({ id, endpoint: request.endpoint, status: 0, err: message(e) }))),
    );

  const checked$ = action$.pipe(
    filter(A.commandRequested.match),
    map((a) => ({ id: a.id, endpoint: a.command.endpoint, check: checkCommand(a.command, connectStateOf(state$.value).cluster, deps.device.descriptor.id) })),
    share(),
  );
  const refused$ = checked$.pipe(mergeMap((c) => (c.check.ok ? EMPTY : of(A.commandRefused({ id: c.id, endpoint: c.endpoint, err: c.check.err })))));
  const ready$ = checked$.pipe(mergeMap((c): Ready[] => (c.check.ok ? [{ id: c.id, request: c.check.request }] : [])));
  const immediate$ = ready$.pipe(
    filter((r) => r.request.endpoint !== 'volume' && !isOptionCommand(r.request.endpoint)),
    mergeMap(send),
  );
  // The provider sets an option by reading the user's options and writing them back with one changed, and a repeat
  // step is two commands (set_repeating_context, set_repeating_track): sent together, the second would write back the
  // options the first had not changed yet. Each option command waits for the one before it to be answered and acked.
  const options$ = ready$.pipe(
    filter((r) => isOptionCommand(r.request.endpoint)),
    concatMap(send),
  );
  const volume$ = ready$.pipe(
    filter((r) => r.request.endpoint === 'volume'),
    groupBy((r) => r.request.target),
    mergeMap((group$) =>
      defer(() => {
        let pending: string | null = null;
        return group$.pipe(
          switchMap((ready): Observable<Step> => {
            const superseded: Step[] = pending === null ? [] : [{ kind: 'action', action: A.commandSuperseded({ id: pending, by: ready.id }) }];
            pending = ready.id;
            const fire$ = timer(C.VOLUME_DEBOUNCE_MS, deps.scheduler).pipe(
              map((): Step => {
                pending = null;
                return { kind: 'send', ready };
              }),
            );
            return concat(of(...superseded), fire$);
          }),
          // The send is outside the switch: a later change must not cancel a volume already sent.
          mergeMap((step) => (step.kind === 'action' ? of(step.action) : send(step.ready))),
        );
      }),
    ),
  );
  return merge(refused$, immediate$, options$, volume$);
};
