import { createFakePorts } from '../../../adapters/fake';
import * as a from '../actions';
import { engineCommandDecided } from '../full-playback/contract-actions';
import { runScenario, type Scenario } from '../testing/scenario';
import { EME_API_NOT_SUPPORTED, EME_NO_SUPPORTED_KEYSYSTEM, LIST_PLAYER_NO_TRACK_PLAYER } from '../../contract';

const scenario = (s: Scenario) =>
  runScenario(
    { prefixes: ['preview/', 'playback/'], ...s },
    { makePorts: (scheduler) => createFakePorts(scheduler), assertEqual: (x, y) => expect(x).toEqual(y) },
  );

const failed = (code: string) => a.playerInitFailed({ code, message: 'init failed' });
const load1 = a.trackLoadDecided({ index: 0, uri: 'spotify:track:track1', src: 'https://cdn.test/preview/track1.mp3' });

describe('spec 000 §4 Initialization failure: switches playback to preview and re-subscribes to player events', () => {
  it.each([EME_NO_SUPPORTED_KEYSYSTEM, LIST_PLAYER_NO_TRACK_PLAYER, EME_API_NOT_SUPPORTED])(
    '%s: "set playback to preview", then the preview player starts (its first track loads)',
    (code) => {
      const { state, ports } = scenario({
        adapter: '-f',
        inputs: { f: failed(code) },
        expected: '-(psl)',
        outputs: { p: a.previewForced({ code }), s: a.playerStarted(), l: load1 },
      });
      expect(state.platform.forcePreview).toBe(true);
      expect(ports.calls.audio).toContain('load https://cdn.test/preview/track1.mp3');
    },
  );

  it('the preview player already started (first use): only the switch to preview', () => {
    const { state } = scenario({
      ui: '-e',
      adapter: '------f',
      inputs: { e: a.pointerEntered(), f: failed(EME_NO_SUPPORTED_KEYSYSTEM) },
      expected: '-(sl)-p',
      outputs: { p: a.previewForced({ code: EME_NO_SUPPORTED_KEYSYSTEM }), s: a.playerStarted(), l: load1 },
    });
    expect(state.platform.forcePreview).toBe(true);
  });

  it('a play the engine could not start plays the preview instead (the press was for sound)', () => {
    const play = engineCommandDecided({ command: { kind: 'play', contextUri: 'spotify:album:a', index: 0 } });
    const { state } = scenario({
      ui: '-e',
      adapter: '---f',
      inputs: { e: play, f: failed(EME_NO_SUPPORTED_KEYSYSTEM) },
      expected: '---(pslq)',
      outputs: { p: a.previewForced({ code: EME_NO_SUPPORTED_KEYSYSTEM }), s: a.playerStarted(), l: load1, q: a.playDecided() },
    });
    expect(state.platform.forcePreview).toBe(true);
  });

  it.each(['EME_LICENSE_REQUEST_FAILED', 'MEDIA_NETWORK_ERROR', 'UNKNOWN'])('another code (%s) changes nothing', (code) => {
    const { state } = scenario({
      adapter: '-f',
      inputs: { f: failed(code) },
      expected: '--',
      outputs: {},
    });
    expect(state.platform.forcePreview).toBe(false);
    expect(state.player.started).toBe(false);
  });
});
