import { formatUri, parseUri } from '../../model/uri';

/*
 * The share dialog's links (spec 000 §7 "Links built": share windows, copy embed code). Pure; used
 * by the lazily loaded dialog (ui/share/share-dialog.tsx), which puts what it built into the
 * visitor's intent, so none of this is in the widget's initial bundle. Unit tables beside it.
 */

const trim = (host: string): string => host.replace(/\/+$/, '');
const q = encodeURIComponent;

/** The four share windows of spec 000 §7 (the social network, messaging app, microblog, chat app). */
export const SHARE_TARGETS = ['facebook', 'messenger', 'twitter', 'whatsapp'] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

export interface ShareWindow {
  readonly url: string;
  /** The window's features (its size); null opens a plain new tab. */
  readonly features: string | null;
}

const sized = (width: number, height: number): string => `width=${width},height=${height},resizable=yes,scrollbars=yes`;

/** spec 000 §7 Share windows, with their sizes and hashtags; `url` is the item's open URL. */
export function shareWindow(target: ShareTarget, url: string, isMobile: boolean): ShareWindow {
  switch (target) {
    // spec 000 §7: a social network share (640x551) carrying the URL plus hashtag #NowPlaying.
    case 'facebook':
      return { url: `https://www.facebook.com/sharer/sharer.php?u=${q(url)}&hashtag=${q('#NowPlaying')}`, features: sized(640, 551) };
    // spec 000 §7: a messaging app (996x550; on mobile the app link).
    case 'messenger':
      return isMobile
        ? { url: `fb-messenger://share/?link=${q(url)}`, features: null }
        : { url: `https://www.facebook.com/dialog/send?link=${q(url)}&redirect_uri=${q(url)}`, features: sized(996, 550) };
    // spec 000 §7: a microblogging service (640x300, hashtag NowPlaying).
    case 'twitter':
      return { url: `https://twitter.com/intent/tweet?url=${q(url)}&hashtags=NowPlaying`, features: sized(640, 300) };
    // spec 000 §7: a chat app text share (no size given: a plain new tab).
    case 'whatsapp':
      return { url: `https://api.whatsapp.com/send?text=${q(url)}`, features: null };
  }
}

/** spec 000 §9 Embed iframe size: 300 x 380. */
export const EMBED_IFRAME_WIDTH = 300;
export const EMBED_IFRAME_HEIGHT = 380;

/**
 * The provider's embed page that takes the item's uri as a query parameter (server/embed/routes.ts
 * serves it, alongside the path form `/embed/{type}/{id}`).
 */
export const EMBED_QUERY_PATH = '/embed';
/** spec 000 §2 Routes: the query flag that turns on the parent-page message interface. */
export const EMBED_API_FLAG = 'embed-api=1';

/** The embed page's address for a uri; colons stay readable, anything else a query could mistake is escaped. */
export function embedPageUrl(host: string, uri: string): string {
  return `${trim(host)}${EMBED_QUERY_PATH}?uri=${q(uri).replace(/%3A/gi, ':')}&${EMBED_API_FLAG}`;
}

/**
 * spec 000 §7 Copy embed code: an iframe snippet pointing at the provider's embed page with the
 * uri as a parameter, width 300, height 380, allowing encrypted media. The uri is the item's type
 * and id in colon form (parsed first, so a bad one throws rather than giving a broken snippet).
 * Ours, beyond the spec: the address also carries embed-api=1 (spec 000 §2 Routes), so that the
 * site owner can drive the pasted player with the parent-page client (/embed-api/client.js); an
 * embed left alone behaves the same with or without it. The `&` is written `&amp;`, as HTML
 * wants it in an attribute.
 */
export function embedCode(hosts: { readonly open: string }, uri: string): string {
  const { type, id } = parseUri(uri);
  const canonical = formatUri({ type, id });
  const src = embedPageUrl(hosts.open, canonical).replace(/&/g, '&amp;');
  return `<iframe src="${src}" width="${EMBED_IFRAME_WIDTH}" height="${EMBED_IFRAME_HEIGHT}" frameborder="0" allow="encrypted-media"></iframe>`;
}

/**
 * A link made absolute against the page's origin: the reference provider's hosts default to ''
 * (links relative to the server), but a copied link or embed code is pasted elsewhere.
 */
export function absoluteUrl(url: string, origin: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${trim(origin)}${url}` : url;
}

/**
 * What the dialog's copy buttons put on the clipboard (spec 000 §7): the item's open URL, and the
 * embed code at the open host, both absolute against the page's origin when the hosts are relative.
 */
export function copyTexts(
  item: { readonly openUrl: string; readonly uri: string; readonly openHost: string },
  origin: string,
): { link: string; embedCode: string } {
  const host = item.openHost === '' ? origin : absoluteUrl(item.openHost, origin);
  return { link: absoluteUrl(item.openUrl, origin), embedCode: embedCode({ open: host }, item.uri) };
}
