/**
 * Where to send a visitor after logging in or signing up: the continue (login) or forward_url
 * (sign-up) parameter of the widget's links (spec 000 §7), only when it points at one of the
 * provider's own origins; anything else goes to '/'. No open redirect.
 *
 * The value is resolved the way a browser would (WHATWG URL: backslashes, tabs and newlines in
 * '/\evil', '/\t/evil' turn into '//evil'), then checked by origin. The answer is the path form
 * ('/album/x?y#z'), which never starts with '//' (that would be read as another host).
 */
export function safeContinue(value: unknown, ownOrigins: ReadonlyArray<string>): string {
  const url = ownUrl(value, ownOrigins);
  return url === null ? '/' : `${url.pathname}${url.search}${url.hash}`;
}

/** `value` read as a browser would, relative to the first own origin; null unless it stays on one. */
export function ownUrl(value: unknown, ownOrigins: ReadonlyArray<string>): URL | null {
  const base = ownOrigins[0];
  if (typeof value !== 'string' || value === '' || base === undefined) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!ownOrigins.includes(url.origin)) return null;
  if (url.pathname.startsWith('//')) return null;
  return url;
}
