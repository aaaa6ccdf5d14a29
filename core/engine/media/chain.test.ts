import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp, createFakeMediaSource } from '../../../adapters/fake';
import type { HttpResponse, MediaByteRange, RangeFetchResult } from '../../ports';
import type { Action } from '../../store/action';
import { mediaPreloadDropped, mediaPreloadRequested, mediaSeekRequested } from './actions';
import { CONFIG, SEEK_TABLE, load, only, runMedia, type HttpResponder } from './testing/run-media';

// Issue 15, gapless (spec 001 §4 can-preload, §9): the next file fetched ahead is appended behind
// a protected track's last fragment in the same source buffer, at the track's end on the element's
// time line; the playhead crossing it is the track's end, and the next load continues the
// MediaSource (no new one) with positions counted from that origin. SEEK_TABLE is 25 s: f2's origin is 25000.

const FAKES = { createFakeHttp, createFakeMediaSource };
const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));
const cdn = (fileId: string) => `http://cdn.test/audio/${fileId}`;
const PSSH = 'AAAAIHBzc2gBAAAA';

function files(nextProtection = 'cenc'): HttpResponder {
  return (request): HttpResponse => {
    if (request.url.startsWith(CONFIG.storageResolveBase)) {
      const fileId = request.url.slice(CONFIG.storageResolveBase.length);
      return { status: 200, headers: {}, body: JSON.stringify({ cdnurl: [cdn(fileId)], fileid: fileId, ttl: 86400 }) };
    }
    if (request.url.startsWith(CONFIG.seekTableBase)) {
      const protection = request.url.includes('/f2.') ? nextProtection : 'cenc';
      return { status: 200, headers: {}, body: JSON.stringify({ ...SEEK_TABLE, protection }) };
    }
    return { status: 404, headers: {}, body: '' };
  };
}

const script = {
  fetch: (_url: string, range: MediaByteRange): RangeFetchResult | undefined =>
    range.first === 0 ? { kind: 'response', status: 206, byteLength: range.last + 1, initData: PSSH } : undefined,
};

type Fact = Parameters<ReturnType<typeof runMedia>['fact']>[1];

/**
 * f1 (protected) plays from 1000; at 16 s can-preload asks for f2 ahead; the element (one time
 * line) crosses 25 s at 25_050 and plays on; the list player's load of f2 comes at 25_100 unless
 * `loadAt` says otherwise. `callsAt(t)` is how many port calls were made by t.
 */
function chainRun(
  extra: ReadonlyArray<readonly [number, Action]> = [],
  facts: ReadonlyArray<readonly [number, Fact]> = [],
  stopAt = 40_000,
  preloadAt = 16_500,
  nextProtection = 'cenc',
) {
  const s = scheduler();
  let result: { run: ReturnType<typeof runMedia>; marks: Map<number, number> } | undefined;
  s.run(() => {
    const run = runMedia(
      FAKES,
      s,
      files(nextProtection),
      script,
      [[0, load()], [preloadAt, mediaPreloadRequested({ playId: 1, fileId: 'f2' })], ...extra],
      stopAt,
    );
    run.fact(1000, { kind: 'playing', positionMs: 0 });
    run.fact(16_000, { kind: 'timeupdate', positionMs: 16_000 });
    for (const [at, fact] of facts) run.fact(at, fact);
    const marks = new Map<number, number>();
    for (const at of [16_499, 19_999, 25_099, stopAt - 1]) s.schedule(() => void marks.set(at, run.calls.length), at);
    s.flush();
    result = { run, marks };
  });
  if (result === undefined) throw new Error('the scheduler did not run');
  return result;
}

const crossing: ReadonlyArray<readonly [number, Fact]> = [[25_050, { kind: 'timeupdate', positionMs: 25_050 }]];

describe('gapless chain (issue 15; spec 001 §4 can-preload)', () => {
  it("appends the next file's init segment and fragment 0 behind the track at its end (timestampOffset 25000), after the stream ended (an append reopens it)", () => {
    const { run, marks } = chainRun([], [], 20_000);
    expect(only(run.log, 'mediaPlayer/chainRequested')).toEqual([[16_500, 'mediaPlayer/chainRequested', { playId: 1, clears: 0, fileId: 'f2' }]]);
    const after = run.calls.slice(marks.get(16_499));
    expect(after.filter((c) => c.startsWith('append') || c.startsWith('duration') || c === 'endOfStream')).toEqual([
      'append next.f2.init at 25000',
      'append next.f2.0 at 25000',
      'duration 50000',
    ]);
    expect(run.state().chain).toMatchObject({ fileId: 'f2', originMs: 25_000 });
    expect(run.state().preload).toBeUndefined();
  });

  it('while the next file is being fetched ahead, the stream of a protected track is held open for it, then the file is chained', () => {
    const { run } = chainRun([], [], 20_000, 15_500);
    expect(run.calls).not.toContain('endOfStream');
    expect(only(run.log, 'mediaPlayer/chainRequested')).toEqual([[16_000, 'mediaPlayer/chainRequested', { playId: 1, clears: 0, fileId: 'f2' }]]);
    expect(run.calls).toContain('append next.f2.0 at 25000');
  });

  it('the playhead crossing the origin ends the track; the next load continues the MediaSource (no attach), from 0, with its load steps told', () => {
    const { run, marks } = chainRun([[25_100, load({ fileId: 'f2' })]], crossing);
    expect(run.calls.filter((c) => c.startsWith('attach'))).toHaveLength(1);
    // The only detach is the run's stop.
    expect(run.calls.slice(0, marks.get(39_999))).not.toContain('detach');
    expect(only(run.log, 'mediaPlayer/ended')).toHaveLength(1);
    expect(only(run.log, 'mediaPlayer/ended')[0]?.[0]).toBeLessThanOrEqual(25_050);
    expect(only(run.log, 'mediaPlayer/sourceOpened')).toHaveLength(1);
    expect(only(run.log, 'mediaPlayer/preloadUsed')).toEqual([[25_100, 'mediaPlayer/preloadUsed', { playId: 2, fileId: 'f2' }]]);
    // The element's metadata and playing, as after a new MediaSource, at f2's origin.
    expect(only(run.log, 'mediaPlayer/elementFact').filter(([t]) => t === 25_100)).toEqual([
      [25_100, 'mediaPlayer/elementFact', { kind: 'loadedmetadata', positionMs: 25_000, durationMs: 50_000, bufferedEndMs: 25_000, errorCode: null }],
      [25_100, 'mediaPlayer/elementFact', { kind: 'playing', positionMs: 25_000, durationMs: 50_000, bufferedEndMs: 25_000, errorCode: null }],
    ]);
    // No resolve, seek table or init segment at the transition.
    const after = run.calls.slice(marks.get(25_099));
    expect(after.filter((c) => c.includes('0-999'))).toEqual([]);
    expect(run.state()).toMatchObject({ playId: 2, status: 'playing', originMs: 25_000, chainedFrom: 1, fetched: [0] });
  });

  it("positions, refills and seeks of the continued track count from its origin: the element's 31000 is 6000, fragment 1 goes at 25000, a seek to 2000 is the element's 27000", () => {
    const { run } = chainRun(
      [
        [25_100, load({ fileId: 'f2' })],
        [32_000, mediaSeekRequested({ positionMs: 2000 })],
      ],
      [...crossing, [31_000, { kind: 'timeupdate', positionMs: 31_000 }]],
    );
    expect(run.calls).toContain(`fetch ${cdn('f2')} 21000-40999`);
    expect(run.calls).toContain('append 2.0.1 at 25000');
    expect(run.calls).toContain('seek 27000');
    // The seek's clear, then fragment 0 again at the origin (the buffer's init segment is f2's already).
    expect(run.calls).toContain('remove 0-Infinity');
    expect(run.calls).toContain('append 2.1.0 at 25000');
    expect(run.state()).toMatchObject({ playId: 2, positionMs: 2000 });
  });

  it('a dropped preload (skip, new context, shuffle, repeat, list cleared) removes the appended range, gives back the duration, and appends the track’s own init segment again', () => {
    const { run, marks } = chainRun([[20_000, mediaPreloadDropped({ reason: 'shuffle' })]], [], 24_000);
    expect(run.calls.slice(marks.get(19_999))).toEqual(
      expect.arrayContaining(['remove 25000-50000', 'duration 25000', `fetch ${cdn('f1')} 0-999`, 'append 1.0.-1', 'endOfStream']),
    );
    expect(run.state().chain).toBeUndefined();
  });

  it('a seek back from the boundary clears the chained range, asks for the track’s init segment again, and chains the next file again once fetched', () => {
    const { run, marks } = chainRun([[20_000, mediaSeekRequested({ positionMs: 18_000 })]], [[20_010, { kind: 'timeupdate', positionMs: 18_000 }]], 24_000);
    const after = run.calls.slice(marks.get(19_999));
    expect(after).toEqual(expect.arrayContaining(['seek 18000', 'remove 0-Infinity', 'duration 25000', `fetch ${cdn('f1')} 0-999`, 'append 1.1.-1']));
    expect(after.indexOf('append 1.1.-1')).toBeLessThan(after.indexOf('append next.f2.init at 25000'));
    expect(only(run.log, 'mediaPlayer/preloadRequested')).toEqual([[20_000, 'mediaPlayer/preloadRequested', { playId: 1, fileId: 'f2' }]]);
    expect(only(run.log, 'mediaPlayer/chainRequested')).toHaveLength(2);
    expect(run.state().chain).toMatchObject({ fileId: 'f2', originMs: 25_000 });
  });

  it('a load of another file (a skip) or of the chained file before the boundary opens a new MediaSource', () => {
    const skip = chainRun([[20_000, load({ fileId: 'f3' })]], [], 22_000).run;
    expect(skip.calls.filter((c) => c.startsWith('attach'))).toHaveLength(2);
    expect(skip.state().chain).toBeUndefined();
    expect(skip.state().originMs).toBeUndefined();
    const early = chainRun([[20_000, load({ fileId: 'f2' })]], [], 22_000).run;
    expect(early.calls.filter((c) => c.startsWith('attach'))).toHaveLength(2);
    expect(early.state().originMs).toBeUndefined();
  });

  it('a next file of another protection scheme is not chained: the stream ends, and its load opens a new MediaSource', () => {
    const { run } = chainRun([[25_100, load({ fileId: 'f2' })]], [[25_000, { kind: 'ended', positionMs: 25_000 }]], 30_000, 16_500, 'cbcs');
    expect(only(run.log, 'mediaPlayer/chainRequested')).toEqual([]);
    expect(run.calls).toContain('endOfStream');
    expect(run.calls.filter((c) => c.startsWith('attach'))).toHaveLength(2);
    expect(run.state().originMs).toBeUndefined();
  });
});
