import { act } from 'react';
import { VirtualTimeScheduler } from 'rxjs';
import type { Ports } from '../../core/ports';
import type { Action } from '../../core/store/action';
import { createStore } from '../../core/store/store';
import * as a from '../../core/widget/actions';
import { progressDragEpic } from '../../core/widget/progress-drag.epic';
import { PROGRESS_FEATURES } from '../../core/widget/progress-drag-options';
import { widgetReducer } from '../../core/widget/reducer';
import { selectRemaining } from '../../core/widget/selectors';
import { initialWidgetState, type WidgetState } from '../../core/widget/state';
import { albumData } from '../../core/widget/testing/album-data';
import { StoreProvider } from '../hooks/store-context';
import { createTranslate } from '../hooks/translate';
import { shallowEqual, useSelector } from '../hooks/use-selector';
import { Progress } from '../widget/progress-parts';
import { byTestId, cleanup, render } from '../test/render';
import { RemainingTime } from './remaining-time';

const t = createTranslate({ progress: 'Förlopp' });

afterEach(cleanup);

function Remaining() {
  const remaining = useSelector(selectRemaining, shallowEqual);
  return <RemainingTime hidden={remaining.hidden} text={remaining.text} t={t} />;
}

/**
 * The progress bar on a real store (the widget's reducer and the drag's seek epic), playing at 3 s
 * of a 30 s preview, laid out from x=100 to x=300, on a virtual-time scheduler for the 50 ms throttle.
 */
function setup(features: Record<string, boolean> = {}, patch: (s: WidgetState) => WidgetState = (s) => s) {
  const data = albumData();
  const initial = initialWidgetState({ ...data, config: { ...data.config, features } });
  const playing = { ...initial, playback: { ...initial.playback, trackUri: 'spotify:track:track1', durationMs: 30000, progress: 3000, isPlaying: true } };
  const logged: Array<{ src: string; action: Action }> = [];
  const store = createStore({
    reducer: widgetReducer,
    epics: [progressDragEpic],
    deps: { clock: { now: () => 0 } } as unknown as Ports,
    initialState: patch(playing),
    onEnvelope: (e) => logged.push({ src: e.src, action: e.action }),
  });
  const scheduler = new VirtualTimeScheduler();
  const r = render(
    <StoreProvider store={store}>
      <Progress t={t} scheduler={scheduler} />
      <Remaining />
    </StoreProvider>,
  );
  const bar = byTestId(r.container, 'progress');
  bar.getBoundingClientRect = () => ({ left: 100, width: 200, top: 0, height: 19, right: 300, bottom: 19, x: 100, y: 0, toJSON: () => ({}) });
  /** jsdom has no PointerEvent: a MouseEvent of the pointer type, with a pointerId when given. */
  const fire = (target: EventTarget, type: string, init: MouseEventInit & { pointerId?: number }) =>
    act(() => {
      const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientY: 10, ...init });
      if (init.pointerId !== undefined) Object.defineProperty(event, 'pointerId', { value: init.pointerId });
      target.dispatchEvent(event);
    });
  return {
    store,
    bar,
    /** The seeks the store received, in ms. */
    seeks: () => logged.flatMap((e) => (a.seekRequested.match(e.action) ? [e.action.positionMs] : [])),
    /** The drag's actions as the store received them (src 'ui'). */
    drags: () => logged.filter((e) => e.action.type.startsWith('widget/progressDrag')),
    dispatch: (action: Action) => act(() => store.dispatch(action, 'adapter')),
    press: (clientX: number, button = 0, pointerId?: number) => fire(bar, 'pointerdown', { clientX, button, pointerId }),
    move: (clientX: number, clientY = 10, pointerId?: number) => fire(window, 'pointermove', { clientX, clientY, pointerId }),
    cancel: () => fire(window, 'pointercancel', { clientX: 0 }),
    release: (clientX: number) => fire(window, 'pointerup', { clientX }),
    leaveWindow: () => fire(document.body, 'mouseout', { clientX: 300, relatedTarget: null }),
    flush: () => act(() => scheduler.flush()),
    tooltip: () => bar.querySelector<HTMLElement>('[data-testid="progress-tooltip"]'),
    fill: () => bar.querySelector<HTMLElement>('.progress-bar__fill')?.style.width,
    thumb: () => byTestId(bar, 'progress-thumb'),
    remaining: () => byTestId(r.container, 'remaining').textContent,
  };
}

describe('ProgressBar drag as store state (spec 000 §2 Progress bar, issue 15)', () => {
  it('a release that comes before the bar renders the drag still ends it: a later click elsewhere seeks nothing', () => {
    // The browser boot renders store changes a task later (ui/hooks/deferred-subscribe.ts): a quick
    // click's release can come first. Here both events go before React renders (one act).
    const s = setup();
    const event = (target: EventTarget, type: string, clientX: number) =>
      target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, clientX, clientY: 10, button: 0 }));
    act(() => {
      event(s.bar, 'pointerdown', 150);
      event(window, 'pointerup', 150);
    });
    expect(s.store.getState().seekTarget?.dragging).toBe(false);
    // A click on another control: the pointer moves there and is released.
    s.move(290);
    s.release(290);
    s.flush();
    expect(s.seeks()).toEqual([7500, 7500]);
    expect(s.drags().map((e) => e.action.type)).toEqual(['widget/progressDragStarted', 'widget/progressDragEnded']);
  });

  it('a press starts a drag in the store: logged as a ui action, the seek reported, tooltip and thumb at the pointer', () => {
    const s = setup();
    s.press(150);
    expect(s.drags()).toEqual([{ src: 'ui', action: a.progressDragStarted({ button: 0, ratio: 0.25 }) }]);
    expect(s.store.getState().seekTarget).toEqual({ dragging: true, positionMs: 7500, skipRenders: 3 });
    expect(s.seeks()).toEqual([7500]);
    expect(s.bar.classList.contains('progress-bar--dragging')).toBe(true);
    expect(s.tooltip()?.textContent).toBe('0:07');
    expect(s.tooltip()?.style.left).toBe('25%');
    expect(s.thumb().style.left).toBe('25%');
    expect(s.bar.getAttribute('aria-valuetext')).toBe('0:07 / 0:30');
  });

  it('moves reach the store throttled to 50 ms and report no seek by default; the release seeks where it happened', () => {
    const s = setup();
    s.press(150);
    s.move(200);
    expect(s.tooltip()?.textContent).toBe('0:15');
    s.move(250);
    expect(s.tooltip()?.textContent).toBe('0:15');
    s.flush();
    expect(s.tooltip()?.textContent).toBe('0:22');
    expect(s.fill()).toBe('75%');
    s.release(260);
    expect(s.drags().map((e) => e.action)).toEqual([
      a.progressDragStarted({ button: 0, ratio: 0.25 }),
      a.progressDragMoved({ ratio: 0.5 }),
      a.progressDragMoved({ ratio: 0.75 }),
      a.progressDragEnded({ ratio: 0.8, via: 'release' }),
    ]);
    expect(s.seeks()).toEqual([7500, 24000]);
    expect(s.tooltip()).toBeNull();
    expect(s.bar.classList.contains('progress-bar--dragging')).toBe(false);
  });

  it('after the release the bar and the time label show the asked position until the player confirms it (no jump back)', () => {
    const s = setup();
    s.press(250);
    s.release(260);
    expect(s.fill()).toBe('80%');
    expect(s.remaining()).toBe('-0:06');
    // Positions from before the seek: the bar stays at the asked point (spec 000 §2: renders skipped).
    s.dispatch(a.playbackProgressed({ progress: 3250 }));
    s.dispatch(a.playbackProgressed({ progress: 3500 }));
    expect(s.fill()).toBe('80%');
    expect(s.remaining()).toBe('-0:06');
    expect(s.bar.getAttribute('aria-valuenow')).toBe('24000');
    // The player got there: it is the player's position from now on.
    s.dispatch(a.playbackProgressed({ progress: 24250 }));
    expect(s.store.getState().seekTarget).toBeUndefined();
    expect(s.bar.getAttribute('aria-valuenow')).toBe('24250');
    s.dispatch(a.playbackProgressed({ progress: 27000 }));
    expect(s.fill()).toBe('90%');
    expect(s.remaining()).toBe('-0:03');
  });

  it('while dragging the time label follows the pointer', () => {
    const s = setup();
    s.press(150);
    s.move(200);
    s.dispatch(a.playbackProgressed({ progress: 3250 }));
    expect(s.remaining()).toBe('-0:15');
  });

  it('with update-while-dragging, moves report seeks', () => {
    const s = setup({ [PROGRESS_FEATURES.updateWhileDragging]: true });
    s.press(150);
    s.move(200);
    expect(s.seeks()).toEqual([7500, 15000]);
  });

  it('with start ignored, the press reports no seek', () => {
    const s = setup({ [PROGRESS_FEATURES.ignoreStart]: true });
    s.press(150);
    expect(s.seeks()).toEqual([]);
    s.release(150);
    expect(s.seeks()).toEqual([7500]);
  });

  it('moving outside the window bounds counts as release', () => {
    const s = setup();
    s.press(150);
    s.move(250, -5);
    expect(s.drags().at(-1)?.action).toEqual(a.progressDragEnded({ ratio: 0.75, via: 'leftWindow' }));
    expect(s.seeks()).toEqual([7500, 22500]);
    expect(s.tooltip()).toBeNull();
    s.move(200);
    s.release(200);
    expect(s.seeks()).toHaveLength(2);
  });

  it('the pointer leaving the document (mouseout to nothing) counts as release', () => {
    const s = setup();
    s.press(150);
    s.leaveWindow();
    expect(s.seeks()).toEqual([7500, 30000]);
    expect(s.tooltip()).toBeNull();
  });

  it('a cancelled pointer releases where the bar shows, not at its meaningless point', () => {
    const s = setup();
    s.press(250);
    s.cancel();
    expect(s.drags().at(-1)?.action).toEqual(a.progressDragCancelled());
    expect(s.seeks()).toEqual([22500, 22500]);
    expect(s.tooltip()).toBeNull();
  });

  it('only the pointer that pressed moves the drag (a second finger does not)', () => {
    const s = setup({ [PROGRESS_FEATURES.updateWhileDragging]: true });
    s.press(150, 0, 1);
    s.move(200, 10, 2);
    expect(s.seeks()).toEqual([7500]);
    s.move(200, 10, 1);
    expect(s.seeks()).toEqual([7500, 15000]);
  });

  it('only the primary mouse button starts a drag (spec 000 §5): the press is logged and changes nothing', () => {
    const s = setup();
    const before = s.store.getState();
    s.press(150, 2);
    s.move(200);
    s.release(200);
    expect(s.drags().map((e) => e.action)).toEqual([a.progressDragStarted({ button: 2, ratio: 0.25 })]);
    expect(s.store.getState()).toBe(before);
    expect(s.seeks()).toEqual([]);
    expect(s.tooltip()).toBeNull();
  });

  it('a disabled bar (no length) cannot be dragged and shows no thumb on hover', () => {
    const s = setup({}, (state) => ({ ...state, playback: { ...state.playback, durationMs: null }, entities: {} }));
    expect(s.bar.getAttribute('aria-disabled')).toBe('true');
    s.press(150);
    expect(s.seeks()).toEqual([]);
    expect(s.tooltip()).toBeNull();
    expect(s.bar.classList.contains('progress-bar--thumb-on-hover')).toBe(false);
  });

  it('the thumb shows on hover only when that option is on (on by default)', () => {
    expect(setup().bar.classList.contains('progress-bar--thumb-on-hover')).toBe(true);
    expect(setup({ [PROGRESS_FEATURES.thumbOnHover]: false }).bar.classList.contains('progress-bar--thumb-on-hover')).toBe(false);
  });

  it('a keyboard seek is an asked position too: arrows step from it before the player confirms', () => {
    const s = setup();
    const arrowRight = () => {
      s.bar.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'ArrowRight' }));
    };
    act(arrowRight);
    act(arrowRight);
    expect(s.seeks()).toEqual([8000, 13000]);
    expect(s.bar.getAttribute('aria-valuenow')).toBe('13000');
  });

  it('without a drag the fill follows the player at once', () => {
    const s = setup();
    s.dispatch(a.playbackProgressed({ progress: 12600 }));
    expect(s.fill()).toBe('42%');
  });
});
