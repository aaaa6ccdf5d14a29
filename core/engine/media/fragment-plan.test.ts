import { canPreload, fragmentAt, fragmentPlan, nextFetch, rangeHeader, rangeLength } from './fragment-plan';
import type { SeekTable } from './seek-table';

// Init of 700 bytes; fragments of 10 s, 10 s and 5 s (timescale 1000: durations in ms).
const table: SeekTable = {
  offset: 700,
  timescale: 1000,
  segments: [
    { size: 1000, duration: 10000 },
    { size: 2000, duration: 10000 },
    { size: 500, duration: 5000 },
  ],
  protection: 'cenc',
  pssh: {},
};
const plan = fragmentPlan(table);

describe('fragment plan (spec 001 §3 Audio manifest, §7 Media byte ranges)', () => {
  it('the init segment is bytes [0, offset); each fragment follows the previous one', () => {
    expect(rangeHeader(plan.init)).toBe('bytes=0-699');
    expect(plan.fragments.map((f) => [rangeHeader(f.bytes), rangeLength(f.bytes), f.startMs, f.endMs])).toEqual([
      ['bytes=700-1699', 1000, 0, 10000],
      ['bytes=1700-3699', 2000, 10000, 20000],
      ['bytes=3700-4199', 500, 20000, 25000],
    ]);
    expect(plan.durationMs).toBe(25000);
  });

  it('converts timescale units to milliseconds (44100 Hz, 441000 units = 10 s)', () => {
    const hz = fragmentPlan({ ...table, timescale: 44100, segments: [{ size: 1, duration: 441000 }] });
    expect(hz.fragments[0]?.endMs).toBe(10000);
  });

  it.each([
    [0, 0],
    [9999, 0],
    [10000, 1],
    [24999, 2],
    [-5, 0],
    [25000, undefined],
  ])('the fragment containing %i ms is %s (a boundary belongs to the later one)', (positionMs, index) => {
    expect(fragmentAt(plan, positionMs)?.index).toBe(index);
  });
});

describe('what to fetch next (spec 001 §9 Audio fragment length: top-up below 10 s buffered; stream ends within 10 s of end)', () => {
  it.each([
    ['nothing buffered at the start: the first fragment', 0, 0, 'fetch 0'],
    ['10 s buffered ahead: enough', 0, 10000, 'enough'],
    ['9.5 s buffered ahead: top up with the next fragment', 500, 10000, 'fetch 1'],
    ['a buffered end a hair before a boundary still asks for the next fragment', 500, 9990, 'fetch 1'],
    ['a seek past the buffered range: the fragment holding the playhead', 12000, 3000, 'fetch 1'],
    ['all buffered and 10 s left: enough', 15000, 25000, 'enough'],
    ['all buffered and 9 s left: end of stream', 16000, 25000, 'end-of-stream'],
    ['buffered to just before the end: end of stream', 24000, 24990, 'end-of-stream'],
    // Issue 13: a seek lands with nothing buffered at the playhead; the fragment holding it comes first.
    ['a seek to 30 ms before a boundary: the fragment holding the playhead, not the next', 9970, 9970, 'fetch 0'],
    ['a seek into the last 30 ms of the file: the last fragment (the element plays it out and ends)', 24970, 24970, 'fetch 2'],
    ['a seek to the very end: end of stream', 25000, 25000, 'end-of-stream'],
  ])('%s', (_rule, positionMs, bufferedEndMs, expected) => {
    const decision = nextFetch(plan, positionMs, bufferedEndMs);
    expect(decision.kind === 'fetch' ? `fetch ${decision.fragment.index}` : decision.kind).toBe(expected);
  });
});

describe('can preload (spec 001 §4 Media player: fires when 10 s or less remain)', () => {
  it.each([
    [25000, 15000, true],
    [25000, 24000, true],
    [25000, 14999, false],
    [0, 0, false],
  ])('duration %i ms at %i ms → %s', (durationMs, positionMs, expected) => {
    expect(canPreload(durationMs, positionMs)).toBe(expected);
  });
});
