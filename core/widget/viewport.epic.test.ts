import { createFakePorts } from '../../adapters/fake';
import { viewportMeasured, windowResized } from './actions';
import { initialWidgetState } from './state';
import { albumData } from './testing/album-data';
import { epicActions, testScheduler } from './testing/marbles';
import { runWidget } from './testing/run-widget';

const initialState = initialWidgetState(albumData());

describe('resizeEpic (spec 000 §4: window resize debounce 100 ms)', () => {
  it('sets the viewport 100 ms after the last of a burst of resizes', () => {
    const scheduler = testScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ hot, expectObservable }) => {
      const adapter = hot('a 49ms b 149ms c', {
        a: windowResized({ width: 310, height: 380 }),
        b: windowResized({ width: 400, height: 200 }),
        c: windowResized({ width: 500, height: 500 }),
      });
      const out = epicActions(runWidget({ initialState, ports: createFakePorts(scheduler), adapter }), 'widget/');
      // a (0 ms) is cancelled by b (50 ms); b lands at 150 ms, c (200 ms) at 300 ms.
      expectObservable(out).toBe('150ms x 149ms y', {
        x: viewportMeasured({ width: 400, height: 200 }),
        y: viewportMeasured({ width: 500, height: 500 }),
      });
    });
  });

  it('measures the viewport at start-up and takes raw resizes from the host port (bindAdapterFacts)', () => {
    const scheduler = testScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ flush }) => {
      const ports = createFakePorts(scheduler, { viewport: { width: 640, height: 480 } });
      const seen: string[] = [];
      let viewport = { width: 0, height: 0 };
      runWidget({ initialState, ports, onStore: (store) => store.subscribe(() => (viewport = store.getState().viewport)) }).subscribe((e) =>
        seen.push(`${scheduler.now()} ${e.src} ${e.action.type}`),
      );
      expect(viewport).toEqual({ width: 640, height: 480 });
      scheduler.schedule(() => ports.emitResize({ width: 320, height: 100 }), 20);
      flush();
      expect(seen.filter((line) => line.includes('widget/'))).toEqual([
        '0 adapter widget/sessionStarted',
        '0 adapter widget/viewportMeasured',
        '20 adapter widget/windowResized',
        '120 epic widget/viewportMeasured',
      ]);
      expect(viewport).toEqual({ width: 320, height: 100 });
    });
  });
});
