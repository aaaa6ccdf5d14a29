import * as t from 'io-ts';
import { defineAction } from '../../store/action';

/*
 * The platform flags of spec 000 §3 (isMobile, isSafari, the mobile-app-installed flag,
 * forcePreview) and the rules that hand playback elsewhere or fall back to preview (spec 000 §4
 * PLAY_IN_MOBILE_APP, "Hand-off to the mobile app", "set playback to preview", "Initialization
 * failure"), as actions named as events.
 */

// --- start-up fact (src 'adapter', ui/widget/platform-facts.ts) ---
/**
 * What the browser says about itself at start-up, raw: its user agent, the page's query string
 * (the transfer-playback URI carries it, as the universal link of spec 000 §7 does) and the
 * hand-off cookie (null when absent). The core decides from these (platform/user-agent.ts), so a
 * log shows what the decision was made from, and a replay feeds the same facts back.
 */
export const platformRead = defineAction('widget/platformRead', {
  userAgent: t.string,
  search: t.string,
  handoffCookie: t.union([t.string, t.null]),
});

// --- UI intent (src 'ui') ---
/** The mobile prompt's "play in the app" button (spec 000 §4 PLAY_IN_MOBILE_APP). */
export const playInMobileAppRequested = defineAction('widget/playInMobileAppRequested');

// --- epic decisions ---
/**
 * spec 000 §4 PLAY_IN_MOBILE_APP ("sets the mobile-app-installed flag true") and "Hand-off to the
 * mobile app": the top window goes to `url` (the transfer-playback URI); `setCookie` is true when
 * the app was not detected, and `cookieDomain` is the provider's domain (null: the embed's own host).
 */
export const mobileAppHandoffDecided = defineAction('handoff/mobileAppDecided', {
  url: t.string,
  setCookie: t.boolean,
  cookieDomain: t.union([t.string, t.null]),
});
/** A hand-off step that threw (a cookie the browser refused, a top window that cannot be navigated). */
export const mobileAppHandoffFailed = defineAction('handoff/mobileAppFailed', {
  step: t.keyof({ cookie: null, navigate: null }),
  err: t.string,
});

// --- the full player's start-up (spec 000 §4 Initialization failure) ---
// The engine's initialization and licence failures: core/contract/failures.ts (spec 001 §8).
export { licenseFailed, playerInitFailed } from '../../contract/failures';
/** spec 000 §4: the "set playback to preview" action: sets forcePreview true. `code` says why. */
export const previewForced = defineAction('playback/previewForced', { code: t.string });

// --- spec 000 §7 Universal link (mobile) ---
/** The visitor clicked the metadata (title and subtitle) on a mobile device (UI intent). */
export const metadataClickedOnMobile = defineAction('widget/metadataClickedOnMobile');
/** The top window goes to the universal link: the item's external URL, the page's query and bo=1. */
export const universalLinkDecided = defineAction('handoff/universalLinkDecided', { url: t.string });
