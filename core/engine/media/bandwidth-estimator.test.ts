import { addSample, estimate, initialBandwidthState, type BandwidthSample } from './bandwidth-estimator';

function fed(samples: readonly BandwidthSample[], downlinkMbps?: number) {
  return samples.reduce(addSample, initialBandwidthState(downlinkMbps));
}

describe('bandwidth estimator (spec 001 §9 Estimator and Bandwidth estimate default)', () => {
  it.each<[string, readonly BandwidthSample[], number | undefined, number]>([
    ['no samples: the default 400000 bits/s', [], undefined, 400000],
    ['no samples, browser downlink 10 Mbit/s: 10 × 1e6', [], 10, 10e6],
    ['a zero or unknown downlink keeps 400000', [], 0, 400000],
    ['127999 bytes sampled: still the default', [{ bytes: 127999, durationMs: 1000 }], undefined, 400000],
    ['128000 bytes in one sample: its own rate (8 × 128000 bytes in 1 s)', [{ bytes: 128000, durationMs: 1000 }], undefined, 1024000],
    [
      '128000 bytes over two samples: the switch happens at the sum',
      [
        { bytes: 64000, durationMs: 1000 },
        { bytes: 64000, durationMs: 1000 },
      ],
      undefined,
      512000,
    ],
    [
      'samples under 16000 bytes are ignored (they do not count towards 128000 either)',
      [
        { bytes: 15999, durationMs: 1 },
        { bytes: 120000, durationMs: 1000 },
      ],
      undefined,
      400000,
    ],
    [
      'a rising rate (512000 then 1024000 bits/s): the lower is the slow (5 s) average',
      [
        { bytes: 64000, durationMs: 1000 },
        { bytes: 64000, durationMs: 500 },
      ],
      undefined,
      694623.4139,
    ],
    [
      'a falling rate (1024000 then 512000 bits/s): the lower is the fast (2 s) average',
      [
        { bytes: 64000, durationMs: 500 },
        { bytes: 64000, durationMs: 1000 },
      ],
      undefined,
      654087.2126,
    ],
  ])('%s', (_rule, samples, downlink, expected) => {
    // The averages are kept to a thousandth of a bit/s (bandwidth-estimator.ts): within a tenth here.
    expect(estimate(fed(samples, downlink))).toBeCloseTo(expected, 1);
  });

  it('a sample of exactly 16000 bytes counts; 15999 is ignored (state unchanged)', () => {
    const start = initialBandwidthState();
    expect(addSample(start, { bytes: 15999, durationMs: 100 })).toBe(start);
    expect(addSample(start, { bytes: 16000, durationMs: 100 }).bytesSampled).toBe(16000);
  });

  it('a fetch without a positive duration has no rate and is ignored', () => {
    const start = initialBandwidthState();
    expect(addSample(start, { bytes: 200000, durationMs: 0 })).toBe(start);
  });
});
