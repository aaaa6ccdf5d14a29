/*
 * spec 000 §3 platform flags isMobile and isSafari, from the user agent string the page reports.
 * Pure, so the adapter hands over the raw string and a replay decides the same way. The patterns
 * are the ones widely used embeds test (phones and tablets by their tokens; Safari as WebKit's
 * browser without another browser's token). iPadOS 13+ reports a desktop Mac user agent and is
 * taken for desktop Safari: Safari still forces preview (spec 000 §4 Preview mode).
 */

const MOBILE = /Android|iPhone|iPad|iPod|Mobile|IEMobile|Opera Mini|BlackBerry|webOS/i;
/** Chrome, Chromium, Edge, Opera, Firefox and Android's WebView carry "Safari" too; these tokens tell them apart. */
const NOT_SAFARI = /Chrome|Chromium|CriOS|FxiOS|EdgiOS|Edg\/|OPR\/|OPiOS|Android/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE.test(userAgent);
}

export function isSafariUserAgent(userAgent: string): boolean {
  return /Safari/.test(userAgent) && !NOT_SAFARI.test(userAgent);
}
