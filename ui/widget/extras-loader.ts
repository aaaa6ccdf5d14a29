import { ReplaySubject, type Observable } from 'rxjs';

export type Extras = typeof import('./extras');

const loaded = new ReplaySubject<Extras>(1);
let loading: Promise<Extras> | undefined;

/**
 * Fetches the widget's lazy chunk (ui/widget/extras.ts) once. `extrasLoaded$` hears it before the
 * caller's own `then` runs, so the chunk's epics listen before any of its views can dispatch.
 */
export function loadExtras(): Promise<Extras> {
  loading ??= import('./extras').then((extras) => {
    loaded.next(extras);
    return extras;
  });
  return loading;
}

/** Emits the chunk once something has loaded it; never loads it itself. */
export const extrasLoaded$: Observable<Extras> = loaded.asObservable();
