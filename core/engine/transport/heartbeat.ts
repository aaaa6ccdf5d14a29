import { concat, defer, filter, map, mergeMap, of, race, repeat, take, takeWhile, timer, type Observable, type SchedulerLike } from 'rxjs';
import { HEARTBEAT_PING_MS, HEARTBEAT_TIMEOUT_MS } from './constants';

export type Beat = 'ping' | 'timeout';

/**
 * spec 001 §9 Heartbeat ping first / timeout 30000 ms / 10000 ms. Subscribed when the socket
 * opens: 30000 ms later it asks for a ping; a pong within 10000 ms starts the next 30000 ms wait,
 * none gives 'timeout' (the caller closes with 4001 and reconnects) and the beat ends.
 * `pong$` must be hot: pongs are only listened for after a ping.
 */
export function heartbeat(pong$: Observable<unknown>, scheduler: SchedulerLike): Observable<Beat> {
  const answer$ = race(
    pong$.pipe(
      take(1),
      map(() => 'pong' as const),
    ),
    timer(HEARTBEAT_TIMEOUT_MS, scheduler).pipe(map(() => 'timeout' as const)),
  );
  const cycle$ = defer(() => timer(HEARTBEAT_PING_MS, scheduler)).pipe(mergeMap(() => concat(of('ping' as const), answer$)));
  return cycle$.pipe(
    repeat(),
    takeWhile((beat) => beat !== 'timeout', true),
    filter((beat): beat is Beat => beat !== 'pong'),
  );
}
