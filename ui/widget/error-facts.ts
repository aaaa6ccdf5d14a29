import { of } from 'rxjs';
import { catchError, defaultIfEmpty, take } from 'rxjs/operators';
import { USER_ID_COOKIE } from '../../core/logging/user-id-cookie';
import type { Ports } from '../../core/ports';
import type { Store } from '../../core/store/store';
import { errorCaught, errorReporterContextRead } from '../../core/widget/actions';
import type { WidgetState } from '../../core/widget/state';

/** What a thrown value says about itself: its message ('' when none) and its stack ('' when none). */
export function describeThrown(thrown: unknown, fallbackStack = ''): { message: string; stack: string } {
  if (thrown instanceof Error) return { message: thrown.message, stack: thrown.stack ?? fallbackStack };
  if (typeof thrown === 'string') return { message: thrown, stack: fallbackStack };
  return { message: '', stack: fallbackStack };
}

/**
 * spec 000 §7 error-reporting service, at the edge: its start-up context (the user id cookie,
 * navigator.webdriver for "skipped inside a headless-browser test harness", the page's host) and the
 * page's uncaught errors and unhandled rejections, all as `src: 'adapter'` facts, so that a replay
 * feeds them back. Returns the function that removes the listeners.
 */
export function bindErrorFacts(store: Store<WidgetState>, ports: Ports, win: Window): () => void {
  ports.host
    .readCookie(USER_ID_COOKIE)
    .pipe(
      take(1),
      defaultIfEmpty(null),
      catchError(() => of(null)),
    )
    .subscribe((userId) =>
      store.dispatch(errorReporterContextRead({ userId, automated: win.navigator.webdriver === true, pageHost: win.location.host }), 'adapter'),
    );
  const onError = (event: ErrorEvent) => {
    const where = event.filename === '' ? '' : `at ${event.filename}:${event.lineno}:${event.colno}`;
    const thrown = describeThrown(event.error, where);
    store.dispatch(errorCaught({ message: thrown.message === '' ? event.message : thrown.message, stack: thrown.stack }), 'adapter');
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    store.dispatch(errorCaught(describeThrown(event.reason)), 'adapter');
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
