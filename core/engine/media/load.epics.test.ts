import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp, createFakeMediaSource } from '../../../adapters/fake';
import { mediaSeekRequested, mediaStopRequested } from './actions';
import { CDN, CDN_FALLBACK, CONFIG, load, only, provider, runMedia, type Logged } from './testing/run-media';

const FAKES = { createFakeHttp, createFakeMediaSource };
const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));

describe('load (spec 001 §4 Media player, §7 Media)', () => {
  it('opens the source, resolves the file authorised, reads the seek table, then fetches the init segment and fragments until 10 s are ahead', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), {}, [[0, load()]], 100);
      s.flush();
      expect(run.http.map((r) => [r.url, r.headers?.authorization]).sort()).toEqual([
        [`${CONFIG.seekTableBase}f1.json`, undefined],
        [`${CONFIG.storageResolveBase}f1`, 'Bearer tok'],
      ]);
      expect(
        only(run.log, 'mediaPlayer/sourceOpened', 'mediaPlayer/storageResolved', 'mediaPlayer/seekTableLoaded')
          .map(([, type]) => type)
          .sort(),
      ).toEqual(['mediaPlayer/seekTableLoaded', 'mediaPlayer/sourceOpened', 'mediaPlayer/storageResolved']);
      // Init, then fragment 0 (0-10 s): 10 s ahead of the playhead at 0, enough.
      expect(run.calls.filter((c) => c.startsWith('fetch') || c.startsWith('append'))).toEqual([
        `fetch ${CDN} 0-999`,
        `fetch ${CDN} 1000-20999`,
        'append 1.0.-1',
        'append 1.0.0',
      ]);
      expect(run.state().fetched).toEqual([0]);
    });
  });
});

const fetches = (calls: readonly string[]) => calls.filter((c) => c.startsWith('fetch'));
const failures = (log: readonly Logged[]) => only(log, 'mediaPlayer/failed');

describe('top-up (spec 001 §9 Audio fragment length 10 s, top-up below 10 s buffered, stream ends within 10 s of the end)', () => {
  it('fetches the next fragment as soon as under 10 s are ahead of the playhead, and ends the stream after the last one', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), {}, [[0, load()]], 10_000);
      run.fact(1000, { kind: 'playing', positionMs: 0 });
      run.fact(2000, { kind: 'timeupdate', positionMs: 1 });
      run.fact(3000, { kind: 'timeupdate', positionMs: 15000 });
      run.fact(4000, { kind: 'timeupdate', positionMs: 16000 });
      s.flush();
      expect(only(run.log, 'mediaPlayer/fragmentRequested', 'mediaPlayer/endOfStreamRequested').map(([t, type, p]) => [t, type, p?.['index']])).toEqual([
        [0, 'mediaPlayer/fragmentRequested', -1],
        [0, 'mediaPlayer/fragmentRequested', 0],
        // 1 ms played: 9999 ms ahead.
        [2000, 'mediaPlayer/fragmentRequested', 1],
        // 15 s: 5 s ahead.
        [3000, 'mediaPlayer/fragmentRequested', 2],
        // 16 s: 9 s ahead and nothing left to fetch.
        [4000, 'mediaPlayer/endOfStreamRequested', undefined],
      ]);
      expect(run.calls).toContain('endOfStream');
    });
  });

  it('a start position fetches from its fragment', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), {}, [[0, load({ startMs: 12000 })]], 100);
      s.flush();
      // Fragment 1 (10-20 s) leaves 8 s ahead of 12 s: fragment 2 too.
      expect(fetches(run.calls)).toEqual([`fetch ${CDN} 0-999`, `fetch ${CDN} 21000-40999`, `fetch ${CDN} 41000-50999`]);
    });
  });

  it('spec 001 §9 Estimator: fetched fragments are sampled with their duration on the clock', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), { fetchMs: 500 }, [[0, load()]], 5000);
      s.flush();
      expect(only(run.log, 'mediaPlayer/fragmentFetched').map(([, , p]) => [p?.['bytes'], p?.['elapsedMs']])).toEqual([
        [1000, 500],
        [20000, 500],
      ]);
      expect(run.state().bandwidth.bytesSampled).toBe(20000);
    });
  });
});

describe('stall (spec 001 §9 Stall: fetch over 9000 ms)', () => {
  it('a fragment fetch still running 9000 ms after it started is a stall; it goes on and is appended', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        { fetchMs: (_u: string, range: { first: number }) => (range.first === 1000 ? 12000 : 0) },
        [[0, load()]],
        20_000,
      );
      s.flush();
      expect(only(run.log, 'mediaPlayer/fragmentStalled', 'mediaPlayer/fragmentFetched').map(([t, type]) => [t, type])).toEqual([
        [0, 'mediaPlayer/fragmentFetched'],
        [9000, 'mediaPlayer/fragmentStalled'],
        [12000, 'mediaPlayer/fragmentFetched'],
      ]);
      expect(run.calls).toContain('append 1.0.0');
    });
  });

  it('a fetch answering within 9000 ms is no stall', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), { fetchMs: 8999 }, [[0, load()]], 30_000);
      s.flush();
      expect(only(run.log, 'mediaPlayer/fragmentStalled')).toEqual([]);
    });
  });
});

describe('storage resolve (spec 001 §7 Media: retry on non-success; §9 Min gap between URL resolutions 1001 ms; §8 Storage)', () => {
  it('a failing resolve is retried 1001 ms apart, twice (Request retries max 2), then fails with its status', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider({ resolve: () => ({ status: 500, headers: {}, body: '' }) }), {}, [[0, load()]], 10_000);
      s.flush();
      expect(only(run.log, 'mediaPlayer/storageResolveRetried', 'mediaPlayer/failed').map(([t, type, p]) => [t, type, p?.['message']])).toEqual([
        [0, 'mediaPlayer/storageResolveRetried', 'Storage resolve failed with status 500'],
        [1001, 'mediaPlayer/storageResolveRetried', 'Storage resolve failed with status 500'],
        [2002, 'mediaPlayer/failed', 'Storage resolve failed with status 500'],
      ]);
      expect(fetches(run.calls)).toEqual([]);
    });
  });

  it('a connection error is a failed resolve with status 0, retried', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider({ resolve: (n) => (n === 0 ? new Error('offline') : (undefined as never)) }), {}, [[0, load()]], 5000);
      s.flush();
      expect(only(run.log, 'mediaPlayer/storageResolveRetried', 'mediaPlayer/storageResolved').map(([t, type]) => [t, type])).toEqual([
        [0, 'mediaPlayer/storageResolveRetried'],
        [1001, 'mediaPlayer/storageResolved'],
      ]);
    });
  });

  it('an answer without URLs: "Storage resolve returned no tracks." without retrying', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider({ resolve: () => ({ status: 200, headers: {}, body: JSON.stringify({ cdnurl: [] }) }) }),
        {},
        [[0, load()]],
        5000,
      );
      s.flush();
      expect(failures(run.log).map(([t, , p]) => [t, p?.['code'], p?.['message']])).toEqual([
        [0, 'STORAGE_RESOLVE_NO_TRACKS', 'Storage resolve returned no tracks.'],
      ]);
      expect(run.state().status).toBe('failed');
    });
  });

  it('a CDN 403 re-resolves, at least 1001 ms after the first resolution, and fetches again from the new URL', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        { fetch: (_u: string, _r: unknown, n: number) => (n === 1 ? { kind: 'response', status: 403, byteLength: 0 } : undefined) },
        [[0, load()]],
        5000,
      );
      s.flush();
      expect(only(run.log, 'mediaPlayer/storageResolveRequested', 'mediaPlayer/storageResolved').map(([t, type, p]) => [t, type, p?.['reason']])).toEqual([
        [0, 'mediaPlayer/storageResolveRequested', 'load'],
        [0, 'mediaPlayer/storageResolved', undefined],
        [0, 'mediaPlayer/storageResolveRequested', 're-resolve'],
        [1001, 'mediaPlayer/storageResolved', undefined],
      ]);
      expect(fetches(run.calls)).toEqual([`fetch ${CDN} 0-999`, `fetch ${CDN} 1000-20999`, `fetch ${CDN} 1000-20999`]);
      expect(run.calls).toContain('append 1.0.0');
      expect(failures(run.log)).toEqual([]);
    });
  });
});

describe('fragment errors (spec 001 §7 Media: retried on connection or server errors or wrong length; §8 Fragment texts)', () => {
  const failing = (answer: { kind: 'response'; status: number; byteLength: number } | { kind: 'connection-error'; online: boolean }) => ({
    fetch: (_u: string, range: { first: number }) => (range.first === 1000 ? answer : undefined),
  });

  it.each([
    [{ kind: 'response', status: 500, byteLength: 0 } as const, 'FRAGMENT_REQUEST_FAILED', 'Buffer request failed with status 500'],
    [{ kind: 'response', status: 206, byteLength: 5 } as const, 'FRAGMENT_UNEXPECTED_LENGTH', 'Received buffer of unexpected length.'],
    [{ kind: 'response', status: 206, byteLength: 0 } as const, 'FRAGMENT_EMPTY_RESPONSE', 'Empty response for successful buffer.'],
    [{ kind: 'connection-error', online: false } as const, 'FRAGMENT_REQUEST_FAILED_OFFLINE', 'Buffer request failed with status 0'],
  ])('%j is retried after 200 and 400 ms (generic backoff), then fails with its text', (answer, code, message) => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), failing(answer), [[0, load()]], 5000);
      s.flush();
      expect(only(run.log, 'mediaPlayer/fragmentRetried', 'mediaPlayer/failed').map(([t, type, p]) => [t, type, p?.['code'], p?.['message']])).toEqual([
        [0, 'mediaPlayer/fragmentRetried', code, message],
        [200, 'mediaPlayer/fragmentRetried', code, message],
        [600, 'mediaPlayer/failed', code, message],
      ]);
    });
  });

  it('a client error (404) fails at once: "Buffer request failed with status 404"', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), failing({ kind: 'response', status: 404, byteLength: 0 }), [[0, load()]], 5000);
      s.flush();
      expect(failures(run.log).map(([t, , p]) => [t, p?.['message']])).toEqual([[0, 'Buffer request failed with status 404']]);
    });
  });

  it('an online status 0 tries the fallback URL first, with a warning', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        {
          fetch: (url: string, range: { first: number }) => (range.first === 1000 && url === CDN ? { kind: 'response', status: 0, byteLength: 0 } : undefined),
        },
        [[0, load()]],
        5000,
      );
      s.flush();
      expect(only(run.log, 'mediaPlayer/fragmentUrlFallback').map(([, , p]) => p)).toEqual([
        { playId: 1, urlIndex: 1, warning: 'Buffer request failed with status 0; trying fallback URL 1' },
      ]);
      expect(fetches(run.calls)).toContain(`fetch ${CDN_FALLBACK} 1000-20999`);
      expect(failures(run.log)).toEqual([]);
    });
  });
});

describe('seek table (spec 001 §7 Media GET seek-table; §8 Storage track manifest, Manifest malformed seektable)', () => {
  it.each([
    [{ status: 404, headers: {}, body: 'x' }, 'STORAGE_TRACK_MANIFEST_FAILED', 'Track manifest request failed with status 404'],
    [{ status: 200, headers: {}, body: '' }, 'STORAGE_TRACK_MANIFEST_EMPTY', 'Track manifest is empty.'],
    [{ status: 200, headers: {}, body: '{"offset":"x"}' }, 'FILE_MALFORMED_SEEKTABLE', 'Malformed seektable.'],
    [
      { status: 200, headers: {}, body: '{"offset":10,"timescale":1000,"segments":[]}' },
      'FILE_MALFORMED_SEEKTABLE_NO_CONTENTS',
      'Malformed seektable: no contents.',
    ],
  ])('%j fails the load with its text', (seekTable, code, message) => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider({ seekTable }), {}, [[0, load()]], 5000);
      s.flush();
      expect(failures(run.log).map(([, , p]) => [p?.['code'], p?.['message']])).toEqual([[code, message]]);
      expect(fetches(run.calls)).toEqual([]);
    });
  });
});

describe('play ids and the source buffer (spec 001 §4: stale steps dropped; a seek clears the buffer)', () => {
  it("a second load detaches the first source, and the first load's late resolution is dropped", () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        {},
        [
          [0, load()],
          [10, load({ fileId: 'f2' })],
        ],
        5000,
        { httpLatencyMs: 50 },
      );
      s.flush();
      expect(run.calls.slice(0, 3)).toEqual([`attach ${CONFIG.mimeType}`, 'detach', `attach ${CONFIG.mimeType}`]);
      // Resolution 1 answered at 50 for the stale load; resolution 2 waited the 1001 ms gap.
      expect(only(run.log, 'mediaPlayer/storageResolved').map(([t, , p]) => [t, p?.['playId']])).toEqual([
        [50, 1],
        [1051, 2],
      ]);
      expect(run.state().playId).toBe(2);
      expect(run.calls.filter((c) => c.startsWith('append'))).toEqual(['append 2.0.-1', 'append 2.0.0']);
    });
  });

  it('a seek clears the buffer, cancels the fetch in flight and fetches the fragment of the new position', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        { fetchMs: (_u: string, range: { first: number }) => (range.first === 1000 ? 5000 : 0) },
        [
          [0, load()],
          [100, mediaSeekRequested({ positionMs: 15000 })],
        ],
        10_000,
      );
      s.flush();
      expect(run.calls.filter((c) => !c.startsWith('attach') && c !== 'detach')).toEqual([
        // The file's duration from its seek table, before any append (issue 13: the element's
        // seekable range is [0, duration]; left unset it is only what is buffered, and the seek
        // to 15 s would land at the buffered end).
        'duration 25000',
        `fetch ${CDN} 0-999`,
        `fetch ${CDN} 1000-20999`,
        'append 1.0.-1',
        // The seek: fragment 1 (10-20 s) under the new clear count, then the clear and the element's seek.
        `fetch ${CDN} 21000-40999`,
        'remove 0-Infinity',
        'seek 15000',
        `fetch ${CDN} 41000-50999`,
        'append 1.1.1',
        'append 1.1.2',
      ]);
      // Fragment 0, in flight at the seek, was never appended.
      expect(run.calls).not.toContain('append 1.0.0');
    });
  });

  it('a seek while the init segment is still being fetched asks for it again before any fragment (else the fragment fails to append: MEDIA_NOT_SUPPORTED)', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        { fetchMs: (_u: string, range: { first: number }) => (range.first === 0 ? 500 : 0) },
        [
          [0, load({ autoplay: false })],
          [100, mediaSeekRequested({ positionMs: 15000 })],
        ],
        10_000,
      );
      s.flush();
      const appends = run.calls.filter((c) => c.startsWith('append'));
      expect(appends[0]).toBe('append 1.1.-1');
      expect(appends.slice(1)).toEqual(['append 1.1.1', 'append 1.1.2']);
      expect(run.state().status).not.toBe('failed');
      expect(run.state().initPending).toBeUndefined();
    });
  });

  it('a seek once the init segment is appended does not fetch it again', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        { fetchMs: 10 },
        [
          [0, load({ autoplay: false })],
          [1000, mediaSeekRequested({ positionMs: 15000 })],
        ],
        10_000,
      );
      s.flush();
      expect(run.calls.filter((c) => c === `fetch ${CDN} 0-999`)).toHaveLength(1);
    });
  });

  it('a seek to 30 ms before a fragment boundary fetches the fragment holding the playhead first, once (issue 13: the element waits at the playhead)', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        { fetchMs: (_u: string, range: { first: number }) => (range.first === 1000 ? 5000 : 0) },
        [
          [0, load()],
          [100, mediaSeekRequested({ positionMs: 9970 })],
        ],
        10_000,
      );
      s.flush();
      // What follows the seek (fragment 0's first fetch was in flight at 100 ms and is cancelled).
      const after = run.calls.slice(run.calls.indexOf('append 1.0.-1') + 1);
      expect(after.filter((c) => c.startsWith('fetch') || c.startsWith('append'))).toEqual([
        `fetch ${CDN} 1000-20999`,
        `fetch ${CDN} 21000-40999`,
        'append 1.1.0',
        'append 1.1.1',
      ]);
    });
  });

  it('a stop detaches the source and fetches nothing more', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        { fetchMs: 1000 },
        [
          [0, load()],
          [500, mediaStopRequested()],
        ],
        10_000,
      );
      s.flush();
      expect(run.calls).toContain('detach');
      expect(fetches(run.calls)).toEqual([`fetch ${CDN} 0-999`]);
      expect(run.state().status).toBe('stopped');
    });
  });
});
