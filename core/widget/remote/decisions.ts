import type { EngineCommand, RemoteEndpoint } from '../../contract';
import type { Action } from '../../store/action';
import { playToggleRequested, seekByRequested, seekRequested, skipNextRequested, skipPrevRequested, trackRowClicked } from '../actions';
import { engineCommandDecided } from '../full-playback/actions';
import type { WidgetState } from '../state';
import { muteToggled, volumeChanged } from '../volume/actions';
import { deviceChosen, devicesToggled, repeatCycled, shuffleToggled } from './actions';
import { selectRemoteDevice, selectRemotePlaying, selectRemoteView, selectRemoteVolume } from './state';

type Args = Extract<EngineCommand, { kind: 'remote' }>['args'];

/** spec 001 §3 repeat modes, in the order the repeat button steps through them. */
const NEXT_REPEAT = { OFF: 'CONTEXT', CONTEXT: 'TRACK', TRACK: 'OFF' } as const;

/**
 * Issue 16 The controller: the visitor's commands while another device is the active one go to
 * that device (spec 001 §7 player commands and volume), decided against the state after the
 * reducer saw them; null when they are not the controller's (this engine plays them).
 * The devices button asks the engine to follow the user's devices; a chosen device gets the
 * playback (transfer), this browser's own included.
 */
export function remoteDecisions(state: WidgetState, action: Action): Action[] | null {
  const remote = selectRemoteView(state);
  let sent = remote.sent;
  const id = (): string => `w${(sent += 1)}`;
  const send = (endpoint: RemoteEndpoint, args: Args = {}): Action => engineCommandDecided({ command: { kind: 'remote', id: id(), endpoint, args } });

  if (devicesToggled.match(action)) return remote.listOpen ? [engineCommandDecided({ command: { kind: 'observe' } })] : [];
  if (deviceChosen.match(action)) {
    // The active device already plays: nothing to move.
    if (action.deviceId === remote.activeDeviceId) return [];
    return [engineCommandDecided({ command: { kind: 'transfer', id: id(), deviceId: action.deviceId } })];
  }
  const device = selectRemoteDevice(state);
  const playing = selectRemotePlaying(state);
  if (device === null) return shuffleToggled.match(action) || repeatCycled.match(action) ? [] : null;

  if (playToggleRequested.match(action)) {
    if (playing === null) return [send('play', { context_uri: state.resourceUri, track_index: 0 })];
    return [send(playing.paused ? 'resume' : 'pause')];
  }
  if (trackRowClicked.match(action)) return [send('play', { context_uri: state.resourceUri, track_index: action.index })];
  if (skipNextRequested.match(action)) return [send('skip_next')];
  if (skipPrevRequested.match(action)) return [send('skip_prev')];
  if (seekRequested.match(action)) return [send('seek_to', { position_ms: Math.max(0, Math.round(action.positionMs)) })];
  if (seekByRequested.match(action)) {
    const duration = playing?.durationMs ?? Infinity;
    return [send('seek_to', { position_ms: Math.round(Math.min(duration, Math.max(0, state.playback.progress + action.deltaMs))) })];
  }
  // spec 001 §5 remote volume 0..1 (the engine debounces it per device, spec 001 §9 1000 ms).
  if (volumeChanged.match(action) || muteToggled.match(action)) {
    const volume = selectRemoteVolume(state);
    // A device that cannot change its volume (spec 001 §3 volume -1): the control stays this browser's.
    return volume === null ? null : [send('volume', { volume })];
  }
  if (shuffleToggled.match(action)) return playing === null ? [] : [send('set_shuffling_context', { value: !playing.shuffle })];
  if (repeatCycled.match(action)) {
    if (playing === null) return [];
    // spec 001 §5 Repeat mode in the controller: a mode is set as two commands.
    const mode = NEXT_REPEAT[playing.repeat];
    return [send('set_repeating_context', { value: mode !== 'OFF' }), send('set_repeating_track', { value: mode === 'TRACK' })];
  }
  return null;
}
