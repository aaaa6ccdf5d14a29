import { isLeft } from 'fp-ts/Either';
import { formatDecodeErrors } from '../../model/decode-errors';
import { EngineEvent } from '../../contract/events';
import type { Action } from '../../store/action';
import { playbackPaused, playbackPlayed, playbackProgressed, playbackReset, playbackTrackChanged, trackUnavailable } from '../actions';
import { licenseFailed, playerInitFailed } from '../platform/actions';
import { volumeRestored } from '../volume/actions';
import { remoteStateReceived } from '../remote/state-received';
import { engineActiveChanged, engineEventRejected, engineItemUnavailable, engineOptionsChanged, engineMediaFailed } from './actions';
import { engineClientEvent, engineVideoChanged } from './contract-actions';

/**
 * An engine event (spec 001 §4 Events forwarded) as the widget's own fact, src 'adapter': the
 * playback actions of spec 000 §4 (TRACK_CHANGE, PLAY, PAUSE, PROGRESS_UPDATE, RESET) and the
 * initialization failure, which falls back to preview (platform/init-failure.epic.ts), and a
 * licence failure, which shows the playback-not-supported modal (spec 000 §8).
 */
export function decodeEngineEvent(raw: unknown): Action {
  const decoded = EngineEvent.decode(raw);
  if (isLeft(decoded)) return engineEventRejected({ err: `Invalid engine event: ${formatDecodeErrors(decoded.left)}` });
  const event = decoded.right;
  switch (event.kind) {
    case 'trackChanged':
      return playbackTrackChanged({ uri: event.uri, durationMs: event.durationMs });
    case 'played':
      return playbackPlayed();
    case 'paused':
      return playbackPaused();
    case 'progress':
      return playbackProgressed({ progress: event.positionMs });
    case 'reset':
      return playbackReset();
    case 'initializationFailed':
      return playerInitFailed({ code: event.code, message: event.message });
    // spec 000 §7 "unavailable track": the provider refused the item (spec 000 §5); decisions.ts shows the notice.
    case 'itemUnavailable':
      return engineItemUnavailable({ contextUri: event.contextUri, index: event.index });
    case 'licenceFailed':
      return licenseFailed({ code: event.code, message: event.message });
    case 'clientEvent':
      return engineClientEvent({ name: event.name });
    // The engine's volume (a remote set_volume) is the control's, as a restored one: shown, not sent back.
    case 'volume':
      return volumeRestored({ volume: event.volume });
    case 'activeChanged':
      return engineActiveChanged({ active: event.active });
    case 'options':
      return engineOptionsChanged({ shuffle: event.shuffle, repeat: event.repeat });
    // spec 001 §4 max-list-errors: the list stopped; the widget pauses and shows the unavailable notice (spec 000 §8).
    case 'listStopped':
      return trackUnavailable({ index: event.index, uri: event.uri });
    // Issue 16 The controller: the user's devices and what the active one plays.
    case 'remoteState':
      return remoteStateReceived({ state: event.state });
    // Issue 18: the video the engine's media element shows (WidgetState.video).
    case 'videoChanged':
      return engineVideoChanged({ video: event.video });
    case 'mediaFailed':
      return engineMediaFailed({ code: event.code, message: event.message });
  }
}
