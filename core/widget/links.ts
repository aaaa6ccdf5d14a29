import type { EmbedConfig } from '../model/embed-data';
import { openUrl as openUrlOf, parseUri } from '../model/uri';

/*
 * The links the widget builds (spec 000 §7 "Links built"). Pure: every host comes from the page
 * config (the provider's hosts, which the reference server sets to itself, so each link works in
 * the demo). Unit tables in links.test.ts. Only lazily loaded UI (the modals, the share dialog)
 * builds links (into hrefs, or into the intents it dispatches: share/actions.ts), so none of this
 * is in the widget's initial bundle. The share windows and the embed code are in
 * share/share-links.ts.
 */

type Hosts = EmbedConfig['hosts'];

const trim = (host: string): string => host.replace(/\/+$/, '');
const q = encodeURIComponent;

/** spec 000 §7 Open URL: the public web player host plus the item's type and id. */
export function openUrl(hosts: Pick<Hosts, 'open'>, uri: string): string {
  return openUrlOf(hosts.open, parseUri(uri));
}

/**
 * spec 000 §7 Sign-up link: the provider's sign-up page with an embed creation flow, source and
 * campaign parameters and a forward URL holding the open URL.
 */
export function signUpUrl(hosts: Pick<Hosts, 'accounts'>, openUrl: string): string {
  return `${trim(hosts.accounts)}/signup?flow_id=embed&utm_source=embed_player&utm_campaign=embed_v2&forward_url=${q(openUrl)}`;
}

/** spec 000 §7 Login link: the provider's accounts login page with source parameters and a continue URL. */
export function loginUrl(hosts: Pick<Hosts, 'accounts'>, openUrl: string): string {
  return `${trim(hosts.accounts)}/login?utm_source=embed_player&utm_medium=embed_v2&continue=${q(openUrl)}`;
}

/** spec 000 §2 Routes / §7 Desktop hand-off: `product` is always embed_v2. */
export const GO_PRODUCT = 'embed_v2';

/**
 * spec 000 §7 Desktop hand-off: a new window on path /go with parameters uri and product=embed_v2;
 * for anonymous users also a redirect parameter holding the sign-up link. `loggedIn` is spec 000
 * §6's: the logged-in flag and an access token.
 */
export function goUrl(hosts: Pick<Hosts, 'open' | 'accounts'>, uri: string, loggedIn: boolean): string {
  const base = `${trim(hosts.open)}/go?uri=${q(uri)}&product=${GO_PRODUCT}`;
  return loggedIn ? base : `${base}&redirect=${q(signUpUrl(hosts, openUrl(hosts, uri)))}`;
}

/** spec 000 §7 Universal link (mobile): in its own module (see there). */
export { universalLink } from './universal-link';
