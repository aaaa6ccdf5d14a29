import * as t from 'io-ts';
import { defineAction } from '../../store/action';

/*
 * Issue 16 The controller, in the widget: a device picker (a devices button beside the volume
 * control, for logged-in visitors) and a remote-control view of the active device when it is
 * another one (another tab or machine): the widget shows what that device plays and its controls
 * drive it, with a line saying which device plays.
 */

// The engine's fact, remote/stateReceived, carries the contract's codec: ./state-received.ts.

// --- UI intents (src 'ui') ---
/** The devices button: opens the list of the user's devices, or closes it. */
export const devicesToggled = defineAction('remote/devicesToggled');
/** The list closed without a choice (Escape, a press outside it). */
export const devicesClosed = defineAction('remote/devicesClosed');
/** A device of the list: playback moves there (spec 001 §7 transfer). */
export const deviceChosen = defineAction('remote/deviceChosen', { deviceId: t.string });
/** The remote-control view's shuffle button (spec 001 §7 set_shuffling_context). */
export const shuffleToggled = defineAction('remote/shuffleToggled');
/** The remote-control view's repeat button: off, context, track, off (spec 001 §3 repeat modes). */
export const repeatCycled = defineAction('remote/repeatCycled');
