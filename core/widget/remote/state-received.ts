import { RemoteState } from '../../contract/events';
import { defineAction } from '../../store/action';

// Apart from ./actions.ts: its payload is the engine contract's codec, and only the engine's events
// make it (core/widget/full-playback/engine-facts.ts, in the widget's lazy chunk), so the first
// frame's initial JS does not carry the codec.

// --- engine fact (src 'adapter': core/contract/events.ts remoteState) ---
/** The user's devices and what the active one plays, from a cluster the engine took (spec 001 §4). */
export const remoteStateReceived = defineAction('remote/stateReceived', { state: RemoteState });
