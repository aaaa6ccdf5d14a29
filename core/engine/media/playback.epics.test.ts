import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp, createFakeMediaSource } from '../../../adapters/fake';
import { userCapped } from '../drm/actions';
import { mediaPauseRequested, mediaPlayRequested, mediaSeekRequested, mediaStopRequested } from './actions';
import { load, only, provider, runMedia } from './testing/run-media';

const FAKES = { createFakeHttp, createFakeMediaSource };
const scheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));
const DURATION = 25000;

describe('pause event (spec 001 §4 Media player: emitted 10 ms after the pause)', () => {
  it('pauses the element and announces the pause 10 ms later', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        {},
        [
          [0, load({ autoplay: false })],
          [1000, mediaPauseRequested()],
        ],
        5000,
      );
      s.flush();
      expect(run.calls).toContain('pause');
      expect(only(run.log, 'mediaPlayer/paused')).toEqual([[1010, 'mediaPlayer/paused', { playId: 1 }]]);
      expect(run.state().status).toBe('paused');
    });
  });

  it('a play within the 10 ms cancels the announcement', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        {},
        [
          [0, load({ autoplay: false })],
          [1000, mediaPauseRequested()],
          [1005, mediaPlayRequested()],
        ],
        5000,
      );
      s.flush();
      expect(only(run.log, 'mediaPlayer/paused')).toEqual([]);
    });
  });
});

describe('stop (spec 001 §4 replace_state without a state ref: playback is paused, cleared)', () => {
  it('pauses the element: a detached MediaSource alone leaves it playing what it buffered', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        {},
        [
          [0, load()],
          [1000, mediaStopRequested()],
        ],
        5000,
      );
      run.fact(300, { kind: 'loadedmetadata' });
      s.flush();
      expect(run.calls.filter((c) => c === 'play' || c === 'pause')).toEqual(['play', 'pause']);
      expect(run.state().status).toBe('stopped');
    });
  });
});

describe('metadata loaded (spec 001 §4: seek to the start position, autoplay if requested)', () => {
  it('seeks to the start position, then plays', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), {}, [[0, load({ startMs: 8000 })]], 5000);
      run.fact(300, { kind: 'loadedmetadata' });
      s.flush();
      expect(run.calls.filter((c) => c === 'play' || c.startsWith('seek'))).toEqual(['seek 8000', 'play']);
    });
  });

  it('a seek during the load is where the element goes at metadata loaded', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        {},
        [
          [0, load({ startMs: 8000 })],
          [100, mediaSeekRequested({ positionMs: 15000 })],
        ],
        5000,
      );
      run.fact(300, { kind: 'loadedmetadata' });
      s.flush();
      expect(run.calls.filter((c) => c === 'play' || c.startsWith('seek'))).toEqual(['seek 15000', 'seek 15000', 'play']);
    });
  });

  it('without autoplay, neither seeks to 0 nor plays', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), {}, [[0, load({ autoplay: false })]], 5000);
      run.fact(300, { kind: 'loadedmetadata' });
      s.flush();
      expect(run.calls.filter((c) => c === 'play' || c.startsWith('seek'))).toEqual([]);
    });
  });

  it.each([
    ['NotAllowedError', true, []],
    ['AbortError', false, ['pause']],
  ])('a play refused with %s is reported (autoplay blocked: %s) and otherwise paused', (name, autoplayBlocked, after) => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), { playError: name }, [[0, load()]], 5000);
      run.fact(300, { kind: 'loadedmetadata' });
      s.flush();
      expect(only(run.log, 'mediaPlayer/playRefused')).toEqual([[300, 'mediaPlayer/playRefused', { playId: 1, name, autoplayBlocked }]]);
      expect(run.calls.filter((c) => c === 'pause')).toEqual(after);
    });
  });
});

describe('can-preload (spec 001 §4 Media player: when 10 s or less remain)', () => {
  it('fires once, when the position reaches 10 s before the end', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), {}, [[0, load()]], 10_000);
      run.fact(100, { kind: 'playing', positionMs: 0 });
      run.fact(1000, { kind: 'timeupdate', positionMs: DURATION - 10001 });
      run.fact(2000, { kind: 'timeupdate', positionMs: DURATION - 10000 });
      run.fact(3000, { kind: 'timeupdate', positionMs: DURATION - 5000 });
      s.flush();
      expect(only(run.log, 'mediaPlayer/canPreload')).toEqual([[2000, 'mediaPlayer/canPreload', { playId: 1 }]]);
    });
  });
});

describe('ended (spec 001 §4 Media player: synthesised for protected tracks from a timer set to the remaining duration)', () => {
  it('a protected track playing at 20 s ends 5 s later, once, even when the element reports ended after', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), {}, [[0, load({ protected: true })]], 30_000);
      run.fact(1000, { kind: 'playing', positionMs: 20000 });
      run.fact(6500, { kind: 'ended', positionMs: DURATION });
      s.flush();
      expect(only(run.log, 'mediaPlayer/ended')).toEqual([[6000, 'mediaPlayer/ended', { playId: 1, synthesised: true }]]);
    });
  });

  it('each position restarts the timer; a pause stops it', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), {}, [[0, load({ protected: true })]], 30_000);
      run.fact(1000, { kind: 'playing', positionMs: 20000 });
      run.fact(2000, { kind: 'timeupdate', positionMs: 20500 });
      run.fact(3000, { kind: 'pause', positionMs: 21000 });
      s.flush();
      expect(only(run.log, 'mediaPlayer/ended')).toEqual([]);
    });
  });

  it("an unprotected track ends on the element's ended only", () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), {}, [[0, load({ protected: false })]], 30_000);
      run.fact(1000, { kind: 'playing', positionMs: 20000 });
      run.fact(8000, { kind: 'ended', positionMs: DURATION });
      s.flush();
      expect(only(run.log, 'mediaPlayer/ended')).toEqual([[8000, 'mediaPlayer/ended', { playId: 1, synthesised: false }]]);
    });
  });
});

describe('media errors (spec 001 §8 Media texts; decode and not-supported fatal only under the fatal-on-next flag of §4)', () => {
  it.each([
    [1, 'MEDIA_ABORTED', 'Media aborted.'],
    [2, 'MEDIA_NETWORK_ERROR', 'Network error.'],
    [3, 'MEDIA_DECODING_ERROR', 'Media decoding error.'],
    [4, 'MEDIA_NOT_SUPPORTED', 'Media not supported.'],
    [7, 'MEDIA_ERROR', 'Media error (code 7).'],
  ])('MediaError %i is %s, "%s"', (errorCode, code, message) => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), {}, [[0, load()]], 5000);
      run.fact(1000, { kind: 'error', errorCode });
      s.flush();
      expect(only(run.log, 'mediaPlayer/failed')).toEqual([[1000, 'mediaPlayer/failed', { playId: 1, code, message, fatal: false, detail: null }]]);
      expect(run.state().status).toBe('failed');
    });
  });

  it('after a decode error on a protected track, a stop makes the next error fatal', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        {},
        [
          [0, load()],
          [2000, mediaStopRequested()],
          [3000, load({ fileId: 'f2' })],
        ],
        10_000,
      );
      run.fact(1000, { kind: 'error', errorCode: 3 });
      run.fact(4000, { kind: 'error', errorCode: 2 });
      s.flush();
      expect(only(run.log, 'mediaPlayer/failed').map(([t, , p]) => [t, p?.['code'], p?.['fatal']])).toEqual([
        [1000, 'MEDIA_DECODING_ERROR', false],
        [4000, 'MEDIA_NETWORK_ERROR', true],
      ]);
    });
  });

  it('the same on an unprotected track does not', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        {},
        [
          [0, load({ protected: false })],
          [2000, mediaStopRequested()],
          [3000, load({ fileId: 'f2' })],
        ],
        10_000,
      );
      run.fact(1000, { kind: 'error', errorCode: 3 });
      run.fact(4000, { kind: 'error', errorCode: 2 });
      s.flush();
      expect(only(run.log, 'mediaPlayer/failed').map(([, , p]) => p?.['fatal'])).toEqual([false, false]);
    });
  });

  it('a source buffer type the browser cannot play: "Media not supported."', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), { attachError: 'NotSupportedError' }, [[0, load()]], 5000);
      s.flush();
      expect(only(run.log, 'mediaPlayer/failed').map(([, , p]) => [p?.['code'], p?.['message']])).toEqual([['MEDIA_NOT_SUPPORTED', 'Media not supported.']]);
    });
  });
});

describe('buffer quota exceeded (spec 001 §8 Media: rebuffers, or pauses and emits "Buffer quota exceeded.", per an option)', () => {
  const quotaOnce = { appendError: (key: string, n: number) => (key === '1.0.0' && n === 1 ? 'QuotaExceededError' : undefined) };

  it('by default rebuffers: removes what is behind the playhead and fetches the fragment again', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), quotaOnce, [[0, load({ startMs: 3000 })]], 5000);
      s.flush();
      expect(only(run.log, 'mediaPlayer/rebufferRequested')).toEqual([[0, 'mediaPlayer/rebufferRequested', { playId: 1 }]]);
      const calls = run.calls.filter((c) => c.startsWith('append') || c.startsWith('remove'));
      expect(calls.slice(0, 3)).toEqual(['append 1.0.-1', 'append 1.0.0', 'remove 0-3000']);
      // Fragment 0 again after the remove.
      expect(calls.slice(3)).toContain('append 1.0.0');
      expect(only(run.log, 'mediaPlayer/failed')).toEqual([]);
    });
  });

  it('with the option, pauses and fails with "Buffer quota exceeded."', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(FAKES, s, provider(), quotaOnce, [[0, load()]], 5000, { config: { pauseOnQuotaExceeded: true } });
      s.flush();
      expect(run.calls).toContain('pause');
      expect(only(run.log, 'mediaPlayer/failed').map(([, , p]) => [p?.['code'], p?.['message']])).toEqual([
        ['MEDIA_BUFFER_QUOTA_EXCEEDED', 'Buffer quota exceeded.'],
      ]);
    });
  });
});

describe('capping (spec 001 §4 Media player: a capped user has playback paused)', () => {
  it('drm/userCapped pauses the element, and the pause is announced 10 ms later', () => {
    const s = scheduler();
    s.run(() => {
      const run = runMedia(
        FAKES,
        s,
        provider(),
        {},
        [
          [0, load()],
          [2000, userCapped()],
        ],
        5000,
      );
      s.flush();
      expect(run.calls).toContain('pause');
      expect(only(run.log, 'mediaPlayer/pauseRequested', 'mediaPlayer/paused').map(([t, type]) => [t, type])).toEqual([
        [2000, 'mediaPlayer/pauseRequested'],
        [2010, 'mediaPlayer/paused'],
      ]);
    });
  });
});
