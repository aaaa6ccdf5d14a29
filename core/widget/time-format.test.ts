import { formatTime } from './time-format';

describe('formatTime (spec 000 §2: minutes:seconds, zero-padded seconds, never negative)', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [1000, '0:01'],
    [9000, '0:09'],
    [10000, '0:10'],
    [30000, '0:30'],
    [59999, '0:59'],
    [60000, '1:00'],
    [61000, '1:01'],
    [225000, '3:45'],
    [3600000, '60:00'],
  ])('%d ms -> %s', (ms, text) => {
    expect(formatTime(ms)).toBe(text);
  });

  it.each([[-1], [-61000], [Number.NaN], [Number.NEGATIVE_INFINITY], [Number.POSITIVE_INFINITY]])('shows 0:00 for %d (never negative, never garbage)', (ms) => {
    expect(formatTime(ms)).toBe('0:00');
  });
});
