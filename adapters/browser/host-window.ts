import { Observable, defer, from, map, of } from 'rxjs';
import type { CookieSpec, HostWindowPort, IncomingMessage, Viewport } from '../../core/ports';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Runs a synchronous window call on subscription and emits its result. */
function call<T>(work: () => T): Observable<T> {
  return defer(() => of(work()));
}

/** Listens to one window event while subscribed. */
function windowEvent<E extends Event, T>(win: Window, type: string, project: (event: E) => T): Observable<T> {
  return new Observable<T>((subscriber) => {
    const listener = (event: Event) => subscriber.next(project(event as E));
    win.addEventListener(type, listener);
    return () => win.removeEventListener(type, listener);
  });
}

const viewportOf = (win: Window): Viewport => ({ width: win.innerWidth, height: win.innerHeight });

/** `name=value; expires=...; path=/; domain=...; secure` (spec 001 §9 cookie helper: name, value, days, secure, domain). */
export function cookieString(cookie: CookieSpec, now: number): string {
  const parts = [
    `${encodeURIComponent(cookie.name)}=${encodeURIComponent(cookie.value)}`,
    `expires=${new Date(now + cookie.days * DAY_MS).toUTCString()}`,
    'path=/',
  ];
  if (cookie.domain !== undefined) parts.push(`domain=${cookie.domain}`);
  if (cookie.secure === true) parts.push('secure');
  return parts.join('; ');
}

/** The value of one cookie in a `document.cookie` string, or null. */
export function readCookieValue(cookies: string, name: string): string | null {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    const key = (at === -1 ? pair : pair.slice(0, at)).trim();
    if (key === '' || safeDecode(key) !== name) continue;
    return safeDecode(at === -1 ? '' : pair.slice(at + 1).trim());
  }
  return null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The features string with noopener and noreferrer added (kept once if already there). */
export function withNoOpener(features: string | undefined): string {
  const parts = (features ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !/^no(?:opener|referrer)(?:=.*)?$/i.test(part));
  return [...parts, 'noopener', 'noreferrer'].join(',');
}

/** HostWindowPort over the widget's window: thin calls, raw values, no decisions. */
export function createHostWindow(win: Window): HostWindowPort {
  return {
    location: () => call(() => ({ href: win.location.href, origin: win.location.origin, pathname: win.location.pathname, search: win.location.search })),
    postToParent: (message, targetOrigin) => call(() => (win.parent ?? win).postMessage(message, targetOrigin)),
    // The core refuses what did not come from the embedding window (issue 12); the check needs the
    // live window objects, so it is read here, as a raw fact. A top window has no parent to obey.
    messages$: windowEvent<MessageEvent, IncomingMessage>(win, 'message', (event) => ({
      origin: event.origin,
      data: event.data as unknown,
      fromParent: win.parent !== win && event.source !== null && event.source === win.parent,
    })),
    // Issue 12: a window the widget opens never gets a handle back on the widget (noopener) nor
    // learns the embedding page's address (noreferrer). With noopener the browser answers null
    // even for a window it opened (HTML window open steps), so only a throw says it failed.
    open: (url, name, features) =>
      call(() => {
        win.open(url, name, withNoOpener(features));
        return true;
      }),
    navigateTop: (url) =>
      call(() => {
        (win.top ?? win).location.href = url;
      }),
    readCookie: (name) => call(() => readCookieValue(win.document.cookie, name)),
    writeCookie: (cookie) =>
      call(() => {
        win.document.cookie = cookieString(cookie, Date.now());
      }),
    writeClipboard: (text) =>
      defer(() => {
        const clipboard = win.navigator.clipboard as Clipboard | undefined;
        if (clipboard === undefined) throw new Error('The clipboard is not available.');
        return from(clipboard.writeText(text));
      }).pipe(map(() => undefined)),
    viewport: () => call(() => viewportOf(win)),
    resize$: windowEvent(win, 'resize', () => viewportOf(win)),
  };
}
