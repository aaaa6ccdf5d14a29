import { fromEvent, map, merge, type Observable } from 'rxjs';

/** The browser's online and offline events, as true (online) and false (offline). */
export function createBrowserNetwork(win: Pick<Window, 'addEventListener' | 'removeEventListener'>): Observable<boolean> {
  return merge(fromEvent(win, 'online').pipe(map(() => true)), fromEvent(win, 'offline').pipe(map(() => false)));
}
