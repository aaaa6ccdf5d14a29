import { stateModified } from '../device/actions';
import { mediaElementFact, mediaPausedEvent } from '../media/actions';
import { INITIAL_PLAY_ID } from '../media/play-id';
import { mediaFactsEpic } from './media-facts.epic';
import { engineState, mediaTrack, planOf, stateMachine, stateRef } from './testing/engine-state';
import { runPlayer } from './testing/run-player';

const playingFact = (positionMs: number) => mediaElementFact({ kind: 'playing', positionMs, durationMs: 0, bufferedEndMs: positionMs, errorCode: null });

describe("a controller's pause and resume of this device (spec 001 §4 replace_state on the same state; State update sends: pause, resume)", () => {
  it('the device reports the pause and the resume once its media did them, so the controller’s command is confirmed', () => {
    const playing = engineState({
      player: { machine: stateMachine(3), trackIndex: 2, playbackId: 'p1' },
      media: { status: 'playing', track: mediaTrack(), plan: planOf(25000), positionMs: 4000 },
      device: { stateRef: stateRef('s2', false), paused: false },
    });
    const { log, state } = runPlayer([mediaFactsEpic], playing, [
      [0, stateModified({ stateRef: stateRef('s2', true), seekTo: null })],
      [10, mediaPausedEvent({ playId: INITIAL_PLAY_ID })],
      [20, stateModified({ stateRef: stateRef('s2', false), seekTo: null })],
      [30, playingFact(4000)],
    ]);
    const device = log.filter(([, type]) => type.startsWith('device/'));
    expect(device).toEqual([
      [10, 'device/localStateChanged', { stateRef: stateRef('s2', true) }],
      [10, 'device/stateUpdateRequested', { reason: 'pause', position: 4000, duration: 25000, playbackStats: null }],
      [30, 'device/localStateChanged', { stateRef: stateRef('s2', false) }],
      [30, 'device/stateUpdateRequested', { reason: 'resume', position: 4000, duration: 25000, playbackStats: null }],
    ]);
    expect(state().device).toMatchObject({ stateRef: stateRef('s2', false), paused: false });
  });
});
