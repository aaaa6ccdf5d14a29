import { filter, map } from 'rxjs/operators';
import { initialDragState, type DragEvent, type DragOptions } from './progress-drag';
import { DRAG_MOVE_THROTTLE_MS, progressDrag } from './progress-drag-stream';
import { testScheduler } from './testing/marbles';

const base: DragOptions = { disabled: false, ignoreStart: false, updateWhileDragging: false, totalMs: 10000 };
const events: Record<string, DragEvent> = {
  d: { kind: 'pointerDown', button: 0, ratio: 0.1 },
  r: { kind: 'pointerDown', button: 2, ratio: 0.1 },
  a: { kind: 'pointerMove', ratio: 0.2 },
  b: { kind: 'pointerMove', ratio: 0.3 },
  c: { kind: 'pointerMove', ratio: 0.4 },
  e: { kind: 'pointerMove', ratio: 0.5 },
  u: { kind: 'pointerUp' },
  v: { kind: 'pointerUp', ratio: 0.9 },
  l: { kind: 'pointerLeftWindow' },
  p: { kind: 'storeRender', percent: 1 },
  q: { kind: 'storeRender', percent: 2 },
  s: { kind: 'storeRender', percent: 3 },
  t: { kind: 'storeRender', percent: 4 },
};
/** Seek values in ms by marble letter: 1000 ms is 10% of the 10000 ms bar. */
const ms = { d: 1000, a: 2000, b: 3000, c: 4000, e: 5000, v: 9000 };

function setup(opts: Partial<DragOptions> = {}) {
  const scheduler = testScheduler((actual, expected) => expect(actual).toEqual(expected));
  const steps = (input: string) =>
    progressDrag(scheduler.createHotObservable(input, events), () => ({ ...base, ...opts }), initialDragState(0), scheduler);
  return { scheduler, steps };
}

describe(`drag moves are throttled to ${DRAG_MOVE_THROTTLE_MS} ms (spec 000 §2, constants table)`, () => {
  it('with update-while-dragging, a burst of moves seeks at its first move and then at most once per 50 ms, ending on its last move', () => {
    const { scheduler, steps } = setup({ updateWhileDragging: true });
    scheduler.run(({ expectObservable }) => {
      // d at 0; moves a 10, b 30, c 45, e 70; release u 200.
      const seeks = steps('d 9ms a 19ms b 14ms c 24ms e 129ms u').pipe(
        map((s) => s.seekMs),
        filter((s): s is number => s !== null),
      );
      // a leads at 10; its window 10..60 ends with its last move c; the next window 60..110 ends with e;
      // the release at 200 reports where the bar is (e).
      expectObservable(seeks).toBe('d 9ms a 49ms c 49ms e 89ms u', { d: ms.d, a: ms.a, c: ms.c, e: ms.e, u: ms.e });
    });
  });

  it('without update-while-dragging, moves seek nothing but the tooltip time follows them at the throttled times', () => {
    const { scheduler, steps } = setup();
    scheduler.run(({ expectObservable }) => {
      const out = steps('d 9ms a 9ms b 9ms c').pipe(map((s) => `${s.state.dragMs}${s.seekMs === null ? '' : ' seek'}`));
      // b (20) is dropped inside the window 10..60; c (30) lands as its trailing value at 60.
      expectObservable(out).toBe('d 9ms a 49ms c', { d: '1000 seek', a: '2000', c: '4000' });
    });
  });

  it('a release inside a throttle window reports its own point, and the late trailing move is ignored', () => {
    const { scheduler, steps } = setup();
    scheduler.run(({ expectObservable }) => {
      const seeks = steps('d 9ms a 9ms b 9ms v').pipe(map((s) => `${s.state.dragging ? 'drag' : 'idle'} ${s.seekMs ?? '-'}`));
      // v (30) releases at 9000 ms; the held-back b surfaces at 60, after the release: no drag, no seek.
      expectObservable(seeks).toBe('d 9ms a 19ms v 29ms b', {
        d: `drag ${ms.d}`,
        a: 'drag -',
        v: `idle ${ms.v}`,
        b: 'idle -',
      });
    });
  });

  it('leaving the window releases at once with the last shown point (spec 000 §2 "counts as release")', () => {
    const { scheduler, steps } = setup();
    scheduler.run(({ expectObservable }) => {
      const seeks = steps('d 9ms a 4ms l').pipe(
        map((s) => s.seekMs),
        filter((s): s is number => s !== null),
      );
      // a (10) is shown without a seek; l (15) releases there.
      expectObservable(seeks).toBe('d 14ms l', { d: ms.d, l: ms.a });
    });
  });

  it('a right-button press starts nothing: its moves and release report no seek (spec 000 §5)', () => {
    const { scheduler, steps } = setup({ updateWhileDragging: true });
    scheduler.run(({ expectObservable }) => {
      const seeks = steps('r 9ms a 9ms u').pipe(filter((s) => s.seekMs !== null));
      expectObservable(seeks).toBe('');
    });
  });
});

describe('after drag start, 3 renders of the bar are skipped (spec 000 §2)', () => {
  it('store renders every 250 ms: the three after the press keep the released point, the fourth shows', () => {
    const { scheduler, steps } = setup();
    scheduler.run(({ expectObservable }) => {
      // Press at 0 (10%), release at 100 ms (90%); store renders at 250, 500, 750, 1000 ms.
      const out = steps('d 99ms v 149ms p 249ms q 249ms s 249ms t').pipe(map((s) => s.state.shownPercent));
      expectObservable(out).toBe('d 99ms v 149ms p 249ms q 249ms s 249ms t', { d: 10, v: 90, p: 90, q: 90, s: 90, t: 4 });
    });
  });

  it('without a drag every store render shows', () => {
    const { scheduler, steps } = setup();
    scheduler.run(({ expectObservable }) => {
      const out = steps('p 249ms q').pipe(map((s) => s.state.shownPercent));
      expectObservable(out).toBe('p 249ms q', { p: 1, q: 2 });
    });
  });
});
