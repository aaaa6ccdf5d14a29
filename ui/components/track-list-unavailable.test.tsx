import { act } from 'react';
import { createTranslate } from '../hooks/translate';
import { cleanup, render } from '../test/render';
import { TrackList, type TrackListItem } from './track-list';

afterEach(cleanup);

const t = createTranslate({ play_track: 'Play {name}', track_row_unavailable: 'Unavailable' });

describe('TrackList: a row the visitor may not play is marked unavailable, in words too (spec 000 §5 episode markets; issue 13)', () => {
  const items: TrackListItem[] = [
    { uri: 'e3', name: 'Ep. 3', subtitle: null, durationMs: 60000, unavailable: true },
    { uri: 'e2', name: 'Ep. 2', subtitle: null, durationMs: 60000, unavailable: false },
  ];

  it('greys the row, ends its accessible name with the translated "Unavailable", and still calls onPlay (the notice answers)', () => {
    const onPlay = jest.fn();
    const rows = Array.from(
      render(<TrackList items={items} playingUri={null} t={t} onPlay={onPlay} />).container.querySelectorAll<HTMLElement>('[data-testid="track-row"]'),
    );
    const nameOf = (row: HTMLElement) =>
      (row.getAttribute('aria-labelledby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '?')
        .filter((text) => text !== '')
        .join(' ');
    expect(rows.map((row) => [nameOf(row), row.classList.contains('track-row--unavailable'), row.getAttribute('title')])).toEqual([
      ['Play 1 Ep. 3 1:00 Unavailable', true, 'Unavailable'],
      ['Play 2 Ep. 2 1:00', false, null],
    ]);
    act(() => rows[0]?.click());
    expect(onPlay).toHaveBeenCalledWith(0);
  });
});
