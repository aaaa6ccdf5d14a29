import { act } from 'react';
import { createTranslate } from '../hooks/translate';
import { byTestId, cleanup, render } from '../test/render';
import { Back15Button, Forward15Button, SkipBackButton, SkipForwardButton } from './icon-buttons';
import { rowLabelParts, TrackList, type TrackListItem } from './track-list';
import { VolumeIcon } from './volume-icon';

afterEach(cleanup);

const t = createTranslate({
  play_track: 'Spela {name}',
  skip_back: 'Föregående',
  skip_forward: 'Nästa',
  seek_back_15: 'Bakåt 15 sekunder',
  seek_forward_15: 'Framåt 15 sekunder',
  volume_muted: 'Ljud av',
  volume_low: 'Låg volym',
  volume_medium: 'Medelvolym',
  volume_full: 'Full volym',
});

describe('TrackList rows (spec 000 §2: clicking a row plays that track by its index)', () => {
  const items: TrackListItem[] = [
    { uri: 'u1', name: 'One', subtitle: null, durationMs: 225000 },
    { uri: 'u2', name: 'Two', subtitle: null, durationMs: 9000 },
  ];

  it('each row is a real button named by the translated "Play {name}" around its visible text, calling onPlay with its index', () => {
    const onPlay = jest.fn();
    const rows = render(<TrackList items={items} playingUri={null} t={t} onPlay={onPlay} />).container.querySelectorAll<HTMLElement>(
      '[data-testid="track-row"]',
    );
    // The name as aria-labelledby composes it (WCAG 2.5.3: the visible text "1 One 3:45" is part of it).
    const nameOf = (row: HTMLElement) =>
      (row.getAttribute('aria-labelledby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '?')
        .filter((text) => text !== '')
        .join(' ');
    expect(Array.from(rows, (row) => [row.tagName, row.getAttribute('type'), nameOf(row)])).toEqual([
      ['BUTTON', 'button', 'Spela 1 One 3:45'],
      ['BUTTON', 'button', 'Spela 2 Two 0:09'],
    ]);
    act(() => rows[1]?.click());
    expect(onPlay).toHaveBeenCalledWith(1);
  });

  it('a translation without {name} is followed by the name; a missing one falls back to the key', () => {
    expect(rowLabelParts(createTranslate({ play_track: 'Play' }))).toEqual({ before: 'Play ', after: '' });
    expect(rowLabelParts(createTranslate({}))).toEqual({ before: 'play_track ', after: '' });
    expect(rowLabelParts(createTranslate({ play_track: 'Spela {name} nu' }))).toEqual({ before: 'Spela ', after: ' nu' });
  });
});

describe('icon buttons (spec 000 §2: each has a title from translations)', () => {
  it.each([
    ['skip-back', SkipBackButton, 'Föregående'],
    ['skip-forward', SkipForwardButton, 'Nästa'],
    ['back-15', Back15Button, 'Bakåt 15 sekunder'],
    ['forward-15', Forward15Button, 'Framåt 15 sekunder'],
  ] as const)('%s is a real button with the translated title and name, and clicks', (testId, Button, label) => {
    const onClick = jest.fn();
    const button = byTestId(render(<Button t={t} onClick={onClick} />).container, testId);
    expect([button.tagName, button.getAttribute('type'), button.title, button.getAttribute('aria-label')]).toEqual(['BUTTON', 'button', label, label]);
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    act(() => button.click());
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('VolumeIcon (spec 000 §2: muted (0), under one third, under two thirds, full)', () => {
  it.each([
    [0, 'muted', 'Ljud av', 0],
    [0.2, 'low', 'Låg volym', 1],
    [0.5, 'medium', 'Medelvolym', 2],
    [1, 'full', 'Full volym', 3],
  ])('volume %s shows %s with a translated name and its waves', (volume, level, name, waves) => {
    const icon = byTestId(render(<VolumeIcon volume={volume} t={t} />).container, 'volume-icon');
    expect(icon.dataset['level']).toBe(level);
    expect(icon.getAttribute('role')).toBe('img');
    expect(icon.getAttribute('aria-label')).toBe(name);
    // The speaker, plus a cross (muted) or one path per wave.
    expect(icon.querySelectorAll('path')).toHaveLength(1 + (waves === 0 ? 1 : waves));
  });
});
