import type { Action } from '../store/action';
import * as a from './actions';
import { capPercent, clampSeek, DRAG_SKIPPED_RENDERS, dragStep, SEEK_CONFIRM_TOLERANCE_MS, type ProgressDragAction } from './progress-drag';
import { PROGRESS_FEATURES } from './progress-drag-options';
import { widgetReducer } from './reducer';
import { selectIsDragging, selectProgressPercent, selectRemaining, selectShownPositionMs } from './selectors';
import { initialWidgetState, type WidgetState } from './state';
import { albumData } from './testing/album-data';

/** An anonymous visitor's album: the bar measures the preview's 30000 ms (spec 000 §4 Preview mode). */
function stateWith(features: Partial<Record<keyof typeof PROGRESS_FEATURES, boolean>> = {}, totalKnown = true): WidgetState {
  const data = albumData();
  const named = Object.fromEntries(Object.entries(features).map(([k, v]) => [PROGRESS_FEATURES[k as keyof typeof PROGRESS_FEATURES], v]));
  const base = initialWidgetState({ ...data, config: { ...data.config, features: named } });
  if (totalKnown) return { ...base, playback: { ...base.playback, trackUri: 'spotify:track:track1', durationMs: 30000, progress: 3000, isPlaying: true } };
  // A resource without a length: the bar is disabled.
  const resource = { ...data.resource, tracks: { items: [] } } as typeof data.resource;
  return initialWidgetState({ ...data, resource });
}

const down = (ratio: number, button = 0) => a.progressDragStarted({ button, ratio });
const move = (ratio: number) => a.progressDragMoved({ ratio });
const up = (ratio: number) => a.progressDragEnded({ ratio, via: 'release' });
const outside = (ratio: number) => a.progressDragEnded({ ratio, via: 'leftWindow' });
const cancel = a.progressDragCancelled();
const progress = (ms: number) => a.playbackProgressed({ progress: ms });

/**
 * Runs the actions through the reducer as the store would, with the seeks progressDragEpic reports
 * for each drag action (dragStep against the state before it) dispatched right after it.
 */
function run(actions: ReadonlyArray<Action>, state: WidgetState = stateWith()) {
  const seeks: number[] = [];
  for (const action of actions) {
    const seek = action.type.startsWith('widget/progressDrag') ? dragStep(state, action as ProgressDragAction).seekMs : null;
    state = widgetReducer(state, action);
    if (seek !== null) {
      seeks.push(seek);
      state = widgetReducer(state, a.seekRequested({ positionMs: seek }));
    }
  }
  return { state, seeks, dragging: selectIsDragging(state), shown: selectShownPositionMs(state) };
}

describe('progress drag rules (spec 000 §2 Progress bar, §5)', () => {
  type Features = Parameters<typeof stateWith>[0];
  it.each<[string, Action[], Features, number[], boolean]>([
    ['a primary press starts a drag and reports the seek on start', [down(0.5)], {}, [15000], true],
    ['"unless start is ignored": no seek on start', [down(0.5)], { ignoreStart: true }, [], true],
    ['a release ends the drag and reports the seek where it was let go', [down(0.5), up(0.25)], {}, [15000, 7500], false],
    ['with start ignored only the release seeks', [down(0.5), move(0.6), up(0.6)], { ignoreStart: true }, [18000], false],
    ['moves do not seek unless update-while-dragging is on', [down(0.1), move(0.2), move(0.3)], {}, [3000], true],
    ['moves seek when update-while-dragging is on', [down(0.1), move(0.2), move(0.3)], { updateWhileDragging: true }, [3000, 6000, 9000], true],
    ['moving outside the window bounds counts as release', [down(0.1), move(0.4), outside(0.4)], {}, [3000, 12000], false],
    ['a cancelled pointer releases where the bar shows', [down(0.1), move(0.4), cancel], {}, [3000, 12000], false],
    ['§5 only the primary mouse button starts a drag (right button)', [down(0.5, 2), move(0.6), up(0.6)], {}, [], false],
    ['§5 only the primary mouse button starts a drag (middle button)', [down(0.5, 1)], {}, [], false],
    ['moves and releases without a drag do nothing', [move(0.5), up(0.5), outside(0.5), cancel], {}, [], false],
    ['a second press during a drag does not restart it', [down(0.1), down(0.9)], {}, [3000], true],
    ['§5 seeks are clamped between 0 and the maximum', [down(-0.5), move(1.5), up(1.5)], { updateWhileDragging: true }, [0, 30000, 30000], false],
  ])('%s', (_rule, actions, features, seeks, dragging) => {
    const result = run(actions, stateWith(features));
    expect(result.seeks).toEqual(seeks);
    expect(result.dragging).toBe(dragging);
  });

  it('a disabled bar (no length) cannot be dragged', () => {
    const disabled = stateWith({}, false);
    const result = run([down(0.5), move(0.6), up(0.6)], disabled);
    expect(result.seeks).toEqual([]);
    expect(result.state).toBe(disabled);
  });

  it('while dragging the bar and the time label follow the pointer, not the player', () => {
    const { state } = run([down(0.1), move(0.5), progress(4000)]);
    expect(selectShownPositionMs(state)).toBe(15000);
    expect(selectProgressPercent(state)).toBe(50);
    expect(selectRemaining(state).text).toBe('-0:15');
    // The player's own position is kept apart.
    expect(state.playback.progress).toBe(4000);
  });

  it('actions that change nothing return the same state (no re-render, nothing in the replay diff)', () => {
    const s = stateWith();
    expect(widgetReducer(s, move(0.5))).toBe(s);
    expect(widgetReducer(s, down(0.5, 2))).toBe(s);
    const dragging = run([down(0.5)]).state;
    expect(widgetReducer(dragging, down(0.7))).toBe(dragging);
  });
});

describe('the asked position is kept apart from the confirmed one until the player gets there', () => {
  const released = run([down(0.2), move(0.8), up(0.8)]).state; // asked 24000, the player at 3000

  it('after the release the bar and the time label show the asked position', () => {
    expect(released.seekTarget).toEqual({ dragging: false, positionMs: 24000, skipRenders: DRAG_SKIPPED_RENDERS });
    expect(selectShownPositionMs(released)).toBe(24000);
    expect(selectRemaining(released).text).toBe('-0:06');
    expect(released.playback.progress).toBe(3000);
  });

  it(`a stale player position does not pull the bar back; a position within ${SEEK_CONFIRM_TOLERANCE_MS} ms confirms the target`, () => {
    const { state, shown } = run([progress(3250), progress(3500)], released);
    expect(shown).toBe(24000);
    expect(state.seekTarget?.skipRenders).toBe(DRAG_SKIPPED_RENDERS - 2);
    const confirmed = run([progress(24100)], state);
    expect(confirmed.state.seekTarget).toBeUndefined();
    expect(confirmed.shown).toBe(24100);
  });

  it(`spec 000 §2: after ${DRAG_SKIPPED_RENDERS} skipped renders the bar shows where the player is (it went elsewhere)`, () => {
    let s = released;
    const seen = [3250, 3500, 3750, 4000].map((ms) => {
      s = widgetReducer(s, progress(ms));
      return selectShownPositionMs(s);
    });
    expect(seen).toEqual([24000, 24000, 24000, 4000]);
    expect(s.seekTarget).toBeUndefined();
  });

  it('a keyboard seek is an asked position too, clamped to the bar (spec 000 §5)', () => {
    const s = stateWith();
    expect(widgetReducer(s, a.seekRequested({ positionMs: 45000 })).seekTarget).toEqual({ dragging: false, positionMs: 30000, skipRenders: 3 });
    expect(widgetReducer(s, a.seekRequested({ positionMs: -5 })).seekTarget?.positionMs).toBe(0);
    expect(widgetReducer(s, a.seekRequested({ positionMs: 1000 })).playback).toBe(s.playback);
  });

  it('a seek with no known length asks nothing', () => {
    const s = stateWith({}, false);
    expect(widgetReducer(s, a.seekRequested({ positionMs: 1000 }))).toBe(s);
  });

  it('a track change drops a target asked on the track before; a reset too', () => {
    const next = widgetReducer(released, a.playbackTrackChanged({ uri: 'spotify:track:track2', durationMs: 30000 }));
    expect(next.seekTarget).toBeUndefined();
    expect(widgetReducer(released, a.playbackReset()).seekTarget).toBeUndefined();
  });

  it('a seek asked before any track was known (a click on the bar before play) waits for the first track', () => {
    const idle = initialWidgetState(albumData());
    const asked = widgetReducer(idle, a.seekRequested({ positionMs: 12000 }));
    const loaded = widgetReducer(asked, a.playbackTrackChanged({ uri: 'spotify:track:track1', durationMs: 30000 }));
    expect(selectShownPositionMs(loaded)).toBe(12000);
  });

  it('a drag in progress goes on through a track change', () => {
    const dragging = run([down(0.5)]).state;
    const next = widgetReducer(dragging, a.playbackTrackChanged({ uri: 'spotify:track:track2', durationMs: 30000 }));
    expect(selectIsDragging(next)).toBe(true);
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
});
