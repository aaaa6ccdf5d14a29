import { concat, defer, EMPTY, map, of, switchMap, tap, type Observable, type OperatorFunction } from 'rxjs';

export type NavigationOutcome<N, R> =
  | { readonly kind: 'done'; readonly navigation: N; readonly result: R }
  /** spec 001 §3 Player result code CANCELLED. */
  | { readonly kind: 'cancelled'; readonly navigation: N };

/**
 * spec 001 §4 List player: "A newer navigation cancels older pending ones". Each navigation runs
 * `perform` (loading the track it lands on); one still pending when a newer one arrives is
 * unsubscribed and reported cancelled, so a late answer for an old track can never win. A
 * navigation is pending until `perform` completes.
 */
export function latestNavigation<N, R>(perform: (navigation: N) => Observable<R>): OperatorFunction<N, NavigationOutcome<N, R>> {
  return (navigation$) =>
    defer(() => {
      let pending: { readonly navigation: N } | null = null;
      return navigation$.pipe(
        switchMap((navigation) => {
          const cancelled: Observable<NavigationOutcome<N, R>> = pending === null ? EMPTY : of({ kind: 'cancelled', navigation: pending.navigation });
          const mine = { navigation };
          pending = mine;
          const done = () => {
            if (pending === mine) pending = null;
          };
          return concat(
            cancelled,
            perform(navigation).pipe(
              tap({ complete: done, error: done }),
              map((result): NavigationOutcome<N, R> => ({ kind: 'done', navigation, result })),
            ),
          );
        }),
      );
    });
}
