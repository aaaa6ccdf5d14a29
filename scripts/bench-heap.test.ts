import { heapLines, heapRun, PLAYBACK_HOUR } from './bench-heap';

describe('the bench heap figure (issue 12: heap growth per hour of playback)', () => {
  it('extrapolates the measured growth to an hour: its track changes, and its progress actions at the cost per action', () => {
    const run = heapRun(40, 2000, 1_000_000);
    expect(run.bytesPerTrackChange).toBe(25_000);
    expect(run.bytesPerAction).toBe(500);
    expect(run.bytesPerHour).toBe(PLAYBACK_HOUR.trackChanges * 25_000 + PLAYBACK_HOUR.progressActions * 500);
  });

  it('reports no growth for a run that changed nothing, rather than dividing by zero', () => {
    expect(heapRun(0, 0, 12_345)).toMatchObject({ bytesPerTrackChange: 0, bytesPerAction: 0, bytesPerHour: 0 });
  });

  it('prints bytes per hour for the windowed page beside the whole-log baseline', () => {
    const lines = heapLines({ windowed: heapRun(40, 2000, 10_000), whole: heapRun(40, 2000, 1_000_000) });
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^ {2}windowed logs +\d+\.\d\d MiB\/hour {2}\(\d+ bytes\/hour;/);
    expect(lines[2]).toMatch(/^ {2}whole logs \(baseline\)/);
    expect(heapLines({ windowed: heapRun(1, 1, 1), whole: null })).toHaveLength(2);
  });
});
