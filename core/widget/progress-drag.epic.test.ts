import { createFakePorts } from '../../adapters/fake';
import * as a from './actions';
import { initialWidgetState } from './state';
import { albumData } from './testing/album-data';
import { runScenario, type Scenario } from './testing/scenario';

const SRC1 = 'https://cdn.test/preview/track1.mp3';
const load1 = a.trackLoadDecided({ index: 0, uri: 'spotify:track:track1', src: SRC1 });

/** The whole widget under virtual time: the drag's seeks and the preview player's decisions. */
const scenario = (s: Omit<Scenario, 'prefixes'>) =>
  runScenario(
    { ...s, prefixes: ['widget/seekRequested', 'preview/'] },
    { makePorts: (scheduler) => createFakePorts(scheduler), assertEqual: (x, y) => expect(x).toEqual(y) },
  );

const inputs = {
  e: a.pointerEntered(),
  d: a.progressDragStarted({ button: 0, ratio: 0.5 }),
  r: a.progressDragStarted({ button: 2, ratio: 0.5 }),
  m: a.progressDragMoved({ ratio: 0.7 }),
  u: a.progressDragEnded({ ratio: 0.8, via: 'release' }),
  x: a.progressDragCancelled(),
};

describe('a drag asks its seeks through the seek path (spec 000 §2 Progress bar)', () => {
  it('press and release seek (moves do not by default); each seek goes to the preview player, clamped', () => {
    const { ports, state } = scenario({
      ui: '-e 3ms d 3ms m 3ms u',
      inputs,
      expected: '-(sl)(ak) 4ms (bj)',
      outputs: {
        s: a.playerStarted(),
        l: load1,
        a: a.seekRequested({ positionMs: 15000 }),
        k: a.seekDecided({ positionMs: 15000 }),
        b: a.seekRequested({ positionMs: 24000 }),
        j: a.seekDecided({ positionMs: 24000 }),
      },
    });
    expect(ports.calls.audio).toEqual([`prefetch ${SRC1}`, `load ${SRC1}`, 'seek 15000', 'seek 24000']);
    // The bar shows the asked position until the player reports it.
    expect(state.seekTarget).toEqual({ dragging: false, positionMs: 24000, skipRenders: 3 });
  });

  it('a cancelled drag seeks where the bar shows; a right press asks nothing (spec 000 §5)', () => {
    scenario({
      ui: '-e 3ms r 3ms u 3ms d 3ms m 3ms x',
      inputs,
      expected: '-(sl) 8ms (ak) 4ms (bj)',
      outputs: {
        s: a.playerStarted(),
        l: load1,
        a: a.seekRequested({ positionMs: 15000 }),
        k: a.seekDecided({ positionMs: 15000 }),
        b: a.seekRequested({ positionMs: 21000 }),
        j: a.seekDecided({ positionMs: 21000 }),
      },
    });
  });

  it('with update-while-dragging a move seeks too', () => {
    const data = albumData();
    scenario({
      initialState: initialWidgetState({ ...data, config: { ...data.config, features: { progressUpdateWhileDragging: true, progressIgnoreStart: true } } }),
      ui: '-e 3ms d 3ms m',
      inputs,
      expected: '-(sl) 4ms (ak)',
      outputs: { s: a.playerStarted(), l: load1, a: a.seekRequested({ positionMs: 21000 }), k: a.seekDecided({ positionMs: 21000 }) },
    });
  });
});
