import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp, createFakeMediaSource } from '../../../adapters/fake';
import type { HttpResponse, MediaByteRange, RangeFetchResult } from '../../ports';
import type { Action } from '../../store/action';
import { mediaPreloadDropped, mediaPreloadRequested, mediaSeekRequested } from './actions';
import { CONFIG, SEEK_TABLE, load, only, runMedia, type HttpResponder } from './testing/run-media';

// spec 001 §4 Media player: "A can-preload signal fires when 10 s or less remain." Its consumer:
// the next file is fetched ahead, and its load starts from what was fetched.

const FAKES = { createFakeHttp, createFakeMediaSource };
const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));
const cdn = (fileId: string) => `http://cdn.test/audio/${fileId}`;
const PSSH = 'AAAAIHBzc2gBAAAA';

/** The provider: each file resolves to its own CDN URL, every seek table is SEEK_TABLE; `resolveStatus` for f2's resolve. */
function files(resolveStatus = 200): HttpResponder {
  return (request): HttpResponse => {
    if (request.url.startsWith(CONFIG.storageResolveBase)) {
      const fileId = request.url.slice(CONFIG.storageResolveBase.length);
      if (fileId === 'f2' && resolveStatus !== 200) return { status: resolveStatus, headers: {}, body: '' };
      return { status: 200, headers: {}, body: JSON.stringify({ cdnurl: [cdn(fileId)], fileid: fileId, ttl: 86400 }) };
    }
    if (request.url.startsWith(CONFIG.seekTableBase)) return { status: 200, headers: {}, body: JSON.stringify(SEEK_TABLE) };
    return { status: 404, headers: {}, body: '' };
  };
}

/** Init segments come with their pssh (what the browser adapter reads from the moov). */
const script = {
  fetch: (_url: string, range: MediaByteRange): RangeFetchResult | undefined =>
    range.first === 0 ? { kind: 'response', status: 206, byteLength: range.last + 1, initData: PSSH } : undefined,
};

/**
 * f1 plays; 9 s before its end (can-preload) f2 is asked for ahead; f1 ends at 25 s and f2 is loaded at 30000.
 * An unprotected f1 by default: its next file cannot be chained behind it (reducer.ts chainable),
 * so f2's load opens a new MediaSource and starts from what was fetched.
 */
function transition(extra: ReadonlyArray<readonly [number, Action]> = [], resolveStatus = 200) {
  const s = scheduler();
  let result: { run: ReturnType<typeof runMedia>; callsAtLoad: number; httpAtLoad: number } | undefined;
  s.run(() => {
    const run = runMedia(
      FAKES,
      s,
      files(resolveStatus),
      script,
      [[0, load({ protected: false })], [16_500, mediaPreloadRequested({ playId: 1, fileId: 'f2' })], ...extra, [30_000, load({ fileId: 'f2' })]],
      40_000,
    );
    run.fact(1000, { kind: 'playing', positionMs: 0 });
    run.fact(16_000, { kind: 'timeupdate', positionMs: 16_000 });
    run.fact(25_000, { kind: 'ended', positionMs: 25_000 });
    let callsAtLoad = 0;
    let httpAtLoad = 0;
    s.schedule(() => {
      callsAtLoad = run.calls.length;
      httpAtLoad = run.http.length;
    }, 29_999);
    s.flush();
    result = { run, callsAtLoad, httpAtLoad };
  });
  if (result === undefined) throw new Error('the scheduler did not run');
  return result;
}

describe('preload (spec 001 §4 can-preload)', () => {
  it('fetches the next file ahead (resolve, seek table, init and fragment 0), and its load starts from them: no request at the transition', () => {
    const { run, callsAtLoad, httpAtLoad } = transition();
    expect(only(run.log, 'mediaPlayer/canPreload')).toEqual([[16_000, 'mediaPlayer/canPreload', { playId: 1 }]]);
    const [preloaded] = only(run.log, 'mediaPlayer/preloaded');
    expect(preloaded?.[2]).toMatchObject({ playId: 1, fileId: 'f2', urls: [cdn('f2')], initKey: 'next.f2.init', fragmentKey: 'next.f2.0', initData: PSSH });
    expect(run.calls.slice(0, callsAtLoad)).toEqual(expect.arrayContaining([`fetch ${cdn('f2')} 0-999`, `fetch ${cdn('f2')} 1000-20999`]));
    expect(only(run.log, 'mediaPlayer/preloadUsed')).toEqual([[30_000, 'mediaPlayer/preloadUsed', { playId: 2, fileId: 'f2' }]]);
    // At and after the transition: no resolve, no seek table, no init or fragment 0 fetch; the kept bodies are appended.
    expect(run.http.slice(httpAtLoad)).toEqual([]);
    const after = run.calls.slice(callsAtLoad);
    expect(after.filter((c) => c.startsWith('fetch') || c.startsWith('append'))).toEqual(['append next.f2.init', 'append next.f2.0']);
    expect(after).toContain('duration 25000');
    expect(only(run.log, 'mediaPlayer/storageResolveRequested', 'mediaPlayer/seekTableLoaded').filter(([, , p]) => p?.['playId'] === 2)).toEqual([]);
    expect(run.state()).toMatchObject({ playId: 2, fetched: [0], resolved: { urls: [cdn('f2')] } });
    expect(run.state().preload).toBeUndefined();
    expect(only(run.log, 'mediaPlayer/failed')).toEqual([]);
  });

  it('a dropped preload (the list changed) is not used: the load resolves and fetches the file itself', () => {
    const { run, callsAtLoad } = transition([[20_000, mediaPreloadDropped({ reason: 'skip' })]]);
    expect(only(run.log, 'mediaPlayer/preloadUsed')).toEqual([]);
    expect(run.calls.slice(callsAtLoad)).toEqual(expect.arrayContaining([`fetch ${cdn('f2')} 0-999`, 'append 2.0.-1']));
    expect(only(run.log, 'mediaPlayer/storageResolveRequested').map(([, , p]) => p?.['playId'])).toEqual([1, 2]);
  });

  it('a failed step drops the preload without an error, and the load does it all', () => {
    const { run } = transition([], 500);
    expect(only(run.log, 'mediaPlayer/preloadDropped')).toEqual([[16_500, 'mediaPlayer/preloadDropped', { reason: 'storage-resolve failed' }]]);
    expect(only(run.log, 'mediaPlayer/preloadUsed')).toEqual([]);
    expect(only(run.log, 'mediaPlayer/storageResolveRequested').map(([, , p]) => p?.['playId'])).toEqual([1, 2]);
  });

  it('a preload asked for under an older load (a stale play id) is ignored', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        files(),
        script,
        [
          [0, load()],
          [100, mediaPreloadRequested({ playId: 0, fileId: 'f2' })],
        ],
        1000,
      );
      s.flush();
      expect(run.calls.filter((c) => c.includes(cdn('f2')))).toEqual([]);
      expect(run.state().preload).toBeUndefined();
    });
  });

  it('a load of the file at another start position (a seek into it) does not take the preload', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        files(),
        script,
        [
          [0, load()],
          [100, mediaPreloadRequested({ playId: 1, fileId: 'f2' })],
          [1000, load({ fileId: 'f2', startMs: 12_000 })],
        ],
        2000,
      );
      s.flush();
      expect(only(run.log, 'mediaPlayer/preloadUsed')).toEqual([]);
      expect(run.state()).toMatchObject({ playId: 2 });
      expect(run.state().preload).toBeUndefined();
    });
  });

  it('a seek in the current track keeps the next file fetched ahead', () => {
    const { run } = transition([[20_000, mediaSeekRequested({ positionMs: 18_000 })]]);
    expect(only(run.log, 'mediaPlayer/preloadUsed')).toHaveLength(1);
  });
});
