import { volumeLevel } from './volume-level';

describe('spec 000 §2 Volume icon: muted (0), under one third, under two thirds, full', () => {
  it.each([
    [0, 'muted'],
    [-0.1, 'muted'],
    [Number.NaN, 'muted'],
    [0.01, 'low'],
    [0.333, 'low'],
    [1 / 3, 'medium'],
    [0.5, 'medium'],
    [0.666, 'medium'],
    [2 / 3, 'full'],
    [1, 'full'],
  ])('volume %s → %s', (volume, level) => {
    expect(volumeLevel(volume)).toBe(level);
  });
});
