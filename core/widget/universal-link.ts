/**
 * spec 000 §7 Universal link (mobile): the item's external URL plus the current query string and
 * an added bo=1 parameter. `search` is the page's location.search ('' or '?a=b'). On its own (not
 * in links.ts, which re-exports it) so that the mobile hand-off, which is in the initial bundle,
 * does not pull the URI grammar in with the other links.
 */
export function universalLink(externalUrl: string, search: string): string {
  const own = search.replace(/^\?/, '');
  const params = [own, 'bo=1'].filter((part) => part !== '').join('&');
  return `${externalUrl}${externalUrl.includes('?') ? '&' : '?'}${params}`;
}
