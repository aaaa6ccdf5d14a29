import { asyncScheduler, defer, lastValueFrom, ReplaySubject, type Observable } from 'rxjs';
import { retryLazyScript } from '../../core/widget/lazy-script-retry';

export type Extras = typeof import('./extras');

const loaded = new ReplaySubject<Extras>(1);
let loading: Promise<Extras> | undefined;

/**
 * Fetches the widget's lazy chunk (ui/widget/extras.ts) once. `extrasLoaded$` hears it before the
 * caller's own `then` runs, so the chunk's epics listen before any of its views can dispatch.
 *
 * A failed fetch (a network blip, a deploy that swapped the files) is tried again with backoff
 * (core/widget/lazy-script-retry.ts); if every attempt fails the promise rejects and is forgotten,
 * so the next caller (a later click) starts a new round instead of meeting the old rejection.
 * Each attempt is a plain import() of the same URL: Chromium does not keep a failed module fetch in
 * its module map and fetches it again on the next import() (e2e/lazy-chunk-failure.test.ts counts the
 * requests; a probe of Chromium 156 found the same for a file the failed module imports). A
 * cache-busting query would not reach such files (their URLs are written in the chunk) and could
 * evaluate the chunk's module twice, with two copies of its epics.
 */
export function loadExtras(): Promise<Extras> {
  loading ??= lastValueFrom(defer(() => import('./extras')).pipe(retryLazyScript(asyncScheduler))).then(
    (extras) => {
      loaded.next(extras);
      return extras;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** The chunk if it is there already, for a part to render in the same commit as its state. */
export function loadedExtras(): Extras | undefined {
  let now: Extras | undefined;
  loaded.subscribe((extras) => (now = extras)).unsubscribe();
  return now;
}

/** Emits the chunk once something has loaded it; never loads it itself. */
export const extrasLoaded$: Observable<Extras> = loaded.asObservable();
