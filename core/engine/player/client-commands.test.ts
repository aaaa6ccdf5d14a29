import type { EngineCommand } from '../../contract';
import {
  clientInitialised,
  nextRequested,
  pauseRequested,
  playContextRequested,
  previousRequested,
  resumeRequested,
  seekByRequested,
  seekRequested,
  volumeRequested,
} from './actions';
import { repeatRequested, shuffleRequested } from '../lists/actions';
import { commandInputs } from './client-commands';

const draw = () => 'instance-1';

describe("the widget's commands as engine inputs (spec 001 §4 Client lifecycle and Commands)", () => {
  it.each<[string, EngineCommand, unknown[]]>([
    ['the first pointer entry initialises the client', { kind: 'initialise' }, [clientInitialised({ instanceId: 'instance-1' })]],
    [
      'a first command initialises the client before it is carried out',
      { kind: 'play', contextUri: 'spotify:album:a', index: 2 },
      [clientInitialised({ instanceId: 'instance-1' }), playContextRequested({ contextUri: 'spotify:album:a', index: 2, reason: 'playbtn' })],
    ],
    ['a first pause does too', { kind: 'pause' }, [clientInitialised({ instanceId: 'instance-1' }), pauseRequested()]],
  ])('%s', (_rule, command, inputs) => {
    expect(commandInputs(command, false, draw)).toEqual(inputs);
  });

  it.each<[EngineCommand, unknown[]]>([
    [{ kind: 'initialise' }, []],
    [{ kind: 'play', contextUri: 'spotify:playlist:p', index: 0 }, [playContextRequested({ contextUri: 'spotify:playlist:p', index: 0, reason: 'playbtn' })]],
    [{ kind: 'pause' }, [pauseRequested()]],
    [{ kind: 'resume' }, [resumeRequested()]],
    [{ kind: 'next' }, [nextRequested()]],
    [{ kind: 'previous' }, [previousRequested()]],
    [{ kind: 'seek', positionMs: 32000 }, [seekRequested({ positionMs: 32000 })]],
    [{ kind: 'seekBy', deltaMs: -15000 }, [seekByRequested({ deltaMs: -15000 })]],
    [{ kind: 'volume', volume: 0.5 }, [volumeRequested({ volume: 0.5 })]],
    // spec 001 §3 Playback state shuffle, repeat_mode: the web player bar's buttons.
    [{ kind: 'shuffle', shuffle: true }, [shuffleRequested({ shuffle: true })]],
    [{ kind: 'repeat', mode: 'TRACK' }, [repeatRequested({ mode: 'TRACK' })]],
  ])('once initialised, %j is carried out alone, with no new instance id', (command, inputs) => {
    const instanceId = jest.fn(draw);
    expect(commandInputs(command, true, instanceId)).toEqual(inputs);
    expect(instanceId).not.toHaveBeenCalled();
  });
});
