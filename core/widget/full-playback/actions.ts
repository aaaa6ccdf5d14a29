import * as t from 'io-ts';
import { defineAction } from '../../store/action';

/*
 * Full playback (spec 000 §4 "Otherwise full playback"): outside preview mode the widget's
 * commands go to the engine (core/ports.ts EnginePort) instead of the preview player. The actions
 * that carry the contract's codecs are in ./contract-actions.ts.
 */
export const engineCommandFailed = defineAction('full/engineCommandFailed', { err: t.string });
/** spec 000 §7 player event "unavailable track": the provider refused to play the context's item at `index` (spec 000 §5). */
export const engineItemUnavailable = defineAction('full/engineItemUnavailable', { contextUri: t.string, index: t.number });
/** An engine event that did not decode (core/contract/events.ts): named, and ignored. */
export const engineEventRejected = defineAction('full/engineEventRejected', { err: t.string });
/** spec 001 §4 Events forwarded: the engine's device became active (playback on it) or stopped being so. */
export const engineActiveChanged = defineAction('full/engineActiveChanged', { active: t.boolean });
/** spec 001 §3 Playback state: the engine's shuffle and repeat_mode changed (the widget has no local buttons for them: recorded only). */
export const engineOptionsChanged = defineAction('full/engineOptionsChanged', { shuffle: t.boolean, repeat: t.string });
/** Issue 18: the engine's video track failed, with the spec 001 §8 code and text (recorded; the engine's list player goes on). */
export const engineMediaFailed = defineAction('full/engineMediaFailed', { code: t.string, message: t.string });
