import { defer, EMPTY, from, map, merge, mergeMap, of, take, type Observable } from 'rxjs';
import { PLAYER_DISABLED } from './constants';

export type Gate<C> = { readonly kind: 'run'; readonly command: C } | { readonly kind: 'refused'; readonly command: C; readonly err: string };

/**
 * Whether the local player takes commands (spec 001 §4 Client lifecycle): pending until the device
 * is registered (and again while it re-registers on a new connection), enabled once registered,
 * disabled on deregistration, abort or an unrecoverable playback error.
 */
export type PlayerAvailability = 'pending' | 'enabled' | 'disabled';

/**
 * spec 001 §4 Client lifecycle: commands are "queued until the local player is enabled"; the
 * player is enabled on registration and disabled on deregistration, abort or an unrecoverable
 * error. While pending, commands wait and run in order when it is enabled; while enabled they run
 * at once; when it is disabled the queued ones and every later one are refused with spec 001 §8's
 * 'Cannot perform command; local player is disabled.' (until it is enabled again). `availability$` must be hot.
 */
export function gateCommands<C>(command$: Observable<C>, availability$: Observable<PlayerAvailability>): Observable<Gate<C>> {
  return defer(() => {
    let availability: PlayerAvailability = 'pending';
    let queue: C[] = [];
    type In = { readonly kind: 'command'; readonly command: C } | { readonly kind: 'availability'; readonly now: PlayerAvailability };
    const input$ = merge(
      command$.pipe(map((command): In => ({ kind: 'command', command }))),
      availability$.pipe(map((now): In => ({ kind: 'availability', now }))),
    );
    return input$.pipe(
      mergeMap((input): Observable<Gate<C>> => {
        if (input.kind === 'availability') {
          availability = input.now;
          if (availability === 'pending' || queue.length === 0) return EMPTY;
          const flushed = queue;
          queue = [];
          return from(
            flushed.map((command): Gate<C> => (availability === 'enabled' ? { kind: 'run', command } : { kind: 'refused', command, err: PLAYER_DISABLED })),
          );
        }
        if (availability === 'enabled') return of({ kind: 'run', command: input.command });
        if (availability === 'disabled') return of({ kind: 'refused', command: input.command, err: PLAYER_DISABLED });
        queue.push(input.command);
        return EMPTY;
      }),
    );
  });
}

/** spec 001 §4 Client lifecycle: "initialised on the first pointer entry or on the first command" — once. */
export function clientInitialisation(pointerEntered$: Observable<unknown>, command$: Observable<unknown>): Observable<'initialised'> {
  return merge(pointerEntered$, command$).pipe(
    take(1),
    map(() => 'initialised' as const),
  );
}
