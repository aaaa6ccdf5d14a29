import * as t from 'io-ts';
import { defineAction } from '../../store/action';

/*
 * The volume control (spec 000 §2 Volume icon; spec 001 §5 volume 0..1): a mute button showing the
 * icon and a slider, as a widely used embed shows them (spec 000 leaves the control "not shown").
 */

// --- UI intents (src 'ui') ---
/** The slider moved: the new volume, 0..1 (clamped by the reducer). */
export const volumeChanged = defineAction('widget/volumeChanged', { volume: t.number });
/** The mute button: mutes, or brings back the last audible volume. */
export const muteToggled = defineAction('widget/muteToggled');

// --- start-up fact (src 'adapter': read from storage, so a replay feeds it back from the log) ---
/** The volume the visitor left the last embed at (localStorage), when one was stored. */
export const volumeRestored = defineAction('widget/volumeRestored', { volume: t.number });

// --- epic outcome ---
/** The volume could not be stored (privacy mode, quota); the control works on regardless. */
export const volumeSaveFailed = defineAction('widget/volumeSaveFailed', { err: t.string });
