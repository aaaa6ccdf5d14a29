import { act } from 'react';
import { progressDragStarted } from '../../core/widget/actions';
import { createTranslate } from '../hooks/translate';
import { byTestId, cleanup, render } from '../test/render';
import { CallToAction } from './call-to-action';
import { CoverArt } from './cover-art';
import { PlayPauseButton } from './play-pause-button';
import { clampSeek, KEY_STEP_MS, ProgressBar } from './progress-bar';
import { RemainingTime } from './remaining-time';
import { TrackInfo } from './track-info';
import { TrackList, type TrackListItem } from './track-list';

const t = createTranslate({ play: 'Spela', pause: 'Pausa' });

afterEach(cleanup);

describe('createTranslate (texts from translations, a missing key falls back to the key)', () => {
  it('translates known keys and echoes unknown or empty ones', () => {
    const tr = createTranslate({ play: 'Spela', empty: '' });
    expect([tr('play'), tr('pause'), tr('empty'), tr('toString')]).toEqual(['Spela', 'pause', 'empty', 'toString']);
  });
});

describe('PlayPauseButton (spec 000 §2 Play/pause button)', () => {
  it('is a real button named by the translated play or pause text, with its state', () => {
    const onToggle = jest.fn();
    const r = render(<PlayPauseButton playing={false} onToggle={onToggle} t={t} />);
    const button = byTestId(r.container, 'play-button');
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('aria-label')).toBe('Spela');
    expect(button.dataset['state']).toBe('paused');
    r.rerender(<PlayPauseButton playing onToggle={onToggle} t={t} />);
    expect(button.getAttribute('aria-label')).toBe('Pausa');
    expect(button.dataset['state']).toBe('playing');
  });

  it('shows the cover art behind the glyph and calls onToggle on click', () => {
    const onToggle = jest.fn();
    const r = render(
      <PlayPauseButton playing={false} onToggle={onToggle} t={t}>
        <CoverArt images={[{ url: 'c.jpg', width: 300 }]} size={80} />
      </PlayPauseButton>,
    );
    const button = byTestId(r.container, 'play-button');
    expect(button.querySelector('[data-testid="cover"]')).not.toBeNull();
    expect(button.querySelector('svg')).not.toBeNull();
    act(() => button.click());
    expect(onToggle).toHaveBeenCalledTimes(1);
  });
});

describe('CoverArt (spec 000 §5 image choice, §9 legacy cover art 80 px)', () => {
  const images = [
    { url: 'c640', width: 640 },
    { url: 'c160', width: 160 },
    { url: 'c64', width: 64 },
  ];

  it('offers the smallest image wide enough for 1x and for 2x', () => {
    const img = byTestId(render(<CoverArt images={images} size={80} />).container, 'cover');
    expect(img.getAttribute('src')).toBe('c160');
    expect(img.getAttribute('srcset')).toBeNull(); // 160 px serves both densities
    expect(img.getAttribute('width')).toBe('80');
    const img2 = byTestId(render(<CoverArt images={[...images, { url: 'c100', width: 100 }]} size={80} />).container, 'cover');
    expect(img2.getAttribute('src')).toBe('c100');
    expect(img2.getAttribute('srcset')).toBe('c100 1x, c160 2x');
  });

  it('renders an empty square when there is no image', () => {
    const cover = byTestId(render(<CoverArt images={[]} size={80} />).container, 'cover');
    expect(cover.tagName).toBe('SPAN');
    expect(cover.style.width).toBe('80px');
  });
});

describe('RemainingTime (spec 000 §2 Remaining-time label)', () => {
  it('shows the text it is given and hides itself when told', () => {
    const r = render(<RemainingTime hidden={false} text="-0:17" t={t} />);
    const label = byTestId(r.container, 'remaining');
    expect(label.textContent).toBe('-0:17');
    expect(label.hidden).toBe(false);
    r.rerender(<RemainingTime hidden text="-0:00" t={t} />);
    expect(label.hidden).toBe(true);
  });
});

describe('TrackInfo (spec 000 §2: clicking the metadata opens the item)', () => {
  it('links title and subtitle to the open URL in a new tab, without opener', () => {
    const r = render(<TrackInfo title="An Album" subtitle="Ann, Bob" href="https://open.test/album/x" />);
    const link = byTestId(r.container, 'title').closest('a');
    expect(link?.getAttribute('href')).toBe('https://open.test/album/x');
    expect(link?.getAttribute('target')).toBe('_blank');
    // Issue 12: the opened tab gets no handle on the widget and not the embedding page's address.
    expect(link?.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    expect(byTestId(r.container, 'subtitle').closest('a')).toBe(link);
    expect(byTestId(r.container, 'title').textContent).toBe('An Album');
    expect(byTestId(r.container, 'subtitle').textContent).toBe('Ann, Bob');
  });
});

describe('CallToAction (spec 000 §2: the call to action opens the item)', () => {
  it('issue 12: opens a new tab without opener or referrer', () => {
    const r = render(<CallToAction text="Listen" href="https://open.test/album/x" />);
    const link = byTestId(r.container, 'call-to-action');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
  });
});

describe('TrackList (spec 000 §2 Track list table, §9 row heights)', () => {
  const items: TrackListItem[] = [
    { uri: 'u1', name: 'One', subtitle: null, durationMs: 225000 },
    { uri: 'u2', name: 'Two', subtitle: null, durationMs: 9000 },
  ];

  it('renders nothing for no tracks', () => {
    expect(render(<TrackList items={[]} playingUri={null} t={t} />).container.innerHTML).toBe('');
  });

  it('shows number, title and duration in 19 px rows', () => {
    const rows = render(<TrackList items={items} playingUri={null} t={t} />).container.querySelectorAll<HTMLElement>('[data-testid="track-row"]');
    expect(Array.from(rows, (row) => row.textContent)).toEqual(['1 One 3:45', '2 Two 0:09']);
    expect(Array.from(rows, (row) => row.style.height)).toEqual(['19px', '19px']);
  });

  it('uses 38 px rows with the artists subtitle (playlists)', () => {
    const withSub = items.map((i) => ({ ...i, subtitle: 'Ann, Bob' }));
    const row = byTestId(render(<TrackList items={withSub} playingUri={null} t={t} />).container, 'track-row');
    expect(row.style.height).toBe('38px');
    expect(row.textContent).toContain('Ann, Bob');
  });

  it('shows the playing marker instead of the number on the playing row', () => {
    const rows = render(<TrackList items={items} playingUri="u2" t={t} />).container.querySelectorAll('[data-testid="track-row"]');
    expect(rows[1]?.querySelector('svg')).not.toBeNull();
    expect(rows[1]?.getAttribute('aria-current')).toBe('true');
    expect(rows[0]?.querySelector('svg')).toBeNull();
  });
});

describe('ProgressBar (spec 000 §2 Progress bar, §5 seek clamp)', () => {
  const setup = (totalMs: number | null, positionMs = 10000) => {
    const onSeek = jest.fn();
    const onDrag = jest.fn();
    const r = render(
      <ProgressBar positionMs={positionMs} totalMs={totalMs} percent={totalMs ? 33.3 : 0} dragging={false} onDrag={onDrag} onSeek={onSeek} t={t} />,
    );
    const bar = byTestId(r.container, 'progress');
    bar.getBoundingClientRect = () => ({ left: 100, width: 200, top: 0, height: 19, right: 300, bottom: 19, x: 100, y: 0, toJSON: () => ({}) });
    const showAt = (shownMs: number) =>
      r.rerender(<ProgressBar positionMs={shownMs} totalMs={totalMs} percent={totalMs ? 33.3 : 0} dragging={false} onDrag={onDrag} onSeek={onSeek} t={t} />);
    return { onSeek, onDrag, bar, showAt };
  };
  const press = (bar: HTMLElement, clientX: number, button = 0) => {
    const event = new MouseEvent('pointerdown', { bubbles: true, cancelable: true, clientX, button });
    act(() => {
      bar.dispatchEvent(event);
    });
    return event;
  };
  const key = (bar: HTMLElement, k: string) =>
    act(() => {
      bar.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: k }));
    });

  it('is an accessible slider with its value and the filled width', () => {
    const { bar } = setup(30000);
    expect(bar.getAttribute('role')).toBe('slider');
    expect(bar.tabIndex).toBe(0);
    expect(bar.getAttribute('aria-valuemax')).toBe('30000');
    expect(bar.getAttribute('aria-valuenow')).toBe('10000');
    expect(bar.getAttribute('aria-valuetext')).toBe('0:10 / 0:30');
    expect((bar.querySelector('.progress-bar__fill') as HTMLElement).style.width).toBe('33.3%');
  });

  it('a press is sent as the drag start, with its button and where along the bar (the store decides and seeks)', () => {
    const { onDrag, onSeek, bar } = setup(30000);
    expect(press(bar, 150).defaultPrevented).toBe(true);
    expect(onDrag.mock.calls).toEqual([[progressDragStarted({ button: 0, ratio: 0.25 })]]);
    expect(onSeek).not.toHaveBeenCalled();
  });

  it('a right press is sent too (the log shows it did nothing) but does not hold the pointer (spec 000 §5)', () => {
    const { onDrag, bar } = setup(30000);
    expect(press(bar, 150, 2).defaultPrevented).toBe(false);
    expect(onDrag.mock.calls).toEqual([[progressDragStarted({ button: 2, ratio: 0.25 })]]);
  });

  it('a disabled bar (no total) does not hold the pointer nor seek by keyboard', () => {
    const { onSeek, bar } = setup(null);
    expect(bar.getAttribute('aria-disabled')).toBe('true');
    expect(press(bar, 150).defaultPrevented).toBe(false);
    key(bar, 'ArrowRight');
    expect(onSeek).not.toHaveBeenCalled();
  });

  it('arrows, Home and End seek by keyboard, clamped to 0..total', () => {
    const { onSeek, bar } = setup(30000, 28000);
    key(bar, 'ArrowRight');
    key(bar, 'ArrowLeft');
    key(bar, 'Home');
    key(bar, 'End');
    key(bar, 'x');
    // Not re-rendered between presses: each steps from where the one before asked (30000, then 25000).
    expect(onSeek.mock.calls).toEqual([[30000], [30000 - KEY_STEP_MS], [0], [30000]]);
  });

  it('presses faster than the bar renders step on from the last asked position: five arrows are 25 s', () => {
    const { onSeek, bar } = setup(30000, 0);
    for (let i = 0; i < 5; i += 1) key(bar, 'ArrowRight');
    expect(onSeek.mock.calls).toEqual([[5000], [10000], [15000], [20000], [25000]]);
  });

  it('once the bar shows another position (the seek landed, or playback moved on), the next press steps from it', () => {
    const { onSeek, bar, showAt } = setup(30000, 0);
    key(bar, 'ArrowRight');
    showAt(12000);
    key(bar, 'ArrowRight');
    expect(onSeek.mock.calls).toEqual([[5000], [17000]]);
  });

  it.each([
    [-10, 30000, 0],
    [15000.4, 30000, 15000],
    [45000, 30000, 30000],
  ])('clampSeek(%p, %p) = %p (spec 000 §5)', (position, total, expected) => {
    expect(clampSeek(position, total)).toBe(expected);
  });
});
