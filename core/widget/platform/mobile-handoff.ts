import type { Action } from '../../store/action';
import { universalLink } from '../universal-link';
import { pauseDecided } from '../actions';
import type { WidgetState } from '../state';
import { mobileAppHandoffDecided } from './actions';

/** spec 000 §4 Hand-off to the mobile app: the hand-off cookie, its value, and §9 its lifetime. */
export const HANDOFF_COOKIE = 'sp_handoff';
export const HANDOFF_COOKIE_VALUE = 'yes';
export const HANDOFF_COOKIE_DAYS = 5000;

/**
 * "App detected": a hand-off cookie from an earlier hand-off (a page cannot ask the phone whether
 * an app is installed; the cookie says that the visitor took the app route before).
 */
export function appDetectedFromCookie(cookie: string | null): boolean {
  return cookie === HANDOFF_COOKIE_VALUE;
}

/** The host name of an absolute http(s) address (no URL class: core/ has no DOM or Node types). */
const HOSTNAME = /^https?:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i;
const IP_OR_SINGLE_LABEL = /^(\d+\.\d+\.\d+\.\d+|\[.*\]|[^.]+)$/;

/**
 * spec 000 §4: the cookie is set "on the provider's domain": the domain of the provider's open host
 * (config.hosts.open), without its first label when it has three or more (open.example.com ->
 * example.com), so every provider subdomain sees it. A relative host ('' in the demo: the page's
 * own server), an IP address or a single-label host (localhost) gives null: a host-only cookie on
 * the embed's own host, which is the provider's (browsers refuse a Domain attribute there).
 */
export function providerCookieDomain(openHost: string): string | null {
  const hostname = HOSTNAME.exec(openHost)?.[1]?.toLowerCase() ?? '';
  if (hostname === '' || IP_OR_SINGLE_LABEL.test(hostname)) return null;
  const labels = hostname.split('.');
  return labels.length >= 3 ? labels.slice(1).join('.') : hostname;
}

/**
 * The transfer-playback URI (spec 000 §4; its form is not given): the universal link of spec 000 §7,
 * the current resource's external URL plus the page's query string and bo=1. That is how widely used
 * embeds hand off on phones: the operating system opens the installed app on it (universal links,
 * app links) and the web player otherwise.
 */
export function transferPlaybackUri(state: WidgetState): string {
  const resource = state.entities[state.resourceUri];
  const external = resource?.external_urls.spotify ?? '';
  return universalLink(external, state.platform.pageSearch);
}

/** spec 000 §4 Play rules: "On mobile with the mobile app installed, play hands off to the app." */
export function handsOffToApp(state: Pick<WidgetState, 'platform'>): boolean {
  return state.platform.isMobile && state.platform.mobileAppInstalled;
}

/**
 * spec 000 §4 Hand-off to the mobile app: "Playback is paused. If the app was not detected, a
 * hand-off cookie with value yes is set for 5000 days on the provider's domain. The top window
 * then navigates to the transfer-playback URI." Read before the decision is reduced (it sets the
 * flag: PLAY_IN_MOBILE_APP).
 */
export function mobileHandoffDecisions(state: WidgetState): Action[] {
  const pause = state.playback.isPlaying ? [pauseDecided()] : [];
  return [
    ...pause,
    mobileAppHandoffDecided({
      url: transferPlaybackUri(state),
      setCookie: !state.platform.mobileAppInstalled,
      cookieDomain: providerCookieDomain(state.config.hosts.open),
    }),
  ];
}
