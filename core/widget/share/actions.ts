import * as t from 'io-ts';
import { defineAction } from '../../store/action';

/*
 * The share dialog (spec 000 §2 Share dialog, §7 share windows, copy link, copy embed code) and
 * the desktop hand-off (spec 000 §4 PLAY_ON_DESKTOP), as actions.
 */

export const ShareTargetCodec = t.keyof({ facebook: null, messenger: null, twitter: null, whatsapp: null }, 'ShareTarget');
export type ShareTargetName = t.TypeOf<typeof ShareTargetCodec>;
const Copied = t.keyof({ link: null, embedCode: null }, 'Copied');

// --- UI intents (src 'ui') ---
/** spec 000 §2: "A share button opens the share modal." */
export const shareOpenRequested = defineAction('share/openRequested');
/*
 * The dialog's buttons carry what they share, built by the dialog with share/share-links.ts (spec
 * 000 §7 addresses, sizes, hashtags, embed code): the dialog is a lazy chunk, so the link builders
 * stay out of the initial bundle, and a replay needs no page origin to rebuild them.
 */
/** One of the four share windows of spec 000 §7: its address and window features (null: a plain tab). */
export const shareTargetClicked = defineAction('share/targetClicked', {
  target: ShareTargetCodec,
  url: t.string,
  features: t.union([t.string, t.null]),
});
/** spec 000 §7 Copy link: `text` is the item's URL. */
export const shareCopyLinkClicked = defineAction('share/copyLinkClicked', { text: t.string });
/** spec 000 §7 Copy embed code: `text` is the iframe snippet. */
export const shareCopyEmbedCodeClicked = defineAction('share/copyEmbedCodeClicked', { text: t.string });
/** spec 000 §2: "A close button hides the dialog and resets it to the share view." */
export const shareCloseRequested = defineAction('share/closeRequested');
/**
 * spec 000 §4 PLAY_ON_DESKTOP: pause playback and open the /go window. Like the share buttons, the
 * (lazily loaded) button that asks for it builds the address: `goUrl` of core/widget/links.ts.
 */
export const playOnDesktopRequested = defineAction('widget/playOnDesktopRequested', { url: t.string });

// --- epic decisions and their outcomes ---
/** The text is on the clipboard: spec 000 §2, the dialog switches to the confirmation view. */
export const shareCopied = defineAction('share/copied', { what: Copied });
/**
 * spec 000 §7 "Clipboard and window-open failures are not handled": the visitor sees nothing
 * (the dialog stays on the share view); the failure is recorded so that a log shows it.
 */
export const shareCopyFailed = defineAction('share/copyFailed', { what: Copied, err: t.string });
/**
 * A share window (a target) or the /go window ('go') was asked for; `opened` is false when the
 * browser refused it, which spec 000 §7 leaves unhandled (windows open with noopener, issue 12, so
 * a popup blocker's silent refusal cannot be seen: see HostWindowPort.open).
 */
export const shareWindowOpened = defineAction('share/windowOpened', {
  target: t.union([ShareTargetCodec, t.literal('go')]),
  opened: t.boolean,
});
