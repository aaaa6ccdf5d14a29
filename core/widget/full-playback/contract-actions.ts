import * as t from 'io-ts';
import { EngineCommand } from '../../contract/commands';
import { ClientEventName, EngineVideo } from '../../contract/events';
import { defineAction } from '../../store/action';

/*
 * Full playback's actions whose payloads are the engine contract's codecs (core/contract), apart
 * from ./actions.ts: only full playback's epics and the engine's events make them, and those are in
 * the widget's lazy chunk (ui/widget/extras.ts), so the first frame's initial JS does not carry the
 * codecs. The reducer reads them by type (core/widget/widget-action.ts lists them).
 */

export const engineCommandDecided = defineAction('full/engineCommandDecided', { command: EngineCommand });
/** spec 001 §4 Transport lifecycle: a client event of the engine (core/contract/events.ts), heard and recorded. */
export const engineClientEvent = defineAction('full/engineClientEvent', { name: ClientEventName });
/** Issue 18: a video track started on the engine's media element (its size, its subtitle tracks), or null: no video plays. */
export const engineVideoChanged = defineAction('full/engineVideoChanged', { video: t.union([EngineVideo, t.null]) });
