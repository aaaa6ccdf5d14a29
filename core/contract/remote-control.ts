import type { EngineCommand, RemoteEndpoint } from './commands';
import type { RemoteDevice, RemotePlaying, RemoteState } from './events';
import { NEXT_REPEAT, remoteDeviceOf, remotePlayingOf, remoteVolumeOf, type RemoteViewState } from './remote-view';

/*
 * Issue 16 The controller: how the view of ./remote-view.ts changes (a cluster taken, a volume set
 * for the active device), the device list its devices button opens, and the engine commands each control becomes while another device plays
 * (spec 001 §7 player commands, transfer and volume). Apart from the view: the widget's first frame
 * (its initial-JS budget) only shows the view, and only a page whose engine runs (the widget's lazy
 * chunk: its controller's reducer and epics) changes it.
 */

/** spec 001 §5: a device's volume goes over the wire as an integer 0..65535. */
const VOLUME_STEPS = 65535;

/** A cluster's view taken: a volume set for a device is shown until the device reports it (or is no longer active). */
export function takeRemoteState(view: RemoteViewState, state: RemoteState): RemoteViewState {
  const set = view.volumeSet;
  let volumeSet = set;
  if (set != null) {
    const reported = state.activeDeviceId === set.deviceId ? state.devices.find((d) => d.id === set.deviceId) : undefined;
    if (reported === undefined || Math.abs(reported.volume - set.level) <= 1 / VOLUME_STEPS) volumeSet = null;
  }
  return { ...view, activeDeviceId: state.activeDeviceId, devices: state.devices, playing: state.playing, volumeSet };
}

/**
 * A volume set while another device that can change its volume is active: that device's volume
 * (shown at once, sent by remoteCommandsOf), this browser's own stays as it is. `level` null is the
 * mute button (mute, or back to the last audible level). Null when the volume is this browser's.
 */
export function setRemoteVolume(view: RemoteViewState, level: number | null): RemoteViewState | null {
  const shown = remoteVolumeOf(view);
  const device = remoteDeviceOf(view);
  if (shown === null || device === null) return null;
  const lastAudible = view.volumeLastAudible ?? (shown > 0 ? shown : 1);
  const next = level !== null ? Math.min(1, Math.max(0, level)) : shown > 0 ? 0 : lastAudible;
  const audible = next > 0 ? next : shown > 0 ? shown : view.volumeLastAudible;
  return { ...view, ...(audible === undefined ? {} : { volumeLastAudible: audible }), volumeSet: { deviceId: device.id, level: next } };
}

/** The device list, the active device first, then by name (this browser's own among them). */
export function deviceListOf(view: RemoteViewState): ReadonlyArray<RemoteDevice & { readonly active: boolean }> {
  return view.devices
    .map((d) => ({ ...d, active: d.id === view.activeDeviceId }))
    .sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** What a listener asks of the controls (the page's own buttons say which). */
export type RemoteIntent =
  | { readonly kind: 'toggle'; readonly contextUri?: string }
  | { readonly kind: 'playAt'; readonly contextUri: string; readonly index: number }
  | { readonly kind: 'next' }
  | { readonly kind: 'previous' }
  | { readonly kind: 'seek'; readonly positionMs: number }
  | { readonly kind: 'seekBy'; readonly deltaMs: number; readonly fromMs: number }
  /** After setRemoteVolume: the volume it shows goes to the device. */
  | { readonly kind: 'volume' }
  | { readonly kind: 'shuffle' }
  | { readonly kind: 'repeat' }
  /** A device of the list: playback moves there (spec 001 §7 transfer), this browser's own included. */
  | { readonly kind: 'choose'; readonly deviceId: string };

type Args = Extract<EngineCommand, { kind: 'remote' }>['args'];

/**
 * The engine commands an intent becomes (spec 001 §7), numbered after view.sent, or null when the
 * controls are this browser's (no other device plays: this engine plays them). A choice of the
 * device that already plays, or shuffle and repeat with nothing playing, become none.
 */
export function remoteCommandsOf(view: RemoteViewState, intent: RemoteIntent): EngineCommand[] | null {
  let sent = view.sent;
  const id = (): string => `w${(sent += 1)}`;
  const send = (endpoint: RemoteEndpoint, args: Args = {}): EngineCommand => ({ kind: 'remote', id: id(), endpoint, args });

  if (intent.kind === 'choose') return intent.deviceId === view.activeDeviceId ? [] : [{ kind: 'transfer', id: id(), deviceId: intent.deviceId }];
  const device = remoteDeviceOf(view);
  const playing = remotePlayingOf(view);
  if (device === null) return intent.kind === 'shuffle' || intent.kind === 'repeat' ? [] : null;
  switch (intent.kind) {
    case 'toggle':
      if (playing === null) return intent.contextUri === undefined ? [] : [send('play', { context_uri: intent.contextUri, track_index: 0 })];
      return [send(playing.paused ? 'resume' : 'pause')];
    case 'playAt':
      return [send('play', { context_uri: intent.contextUri, track_index: intent.index })];
    case 'next':
      return [send('skip_next')];
    case 'previous':
      return [send('skip_prev')];
    case 'seek':
      return [send('seek_to', { position_ms: Math.max(0, Math.round(intent.positionMs)) })];
    case 'seekBy': {
      const duration = playing?.durationMs ?? Infinity;
      return [send('seek_to', { position_ms: Math.round(Math.min(duration, Math.max(0, intent.fromMs + intent.deltaMs))) })];
    }
    case 'volume': {
      // spec 001 §5 remote volume 0..1 (the engine debounces it per device, spec 001 §9 1000 ms).
      const volume = remoteVolumeOf(view);
      // A device that cannot change its volume (spec 001 §3 volume -1): the control stays this browser's.
      return volume === null ? null : [send('volume', { volume })];
    }
    case 'shuffle':
      return playing === null ? [] : [send('set_shuffling_context', { value: !playing.shuffle })];
    case 'repeat': {
      if (playing === null) return [];
      // spec 001 §5 Repeat mode in the controller: a mode is set as two commands.
      const mode = NEXT_REPEAT[playing.repeat];
      return [send('set_repeating_context', { value: mode !== 'OFF' }), send('set_repeating_track', { value: mode === 'TRACK' })];
    }
  }
}

/** The view after decided commands: each remote or transfer command took the next id. */
export const countRemoteCommands = (view: RemoteViewState, commands: ReadonlyArray<EngineCommand>): RemoteViewState => ({
  ...view,
  sent: view.sent + commands.filter((c) => c.kind === 'remote' || c.kind === 'transfer').length,
});

/** The position the other device is at `elapsedMs` after its cluster was heard: advancing while it plays, never past its end. */
export function remotePositionAfter(playing: RemotePlaying, elapsedMs: number): number {
  const position = playing.paused ? playing.positionMs : playing.positionMs + Math.max(0, elapsedMs);
  return playing.durationMs > 0 ? Math.min(position, playing.durationMs) : position;
}
