import {
  capPercent,
  clampSeek,
  DRAG_SKIPPED_RENDERS,
  dragStep,
  initialDragState,
  type DragEvent,
  type DragOptions,
  type DragState,
} from './progress-drag';

const options: DragOptions = { disabled: false, ignoreStart: false, updateWhileDragging: false, totalMs: 30000 };
const idle = initialDragState(10);
const down = (ratio: number, button = 0): DragEvent => ({ kind: 'pointerDown', button, ratio });
const move = (ratio: number): DragEvent => ({ kind: 'pointerMove', ratio });
const up = (ratio?: number): DragEvent => (ratio === undefined ? { kind: 'pointerUp' } : { kind: 'pointerUp', ratio });
const left: DragEvent = { kind: 'pointerLeftWindow' };
const render = (percent: number): DragEvent => ({ kind: 'storeRender', percent });

/** Runs the events from `state`; returns the last state and every seek reported. */
function run(events: DragEvent[], opts: Partial<DragOptions> = {}, state: DragState = idle) {
  const seeks: number[] = [];
  for (const event of events) {
    const step = dragStep(state, event, { ...options, ...opts });
    state = step.state;
    if (step.seekMs !== null) seeks.push(step.seekMs);
  }
  return { state, seeks };
}

describe('progress drag rules (spec 000 §2 Progress bar)', () => {
  it.each<[string, DragEvent[], Partial<DragOptions>, number[], boolean]>([
    ['a primary press starts a drag and reports the seek on start', [down(0.5)], {}, [15000], true],
    ['"unless start is ignored": no seek on start', [down(0.5)], { ignoreStart: true }, [], true],
    ['a release ends the drag and reports the seek on release', [down(0.5), up()], {}, [15000, 15000], false],
    ['a release reports where the pointer was let go', [down(0.5), up(0.25)], {}, [15000, 7500], false],
    ['with start ignored only the release seeks', [down(0.5), move(0.6), up()], { ignoreStart: true }, [18000], false],
    ['moves do not seek unless update-while-dragging is on', [down(0.1), move(0.2), move(0.3)], {}, [3000], true],
    ['moves seek when update-while-dragging is on', [down(0.1), move(0.2), move(0.3)], { updateWhileDragging: true }, [3000, 6000, 9000], true],
    ['moving outside the window bounds counts as release', [down(0.1), move(0.4), left], {}, [3000, 12000], false],
    ['leaving the window at a point releases there', [down(0.1), { kind: 'pointerLeftWindow', ratio: 2 }], {}, [3000, 30000], false],
    ['a disabled bar cannot be dragged', [down(0.5), move(0.6), up()], { disabled: true }, [], false],
    ['§5 only the primary mouse button starts a drag (right button)', [down(0.5, 2), move(0.6), up()], {}, [], false],
    ['§5 only the primary mouse button starts a drag (middle button)', [down(0.5, 1)], {}, [], false],
    ['moves and releases without a drag do nothing', [move(0.5), up(0.5), left], {}, [], false],
    ['a second press during a drag does not restart it', [down(0.1), down(0.9)], {}, [3000], true],
    ['§5 seeks are clamped between 0 and the maximum', [down(-0.5), move(1.5), up()], { updateWhileDragging: true }, [0, 30000, 30000], false],
  ])('%s', (_rule, events, opts, seeks, dragging) => {
    const result = run(events, opts);
    expect(result.seeks).toEqual(seeks);
    expect(result.state.dragging).toBe(dragging);
  });

  it('while dragging the tooltip time and the fill follow the pointer', () => {
    const { state } = run([down(0.1), move(0.5)]);
    expect(state.dragMs).toBe(15000);
    expect(state.shownPercent).toBe(50);
  });

  it('the fill follows the store when no drag is in progress', () => {
    expect(run([render(40), render(60)]).state.shownPercent).toBe(60);
  });

  it('returns the same state when nothing changes (the UI skips a render)', () => {
    expect(dragStep(idle, move(0.5), options).state).toBe(idle);
    expect(dragStep(idle, render(10), options).state).toBe(idle);
  });
});

describe(`after drag start, ${DRAG_SKIPPED_RENDERS} renders of the bar are skipped (spec 000 §2)`, () => {
  it('the three store renders after a drag start do not move the fill; the fourth does', () => {
    const started = run([down(0.5), up()]).state;
    expect(started.shownPercent).toBe(50);
    let state = started;
    const seen = [render(11), render(12), render(13), render(14)].map((e) => (state = dragStep(state, e, options).state).shownPercent);
    expect(seen).toEqual([50, 50, 50, 14]);
  });

  it('renders during the drag count towards the three, and the bar stays at the pointer', () => {
    const { state } = run([down(0.5), render(11), render(12), render(13), render(14), move(0.7)]);
    expect(state.shownPercent).toBe(70);
    expect(state.skipRenders).toBe(0);
    expect(run([up(), render(20)], {}, state).state.shownPercent).toBe(20);
  });

  it('a refused press (right button) skips nothing', () => {
    expect(run([down(0.5, 2), render(20)]).state.shownPercent).toBe(20);
  });
});

describe('spec 000 §5 clamps', () => {
  it.each([
    [-100, 0],
    [0, 0],
    [12345.6, 12346],
    [30000, 30000],
    [45000, 30000],
  ])('seek %s ms in a 30000 ms bar is clamped to %s ms', (ms, clamped) => {
    expect(clampSeek(ms, 30000)).toBe(clamped);
  });

  it.each([
    [-5, 0],
    [50, 50],
    [100, 100],
    [140, 100],
    [Number.NaN, 0],
  ])('progress percent %s is capped to %s', (percent, capped) => {
    expect(capPercent(percent)).toBe(capped);
  });

  it('an unknown total (0 ms) shows no fill while dragging', () => {
    expect(run([down(0.5)], { totalMs: 0 }).state.shownPercent).toBe(0);
  });
});
