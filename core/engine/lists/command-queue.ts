import { defer, EMPTY, from, map, merge, mergeMap, of, take, type Observable } from 'rxjs';
import { PLAYER_DISABLED } from './constants';

export type Gate<C> = { readonly kind: 'run'; readonly command: C } | { readonly kind: 'refused'; readonly command: C; readonly err: string };

/**
 * spec 001 §4 Client lifecycle: commands are "queued until the local player is enabled"; the
 * player is enabled on registration and disabled on deregistration, abort or an unrecoverable
 * error. Before the first enable commands wait and run in order when it comes; while enabled they
 * run at once; once disabled after that they are refused with spec 001 §8's
 * 'Cannot perform command; local player is disabled.' (until enabled again). `enabled$` must be hot.
 */
export function gateCommands<C>(command$: Observable<C>, enabled$: Observable<boolean>): Observable<Gate<C>> {
  return defer(() => {
    let enabled = false;
    let everEnabled = false;
    let queue: C[] = [];
    type In = { readonly kind: 'command'; readonly command: C } | { readonly kind: 'enabled'; readonly on: boolean };
    const input$ = merge(
      command$.pipe(map((command): In => ({ kind: 'command', command }))),
      enabled$.pipe(map((on): In => ({ kind: 'enabled', on }))),
    );
    return input$.pipe(
      mergeMap((input): Observable<Gate<C>> => {
        if (input.kind === 'enabled') {
          enabled = input.on;
          everEnabled ||= input.on;
          if (!enabled || queue.length === 0) return EMPTY;
          const flushed = queue;
          queue = [];
          return from(flushed.map((command): Gate<C> => ({ kind: 'run', command })));
        }
        if (enabled) return of({ kind: 'run', command: input.command });
        if (everEnabled) return of({ kind: 'refused', command: input.command, err: PLAYER_DISABLED });
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
