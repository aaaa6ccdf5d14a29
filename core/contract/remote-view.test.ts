import type { RemoteState } from './events';
import {
  countRemoteCommands,
  deviceListOf,
  remoteCommandsOf,
  remotePositionAfter,
  setRemoteVolume,
  takeRemoteState,
  type RemoteIntent,
} from './remote-control';
import { initialRemoteView } from './remote-view';

const here = { id: 'here', name: 'Web Player (Chrome)', type: 'computer', volume: 1, local: true };
const there = { id: 'there', name: 'Kitchen', type: 'speaker', volume: 0.5, local: false };
const playing = {
  uri: 'spotify:track:t',
  name: 'T',
  artists: ['A'],
  images: [],
  durationMs: 200_000,
  positionMs: 10_000,
  paused: false,
  shuffle: false,
  repeat: 'OFF' as const,
  contextUri: 'spotify:album:a',
  nextTracks: [],
  previousTracks: [],
};
const onThere: RemoteState = { activeDeviceId: 'there', devices: [here, there], playing };
const onHere: RemoteState = { ...onThere, activeDeviceId: 'here' };
const viewOf = (state: RemoteState) => takeRemoteState(initialRemoteView, state);

describe('the controller view any page shares (issue 16 The controller; spec 001 §7 commands)', () => {
  it.each<[string, RemoteState, RemoteIntent, unknown]>([
    ['play/pause while another device plays: pause it', onThere, { kind: 'toggle' }, [{ kind: 'remote', id: 'w1', endpoint: 'pause', args: {} }]],
    ['next', onThere, { kind: 'next' }, [{ kind: 'remote', id: 'w1', endpoint: 'skip_next', args: {} }]],
    ['previous', onThere, { kind: 'previous' }, [{ kind: 'remote', id: 'w1', endpoint: 'skip_prev', args: {} }]],
    ['seek, rounded', onThere, { kind: 'seek', positionMs: 40_000.4 }, [{ kind: 'remote', id: 'w1', endpoint: 'seek_to', args: { position_ms: 40_000 } }]],
    ['a device of the list: transfer there', onThere, { kind: 'choose', deviceId: 'here' }, [{ kind: 'transfer', id: 'w1', deviceId: 'here' }]],
    ['the device that already plays: nothing', onThere, { kind: 'choose', deviceId: 'there' }, []],
    ["playback here: the controls are this engine's", onHere, { kind: 'toggle' }, null],
    ["playback here: next is this engine's", onHere, { kind: 'next' }, null],
  ])('%s', (_name, state, intent, commands) => {
    expect(remoteCommandsOf(viewOf(state), intent)).toEqual(commands);
  });

  it('a paused device resumes; ids go on from the commands counted', () => {
    const view = countRemoteCommands(viewOf({ ...onThere, playing: { ...playing, paused: true } }), [
      { kind: 'transfer', id: 'w1', deviceId: 'x' },
      { kind: 'observe' },
    ]);
    expect(remoteCommandsOf(view, { kind: 'toggle' })).toEqual([{ kind: 'remote', id: 'w2', endpoint: 'resume', args: {} }]);
  });

  it('a volume set for the other device is shown until a cluster reports it, and sent as its volume', () => {
    const set = setRemoteVolume(viewOf(onThere), 0.3)!;
    expect(remoteCommandsOf(set, { kind: 'volume' })).toEqual([{ kind: 'remote', id: 'w1', endpoint: 'volume', args: { volume: 0.3 } }]);
    expect(takeRemoteState(set, onThere).volumeSet).toEqual({ deviceId: 'there', level: 0.3 });
    expect(takeRemoteState(set, { ...onThere, devices: [here, { ...there, volume: 0.3 }] }).volumeSet).toBeNull();
    expect(setRemoteVolume(viewOf(onHere), 0.3)).toBeNull();
  });

  it('lists the active device first, then by name; the position advances while playing, up to the end', () => {
    expect(deviceListOf(viewOf(onThere)).map((d) => [d.id, d.active])).toEqual([
      ['there', true],
      ['here', false],
    ]);
    expect(remotePositionAfter(playing, 5_000)).toBe(15_000);
    expect(remotePositionAfter({ ...playing, paused: true }, 5_000)).toBe(10_000);
    expect(remotePositionAfter(playing, 500_000)).toBe(200_000);
  });
});
