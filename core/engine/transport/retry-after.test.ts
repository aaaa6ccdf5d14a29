import { parseHttpDate, retryAfterMs } from './retry-after';

// 1994-11-06T08:49:37Z
const NOW = 784111777000;

describe('retryAfterMs (spec 001 §8: Retry-After in seconds or as a date delays the retry)', () => {
  it.each<[string | undefined, number | null]>([
    [undefined, null],
    ['', null],
    ['0', 0],
    ['1', 1000],
    ['120', 120000],
    [' 3 ', 3000],
    ['-1', null],
    ['1.5', null],
    ['soon', null],
    ['Sun, 06 Nov 1994 08:49:37 GMT', 0],
    ['Sun, 06 Nov 1994 08:49:47 GMT', 10000],
    ['Sun, 06 Nov 1994 08:50:37 GMT', 60000],
    // A date already past waits nothing.
    ['Sun, 06 Nov 1994 08:00:00 GMT', 0],
    // Only the IMF-fixdate form is read.
    ['Sunday, 06-Nov-94 08:49:37 GMT', null],
    ['Sun, 06 Nov 1994 08:49:37 CET', null],
  ])('%p waits %p ms', (value, expected) => {
    expect(retryAfterMs(value, NOW)).toBe(expected);
  });
});

describe('parseHttpDate (IMF-fixdate)', () => {
  it.each<[string, number | null]>([
    ['Sun, 06 Nov 1994 08:49:37 GMT', NOW],
    ['Thu, 29 Feb 2024 00:00:00 GMT', 1709164800000],
    ['Thu, 29 Feb 2023 00:00:00 GMT', null],
    ['Thu, 31 Apr 2024 00:00:00 GMT', null],
    ['Thu, 01 Foo 2024 00:00:00 GMT', null],
    ['Thu, 01 Jan 2024 24:00:00 GMT', null],
  ])('%p is %p', (value, expected) => {
    expect(parseHttpDate(value)).toBe(expected);
  });
});
