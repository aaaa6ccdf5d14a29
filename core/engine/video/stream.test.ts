import { map, shareReplay, take, timer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createFakeVideoSource, type FakeVideoSource } from '../../../adapters/fake';
import type { RangeFetchResult, VideoBufferKind } from '../../ports';
import { initialBandwidthState } from '../media/bandwidth-estimator';
import type { VideoManifest } from './manifest';
import { playableProfiles, type ProfileSet } from './profiles';
import { nextVideoStep, streamVideo, type VideoStreamEvent } from './stream';
import { BASE, PREMIUM } from './testing/manifests';

/*
 * Issue 18, spec 001 §9 Video quality and §7 templated segments with their retries, in virtual
 * time: a link of `bps(now)` bits/s carries each segment (bitrate × 4 s); the playhead moves with
 * the clock from 0. Every switch must find the buffers ahead of the playhead (no stall to switch).
 */

const LONG: VideoManifest = { ...PREMIUM, end_time_millis: 60000 };
const BYTES: Record<number, number> = { 1: 75000, 2: 150000, 3: 250000, 10: 64000 };

interface Run {
  readonly events: [number, VideoStreamEvent][];
  readonly calls: string[];
  /** At each switch: [position, lowest buffered end]. */
  readonly atSwitch: [number, number][];
}

function play(
  manifest: VideoManifest,
  bps: (now: number) => number,
  failures: (url: string, n: number) => RangeFetchResult | undefined = () => undefined,
): Run {
  const events: [number, VideoStreamEvent][] = [];
  const calls: string[] = [];
  const atSwitch: [number, number][] = [];
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  scheduler.run(() => {
    const segmentMs = manifest.contents[0]!.segment_length * 1000;
    let fake: FakeVideoSource | null = null;
    fake = createFakeVideoSource(scheduler, calls, {
      fetch: (url, n, now) => {
        const failed = failures(url, n);
        if (failed !== undefined) return { result: failed, ms: 50 };
        const [profile, part] = url.slice(BASE.length).split('/');
        const bytes = part === 'init' ? 1000 : BYTES[Number(profile)]!;
        return { result: { kind: 'response', status: 200, byteLength: bytes }, ms: Math.ceil(((bytes * 8) / bps(now)) * 1000) };
      },
      bufferedEnd: (kind: VideoBufferKind, key: string) => {
        const index = Number(key.split('.')[2]);
        return index < 0 ? fake!.buffered()[kind] : Math.min((index + 1) * segmentMs, manifest.end_time_millis);
      },
    });
    const profiles = (playableProfiles(manifest, { isTypeSupported: () => true, keySystem: true }) as { set: ProfileSet }).set;
    // One playhead for the whole run (replayed to each subscriber), stopping past the end.
    const positionMs$ = timer(0, 100, scheduler).pipe(
      map((tick) => tick * 100),
      take(manifest.end_time_millis / 100 + 100),
      shareReplay(1),
    );
    positionMs$.subscribe();
    const deps = { video: fake, clock: { now: () => scheduler.now() }, scheduler, random: { next: () => 0.5 } };
    streamVideo({ manifest, profiles, bandwidth: initialBandwidthState(), positionMs$ }, deps).subscribe((event) => {
      events.push([scheduler.now(), event]);
      if (event.kind === 'switched') {
        const { video, audio } = fake.buffered();
        atSwitch.push([scheduler.now(), Math.min(video, audio)]);
      }
    });
  });
  return { events, calls, atSwitch };
}

const kinds = (run: Run) => run.events.map(([, e]) => e.kind);
const videoSegments = (run: Run) =>
  run.events.flatMap(([, e]) => (e.kind === 'appended' && e.buffer === 'video' && e.index >= 0 ? [[e.index, e.profile] as const] : []));
const switches = (run: Run) => run.events.flatMap(([, e]) => (e.kind === 'switched' ? [[e.from, e.to, e.index] as const] : []));

describe('video segments and profile switching (spec 001 §9 Video quality, §7 templated segments)', () => {
  it('starts at the default estimate (400000: profile 1), moves up at a segment boundary once the estimator has 128000 bytes, and ends the stream', () => {
    const run = play(PREMIUM, () => 4_000_000);
    expect(run.calls.slice(0, 9)).toEqual([
      'attach video/mp4; codecs="avc1.4d401f" | audio/mp4; codecs="mp4a.40.2" 22000',
      `fetch ${BASE}1/init`,
      'append video video.1.-1',
      `fetch ${BASE}10/init`,
      'append audio audio.10.-1',
      `fetch ${BASE}1/0`,
      'append video video.1.0',
      `fetch ${BASE}10/0`,
      'append audio audio.10.0',
    ]);
    // The new profile's init segment goes in before its first segment; audio keeps its profile.
    expect(run.calls.slice(9, 13)).toEqual([`fetch ${BASE}3/init`, 'append video video.3.-1', `fetch ${BASE}3/4`, 'append video video.3.1']);
    expect(switches(run)).toEqual([[1, 3, 1]]);
    expect(videoSegments(run)).toEqual([
      [0, 1],
      [1, 3],
      [2, 3],
      [3, 3],
      [4, 3],
      [5, 3],
    ]);
    expect(kinds(run).slice(-1)).toEqual(['ended']);
    expect(run.calls.slice(-1)).toEqual(['end']);
  });

  it('a throttled link moves down and the lifted throttle back up, each at a segment boundary with the playhead still inside what is buffered', () => {
    const throttled = (now: number) => (now >= 3000 && now < 25000 ? 350_000 : 4_000_000);
    const run = play(LONG, throttled);
    const moves = switches(run);
    const down = moves.findIndex(([from, to]) => to < from);
    const up = moves.findIndex(([from, to], i) => i > down && to > from);
    expect(down).toBeGreaterThanOrEqual(0);
    expect(up).toBeGreaterThan(down);
    expect(run.atSwitch.length).toBe(moves.length);
    for (const [position, buffered] of run.atSwitch) expect(buffered).toBeGreaterThan(position);
    expect(videoSegments(run).map(([index]) => index)).toEqual([...Array(15).keys()]);
    expect(kinds(run)).not.toContain('failed');
  });
});

describe('segment retries (spec 001 §7: status 0, connection errors and server errors; §9 Request retries max 2)', () => {
  const segment0 = `${BASE}1/0`;

  it('a 503 and a connection error are retried after the generic backoff (200 ms, 400 ms), then the segment plays on', () => {
    const run = play(
      PREMIUM,
      () => 4_000_000,
      (url, n) =>
        url === segment0
          ? (
              [
                { kind: 'response', status: 503, byteLength: 0 },
                { kind: 'connection-error', online: true },
              ] as const
            )[n]
          : undefined,
    );
    const retried = run.events.filter(([, e]) => e.kind === 'retried');
    expect(retried.map(([, e]) => e.kind === 'retried' && [e.url, e.retry, e.error.message])).toEqual([
      [segment0, 1, 'Buffer request failed with status 503'],
      [segment0, 2, 'Buffer request failed with status 0'],
    ]);
    expect(run.calls.filter((c) => c === `fetch ${segment0}`)).toHaveLength(3);
    expect(retried[1]![0] - retried[0]![0]).toBe(200 + 50);
    expect(kinds(run).slice(-1)).toEqual(['ended']);
  });

  it('status 0 three times fails the playback after two retries; nothing more is fetched', () => {
    const run = play(
      PREMIUM,
      () => 4_000_000,
      (url) => (url === segment0 ? { kind: 'response', status: 0, byteLength: 0 } : undefined),
    );
    expect(kinds(run).filter((k) => k === 'retried')).toHaveLength(2);
    expect(run.events.slice(-1)[0]![1]).toEqual({
      kind: 'failed',
      error: { code: 'FRAGMENT_REQUEST_FAILED_ONLINE', message: 'Buffer request failed with status 0' },
    });
    expect(run.calls.slice(-1)).toEqual([`fetch ${segment0}`]);
  });

  it('a 404 is not retried', () => {
    const run = play(
      PREMIUM,
      () => 4_000_000,
      (url) => (url === segment0 ? { kind: 'response', status: 404, byteLength: 0 } : undefined),
    );
    expect(kinds(run)).not.toContain('retried');
    expect(run.events.slice(-1)[0]![1]).toEqual({
      kind: 'failed',
      error: { code: 'FRAGMENT_REQUEST_FAILED', message: 'Buffer request failed with status 404' },
    });
  });
});

describe('nextVideoStep: the segment the playhead calls for (issue 18; spec 001 §9 top-up below 10 s ahead)', () => {
  const progress = (done: number[], ended = false) => ({ count: 6, lengthMs: 4000, done: new Set(done), ended });
  it.each<[string, number, number[], boolean, ReturnType<typeof nextVideoStep>]>([
    ['at the start: segment 0', 0, [], false, { kind: 'segment', index: 0 }],
    ['the next one starting under 10 s ahead', 1000, [0, 1], false, { kind: 'segment', index: 2 }],
    ['not one starting 10 s or more ahead', 1000, [0, 1, 2], false, { kind: 'wait' }],
    ['a seek forward: the segment of the new position, skipping those before', 18000, [0, 1, 2], false, { kind: 'segment', index: 4 }],
    ['a seek onto a boundary: the segment before it too (its audio starts a hair after)', 16000, [0, 1, 2], false, { kind: 'segment', index: 3 }],
    ['everything from the playhead on is in: the end of the stream', 18000, [0, 1, 2, 4, 5], false, { kind: 'end' }],
    ['once ended: nothing', 18000, [0, 1, 2, 4, 5], true, { kind: 'wait' }],
    ['a seek back into a skipped gap: that segment, even after the end', 13000, [0, 1, 2, 4, 5], true, { kind: 'segment', index: 3 }],
  ])('%s', (_rule, position, done, ended, step) => {
    expect(nextVideoStep(position, progress(done, ended))).toEqual(step);
  });
});
