import { browserDownlinkMbps } from './downlink';

describe('the browser downlink adapter (spec 001 §9 Bandwidth estimate default: browser downlink × 1e6)', () => {
  it.each([
    ['a Chromium connection of 10 Mbit/s', { connection: { downlink: 10 } }, 10],
    ['a slow one, 0.25 Mbit/s', { connection: { downlink: 0.25 } }, 0.25],
    ['no Network Information API (Firefox, Safari)', {}, undefined],
    ['a null connection', { connection: null }, undefined],
    ['a connection without downlink', { connection: {} }, undefined],
    ['a zero downlink (nothing known)', { connection: { downlink: 0 } }, undefined],
    ['a non-number downlink', { connection: { downlink: '10' } }, undefined],
    ['an infinite downlink', { connection: { downlink: Infinity } }, undefined],
  ])('%s gives %s', (_case, nav, expected) => {
    expect(browserDownlinkMbps(nav)).toBe(expected);
  });

  it("reads the page's own navigator (jsdom has no connection: undefined)", () => {
    expect(browserDownlinkMbps(navigator as unknown as Parameters<typeof browserDownlinkMbps>[0])).toBeUndefined();
  });
});
