import { gapOf } from './bench-gap';

// Issue 15 bench: the gap between track 1's last sound and track 2's first, from the samples of the
// engine's element (its currentTime follows the audio renderer's clock).

const sample = (t: number, src: string, ct: number, duration = 10) => ({ t, src, ct, duration });

describe('gapOf', () => {
  it('from the last advance of track 1 (plus what was left of it) to the start of track 2 extrapolated from its playhead', () => {
    const samples = [sample(0, 'a', 9.9), sample(50, 'a', 9.95), sample(80, 'a', 9.95), sample(120, 'b', 0, NaN), sample(200, 'b', 0.03)];
    // Track 1 sounds until 50 + 50 = 100 ms; track 2 from 200 - 30 = 170 ms.
    const gap = gapOf(samples);
    expect(gap?.gapMs).toBeCloseTo(70, 6);
    expect(gap?.beforeSwapMs).toBeCloseTo(20, 6);
  });

  it('track 1 cut by the new source before its end ends at the swap', () => {
    const samples = [sample(0, 'a', 5), sample(10, 'a', 5.01), sample(20, 'b', 0), sample(40, 'b', 0.005)];
    const gap = gapOf(samples);
    expect(gap?.gapMs).toBeCloseTo(15, 6);
    expect(gap?.beforeSwapMs).toBeCloseTo(0, 6);
  });

  it('is null when track 2 never sounded', () => {
    expect(gapOf([sample(0, 'a', 1), sample(10, 'a', 1.01), sample(20, 'b', 0)])).toBeNull();
  });

  it("on one time line (track 2 chained in the same MediaSource): how far the wall clock ran ahead of the playhead across track 1's length", () => {
    // Track 1 is 10 s: the playhead stalls 30 ms at 10 s, then runs on.
    const samples = [sample(0, 'a', 9.5, 20), sample(100, 'a', 9.6, 20), sample(500, 'a', 10, 20), sample(530, 'a', 10.0001, 20), sample(1000, 'a', 10.47, 20)];
    expect(gapOf(samples, 10)?.gapMs).toBeCloseTo(1000 - 100 - 870, 1);
    // Not crossed yet: no figure.
    expect(gapOf(samples.slice(0, 3), 10)).toBeNull();
  });
});
