import { of, type OperatorFunction } from 'rxjs';
import { catchError, defaultIfEmpty, map, switchMap, take } from 'rxjs/operators';
import type { Ports } from '../../core/ports';
import type { Store } from '../../core/store/store';
import { platformRead } from '../../core/widget/platform/actions';
import { HANDOFF_COOKIE } from '../../core/widget/platform/mobile-handoff';
import type { WidgetState } from '../../core/widget/state';

/** The first value, or `fallback` when the port completes empty or fails. */
function firstOr<T>(fallback: T): OperatorFunction<T, T> {
  return (source$) =>
    source$.pipe(
      take(1),
      defaultIfEmpty(fallback),
      catchError(() => of(fallback)),
    );
}

/**
 * spec 000 §3 platform flags, at the edge: the browser's user agent, the page's query string and the
 * hand-off cookie of spec 000 §4, read once at start-up and dispatched raw as one `src: 'adapter'`
 * fact (widget/platformRead); the core decides mobile, Safari and "app detected" from them
 * (core/widget/platform/), so a replay feeds the same facts back. An unreadable cookie or address
 * counts as absent.
 */
export function bindPlatformFacts(store: Store<WidgetState>, ports: Ports, win: Pick<Window, 'navigator'>): void {
  const cookie$ = ports.host.readCookie(HANDOFF_COOKIE).pipe(firstOr<string | null>(null));
  const search$ = ports.host.location().pipe(
    map((location) => location.search),
    firstOr(''),
  );
  cookie$
    .pipe(switchMap((handoffCookie) => search$.pipe(map((search) => ({ handoffCookie, search })))))
    .subscribe(({ handoffCookie, search }) => store.dispatch(platformRead({ userAgent: win.navigator.userAgent, search, handoffCookie }), 'adapter'));
}
