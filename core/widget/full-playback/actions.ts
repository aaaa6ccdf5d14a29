import * as t from 'io-ts';
import { ClientEventName, EngineCommand as EngineCommandC, EngineVideo } from '../../contract';
import { defineAction } from '../../store/action';

/*
 * Full playback (spec 000 §4 "Otherwise full playback"): outside preview mode the widget's
 * commands go to the engine (core/ports.ts EnginePort) instead of the preview player.
 */
export const engineCommandDecided = defineAction('full/engineCommandDecided', { command: EngineCommandC });
export const engineCommandFailed = defineAction('full/engineCommandFailed', { err: t.string });
/** spec 000 §7 player event "unavailable track": the provider refused to play the context's item at `index` (spec 000 §5). */
export const engineItemUnavailable = defineAction('full/engineItemUnavailable', { contextUri: t.string, index: t.number });
/** An engine event that did not decode (core/contract/events.ts): named, and ignored. */
export const engineEventRejected = defineAction('full/engineEventRejected', { err: t.string });
/** spec 001 §4 Transport lifecycle: a client event of the engine (core/contract/events.ts), heard and recorded. */
export const engineClientEvent = defineAction('full/engineClientEvent', { name: ClientEventName });
/** spec 001 §4 Events forwarded: the engine's device became active (playback on it) or stopped being so. */
export const engineActiveChanged = defineAction('full/engineActiveChanged', { active: t.boolean });
/** spec 001 §3 Playback state: the engine's shuffle and repeat_mode changed (the widget has no local buttons for them: recorded only). */
export const engineOptionsChanged = defineAction('full/engineOptionsChanged', { shuffle: t.boolean, repeat: t.string });
/** Issue 18: a video track started on the engine's media element (its size, its subtitle tracks), or null: no video plays. */
/** Issue 18: the engine's video track failed, with the spec 001 §8 code and text (recorded; the engine's list player goes on). */
export const engineMediaFailed = defineAction('full/engineMediaFailed', { code: t.string, message: t.string });
export const engineVideoChanged = defineAction('full/engineVideoChanged', { video: t.union([EngineVideo, t.null]) });
