import * as t from 'io-ts';
import { defineAction } from '../../store/action';

/*
 * The prompt modal of spec 000 §4 ("Hidden, then prompt (on show-prompt), or unavailable-track (on
 * the unavailable-track event), and hidden again on hide"), as actions named as events.
 */

/** spec 000 §8: the unavailable notice's text, by type (track or episode). */
export const UnavailableTextKey = t.keyof({ embed_track_not_available: null, embed_episode_preview_not_available: null });
export type UnavailableTextKey = t.TypeOf<typeof UnavailableTextKey>;

/** Epic decision: show the sign-up prompt (3000 ms after play, progress above 29500 ms, a skip). */
export const promptShown = defineAction('modal/promptShown');
/** Epic decision on preview/trackUnavailable: show the unavailable-track notice. */
export const unavailableShown = defineAction('modal/unavailableShown', { textKey: UnavailableTextKey });
/** UI intent: hide the modal (spec 000 §2: Escape or the close button). */
export const modalCloseRequested = defineAction('modal/closeRequested', { via: t.keyof({ escape: null, button: null }) });
