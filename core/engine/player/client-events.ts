import type { EngineEvent } from '../../model/engine-event';
import { playerInitFailed } from '../../widget/platform/actions';
import type { Action } from '../../store/action';
import { remoteLogOut, stateCleared } from '../device/actions';
import { drmFailed } from '../drm/actions';
import { isLicenceError } from '../drm/eme-errors';
import { listEnded } from '../lists/actions';
import { mediaElementFact, mediaPausedEvent } from '../media/actions';
import { trackingStarted } from '../tracking/actions';
import { progressed } from './actions';
import type { EngineState } from './deps';


/** The event (spec 001 §4 Events forwarded; core/model/engine-event.ts) an engine action makes for the widget, if any (the state is the engine's after the action). */
export function clientEventOf(action: Action, state: EngineState): EngineEvent | null {
  if (trackingStarted.match(action)) {
    const track = state.player.machine?.tracks.find((candidate) => candidate.metadata.uri === action.trackUri);
    return { kind: 'trackChanged', uri: action.trackUri, durationMs: track?.metadata.duration ?? 0 };
  }
  if (mediaElementFact.match(action) && action.kind === 'playing') return { kind: 'played' };
  if (mediaPausedEvent.match(action)) return { kind: 'paused' };
  if (progressed.match(action)) return { kind: 'progress', positionMs: action.positionMs };
  if (stateCleared.match(action) || remoteLogOut.match(action) || listEnded.match(action)) return { kind: 'reset' };
  if (playerInitFailed.match(action)) return { kind: 'initializationFailed', code: action.code, message: action.message };
  if (drmFailed.match(action) && isLicenceError(action.code)) return { kind: 'licenceFailed', code: action.code, message: action.message };
  return null;
}

/**
 * spec 001 §4: a track change is forwarded when the current track uri differs, play or pause when
 * the paused flag changes; the rest as they come. `last` is what was forwarded before.
 */
export function isNews(event: EngineEvent, last: { readonly uri: string | null; readonly paused: boolean | null }): boolean {
  if (event.kind === 'trackChanged') return event.uri !== last.uri;
  if (event.kind === 'played') return last.paused !== false;
  if (event.kind === 'paused') return last.paused !== true;
  return true;
}

/** What was forwarded so far, and the event to forward now (null: nothing new). */
export interface Forwarded {
  readonly uri: string | null;
  readonly paused: boolean | null;
  readonly event: EngineEvent | null;
}

export const nothingForwarded: Forwarded = { uri: null, paused: null, event: null };

/** The next step of forwarding (isNews): a reset forgets the track and the paused flag. */
export function forward(last: Forwarded, event: EngineEvent): Forwarded {
  if (!isNews(event, last)) return { ...last, event: null };
  if (event.kind === 'reset') return { uri: null, paused: null, event };
  if (event.kind === 'trackChanged') return { ...last, uri: event.uri, event };
  if (event.kind === 'played' || event.kind === 'paused') return { ...last, paused: event.kind === 'paused', event };
  return { ...last, event };
}
