import type { Observable } from 'rxjs';
import * as a from './actions';
import type { ProgressDragAction } from './progress-drag';
import { DRAG_MOVE_THROTTLE_MS, throttleDragMoves } from './progress-drag-stream';
import { testScheduler } from './testing/marbles';

const actions: Record<string, ProgressDragAction> = {
  d: a.progressDragStarted({ button: 0, ratio: 0.1 }),
  a: a.progressDragMoved({ ratio: 0.2 }),
  b: a.progressDragMoved({ ratio: 0.3 }),
  c: a.progressDragMoved({ ratio: 0.4 }),
  e: a.progressDragMoved({ ratio: 0.5 }),
  f: a.progressDragMoved({ ratio: 0.6 }),
  u: a.progressDragEnded({ ratio: 0.9, via: 'release' }),
  l: a.progressDragEnded({ ratio: 0.5, via: 'leftWindow' }),
  x: a.progressDragCancelled(),
};

function setup() {
  const scheduler = testScheduler((actual, expected) => expect(actual).toEqual(expected));
  const throttled = (input: string): Observable<ProgressDragAction> => throttleDragMoves(scheduler.createHotObservable(input, actions), scheduler);
  return { scheduler, throttled };
}

describe(`drag moves reach the store throttled to ${DRAG_MOVE_THROTTLE_MS} ms (spec 000 §2, constants table)`, () => {
  it('a burst of moves: its first at once, then at most one per 50 ms, ending on its last move', () => {
    const { scheduler, throttled } = setup();
    scheduler.run(({ expectObservable }) => {
      // d at 0; moves a 10, b 30, c 45, e 70; release u 200.
      // a leads at 10; its window 10..60 ends with its last move c; the next window 60..110 ends with e.
      expectObservable(throttled('d 9ms a 19ms b 14ms c 24ms e 129ms u')).toBe('d 9ms a 49ms c 49ms e 89ms u', actions);
    });
  });

  it('a press and a release pass at once', () => {
    const { scheduler, throttled } = setup();
    scheduler.run(({ expectObservable }) => {
      expectObservable(throttled('d 4ms u')).toBe('d 4ms u', actions);
    });
  });

  it('a release inside a throttle window drops the move the throttle holds (the release carries its own point)', () => {
    const { scheduler, throttled } = setup();
    scheduler.run(({ expectObservable }) => {
      // b (20) is held for the window 10..60; the release at 30 ends the drag: b never reaches the store.
      expectObservable(throttled('d 9ms a 9ms b 9ms u')).toBe('d 9ms a 19ms u', actions);
    });
  });

  it('leaving the window and a cancelled pointer end the drag at once too', () => {
    const { scheduler, throttled } = setup();
    scheduler.run(({ expectObservable }) => {
      expectObservable(throttled('d 9ms a 4ms b 4ms l')).toBe('d 9ms a 9ms l', actions);
      expectObservable(throttled('d 9ms a 4ms b 4ms x')).toBe('d 9ms a 9ms x', actions);
    });
  });

  it('the next drag starts with a fresh throttle: its first move passes at once', () => {
    const { scheduler, throttled } = setup();
    scheduler.run(({ expectObservable }) => {
      expectObservable(throttled('d 9ms a 4ms u 4ms d 4ms f')).toBe('d 9ms a 4ms u 4ms d 4ms f', actions);
    });
  });
});
