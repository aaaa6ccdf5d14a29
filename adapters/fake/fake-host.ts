import { Observable, Subject, defer, of, type SchedulerLike } from 'rxjs';
import type { HostLocation, HostWindowPort, IncomingMessage, Viewport } from '../../core/ports';

export interface FakeHostOptions {
  readonly viewport?: Viewport;
  readonly location?: string;
  /** What open() reports; a popup blocker makes it false. */
  readonly openSucceeds?: boolean;
  /**
   * When given, the clipboard answers on the next turn of this scheduler, as the browser's
   * navigator.clipboard promise does (so a replay regenerates its answer with no cause, as recorded).
   */
  readonly scheduler?: SchedulerLike;
}

export interface FakeHost extends HostWindowPort {
  emitResize(viewport: Viewport): void;
  emitMessage(message: IncomingMessage): void;
  readonly cookies: Map<string, string>;
}

/** The embed's size (spec 000 §7 copy embed code: width 300, height 380). */
export const DEFAULT_VIEWPORT: Viewport = { width: 300, height: 380 };
export const DEFAULT_LOCATION = 'http://localhost/embed/album/4aawyAB9vmqN3uQ7FjRGTy';

function hostLocation(href: string): HostLocation {
  const url = new URL(href);
  return { href: url.href, origin: url.origin, pathname: url.pathname, search: url.search };
}

/** A HostWindowPort that records every outward call in `calls` as a short line. */
export function createFakeHost(calls: string[], options: FakeHostOptions = {}): FakeHost {
  let viewport = options.viewport ?? DEFAULT_VIEWPORT;
  const resize$ = new Subject<Viewport>();
  const messages$ = new Subject<IncomingMessage>();
  const cookies = new Map<string, string>();
  const location = hostLocation(options.location ?? DEFAULT_LOCATION);
  const record = <T>(line: string, value: T, effect?: () => void): Observable<T> =>
    defer(() => {
      calls.push(line);
      effect?.();
      return of(value);
    });
  return {
    cookies,
    location: () => of(location),
    postToParent: (message, targetOrigin) => record(`postToParent ${targetOrigin} ${JSON.stringify(message)}`, undefined),
    messages$: messages$.asObservable(),
    open: (url, name, features) => record(`open ${url} ${name}${features === undefined ? '' : ` ${features}`}`, options.openSucceeds ?? true),
    navigateTop: (url) => record(`navigateTop ${url}`, undefined),
    readCookie: (name) => defer(() => of(cookies.get(name) ?? null)),
    writeCookie: (cookie) => record(`writeCookie ${cookie.name}=${cookie.value} days=${cookie.days}`, undefined, () => cookies.set(cookie.name, cookie.value)),
    writeClipboard: (text) => {
      const { scheduler } = options;
      if (scheduler === undefined) return record(`writeClipboard ${text}`, undefined);
      return new Observable<void>((subscriber) => {
        calls.push(`writeClipboard ${text}`);
        const answer = scheduler.schedule(() => {
          subscriber.next();
          subscriber.complete();
        });
        return () => answer.unsubscribe();
      });
    },
    viewport: () => defer(() => of(viewport)),
    resize$: resize$.asObservable(),
    emitResize: (next) => {
      viewport = next;
      resize$.next(next);
    },
    emitMessage: (message) => messages$.next(message),
  };
}
