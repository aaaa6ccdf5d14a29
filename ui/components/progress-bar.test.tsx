import { act } from 'react';
import { VirtualTimeScheduler } from 'rxjs';
import { createTranslate } from '../hooks/translate';
import { byTestId, cleanup, render } from '../test/render';
import { ProgressBar, type ProgressBarProps } from './progress-bar';

const t = createTranslate({ progress: 'Förlopp' });

afterEach(cleanup);

/** A 30 s bar laid out from x=100 to x=300, on a virtual-time scheduler for the 50 ms throttle. */
function setup(patch: Partial<ProgressBarProps> = {}) {
  const onSeek = jest.fn();
  const scheduler = new VirtualTimeScheduler();
  const props: ProgressBarProps = { positionMs: 3000, totalMs: 30000, percent: 10, onSeek, t, scheduler, ...patch };
  const r = render(<ProgressBar {...props} />);
  const bar = byTestId(r.container, 'progress');
  bar.getBoundingClientRect = () => ({ left: 100, width: 200, top: 0, height: 19, right: 300, bottom: 19, x: 100, y: 0, toJSON: () => ({}) });
  /** jsdom has no PointerEvent: a MouseEvent of the pointer type, with a pointerId when given. */
  const fire = (target: EventTarget, type: string, init: MouseEventInit & { pointerId?: number }) =>
    act(() => {
      const event = new MouseEvent(type, { bubbles: true, clientY: 10, ...init });
      if (init.pointerId !== undefined) Object.defineProperty(event, 'pointerId', { value: init.pointerId });
      target.dispatchEvent(event);
    });
  return {
    onSeek,
    bar,
    rerender: (more: Partial<ProgressBarProps>) => r.rerender(<ProgressBar {...props} {...more} />),
    press: (clientX: number, button = 0, pointerId?: number) => fire(bar, 'pointerdown', { clientX, button, pointerId }),
    move: (clientX: number, clientY = 10, pointerId?: number) => fire(window, 'pointermove', { clientX, clientY, pointerId }),
    cancel: () => fire(window, 'pointercancel', { clientX: 0 }),
    release: (clientX: number) => fire(window, 'pointerup', { clientX }),
    leaveWindow: () => fire(document.body, 'mouseout', { clientX: 300, relatedTarget: null }),
    flush: () => act(() => scheduler.flush()),
    tooltip: () => bar.querySelector<HTMLElement>('[data-testid="progress-tooltip"]'),
    fill: () => bar.querySelector<HTMLElement>('.progress-bar__fill')?.style.width,
    thumb: () => byTestId(bar, 'progress-thumb'),
  };
}

describe('ProgressBar drag (spec 000 §2 Progress bar)', () => {
  it('a press starts a drag: the seek is reported, the tooltip and thumb appear at the pointer', () => {
    const s = setup();
    s.press(150);
    expect(s.onSeek.mock.calls).toEqual([[7500]]);
    expect(s.bar.classList.contains('progress-bar--dragging')).toBe(true);
    expect(s.tooltip()?.textContent).toBe('0:07');
    expect(s.tooltip()?.style.left).toBe('25%');
    expect(s.thumb().style.left).toBe('25%');
    expect(s.bar.getAttribute('aria-valuetext')).toBe('0:07 / 0:30');
  });

  it('moves are throttled to 50 ms and report no seek by default; the release reports where it happened', () => {
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
    expect(s.onSeek.mock.calls).toEqual([[7500], [24000]]);
    expect(s.tooltip()).toBeNull();
    expect(s.bar.classList.contains('progress-bar--dragging')).toBe(false);
  });

  it('with update-while-dragging, moves report seeks', () => {
    const s = setup({ updateWhileDragging: true });
    s.press(150);
    s.move(200);
    expect(s.onSeek.mock.calls).toEqual([[7500], [15000]]);
  });

  it('with start ignored, the press reports no seek', () => {
    const s = setup({ ignoreStart: true });
    s.press(150);
    expect(s.onSeek).not.toHaveBeenCalled();
    s.release(150);
    expect(s.onSeek.mock.calls).toEqual([[7500]]);
  });

  it('moving outside the window bounds counts as release', () => {
    const s = setup();
    s.press(150);
    s.move(250, -5);
    expect(s.onSeek.mock.calls).toEqual([[7500], [22500]]);
    expect(s.tooltip()).toBeNull();
    s.move(200);
    s.release(200);
    expect(s.onSeek).toHaveBeenCalledTimes(2);
  });

  it('the pointer leaving the document (mouseout to nothing) counts as release', () => {
    const s = setup();
    s.press(150);
    s.leaveWindow();
    expect(s.onSeek.mock.calls).toEqual([[7500], [30000]]);
    expect(s.tooltip()).toBeNull();
  });

  it('a cancelled pointer releases where the bar shows, not at its meaningless point', () => {
    const s = setup();
    s.press(250);
    s.cancel();
    expect(s.onSeek.mock.calls).toEqual([[22500], [22500]]);
    expect(s.tooltip()).toBeNull();
  });

  it('only the pointer that pressed moves the drag (a second finger does not)', () => {
    const s = setup({ updateWhileDragging: true });
    s.press(150, 0, 1);
    s.move(200, 10, 2);
    expect(s.onSeek.mock.calls).toEqual([[7500]]);
    s.move(200, 10, 1);
    expect(s.onSeek.mock.calls).toEqual([[7500], [15000]]);
  });

  it('only the primary mouse button starts a drag (spec 000 §5)', () => {
    const s = setup();
    s.press(150, 2);
    s.move(200);
    s.release(200);
    expect(s.onSeek).not.toHaveBeenCalled();
    expect(s.tooltip()).toBeNull();
  });

  it('a disabled bar cannot be dragged and shows no thumb on hover', () => {
    const s = setup({ totalMs: null, percent: 0 });
    s.press(150);
    expect(s.onSeek).not.toHaveBeenCalled();
    expect(s.tooltip()).toBeNull();
    expect(s.bar.classList.contains('progress-bar--thumb-on-hover')).toBe(false);
  });

  it('the thumb shows on hover only when that option is on (on by default)', () => {
    expect(setup().bar.classList.contains('progress-bar--thumb-on-hover')).toBe(true);
    expect(setup({ thumbOnHover: false }).bar.classList.contains('progress-bar--thumb-on-hover')).toBe(false);
  });

  it('after drag start, 3 renders of the bar are skipped: the fill keeps the released point', () => {
    const s = setup();
    s.press(250);
    s.release(250);
    expect(s.fill()).toBe('75%');
    const seen = [11, 12, 13, 14].map((percent) => {
      s.rerender({ percent });
      return s.fill();
    });
    expect(seen).toEqual(['75%', '75%', '75%', '14%']);
  });

  it('without a drag the fill follows the store at once', () => {
    const s = setup();
    s.rerender({ percent: 42 });
    expect(s.fill()).toBe('42%');
  });
});
