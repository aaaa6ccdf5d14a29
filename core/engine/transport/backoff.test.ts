import { authRetryDelayMs, genericBackoffMs, reconnectDelayMs } from './backoff';

describe('transport backoff (spec 001 §9)', () => {
  it.each([
    [1, 500],
    [2, 1000],
  ])('authentication retry %i waits %i ms (2 retries, base 500 ms)', (retry, ms) => {
    expect(authRetryDelayMs(retry)).toBe(ms);
  });

  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [5, 15000],
    [9, 15000],
  ])('reconnect attempt %i waits %i ms (base 1000 ms up to 15000 ms)', (attempt, ms) => {
    expect(reconnectDelayMs(attempt)).toBe(ms);
  });

  it.each([
    [1, 0.5, 200],
    [2, 0.5, 400],
    [3, 0.5, 600],
    [1, 0, 160],
    [1, 0.999999, 240],
    [5, 0, 800],
  ])('generic backoff retry %i with draw %f waits %i ms (base 200 ms, linear, 20%% jitter)', (retry, draw, ms) => {
    expect(genericBackoffMs(retry, draw)).toBe(ms);
  });
});
