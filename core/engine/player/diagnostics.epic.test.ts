import { authenticated, connectionFailed } from '../transport/actions';
import { drmFailed, encrypted, licenceChallenged, licenceReceived, licenceRequestRetried, licenceSessionCreated, licenceUpdated } from '../drm/actions';
import { stateUpdateFailed } from '../device/actions';
import {
  fragmentFetched,
  fragmentRequested,
  fragmentUrlFallback,
  mediaLoadRequested,
  mediaPlayerFailed,
  mediaSourceOpened,
  seekTableLoaded,
  storageResolved,
  storageResolveRequested,
} from '../media/actions';
import { latencyMeasured, playbackWarned, trackingFinalised, trackingStarted, trackPaused, trackPlaying } from '../tracking/actions';
import { logRequested } from '../tracking/log-actions';
import { playbackStatsPayload } from '../tracking/payloads';
import { PLAYBACK_ERROR_PREFIX } from '../tracking/constants';
import type { Action } from '../../store/action';
import { clientInitialised } from './actions';
import { diagnosticsEpic } from './diagnostics.epic';
import { initialEngineState } from './index';
import { isLatencyEdge, latencyStep } from './latencies';
import { only, runPlayer } from './testing/run-player';
import { INSTANCE_ID } from './testing/engine-state';

const P = 'pb1';
const started = trackingStarted({
  playbackId: P,
  trackUri: 'spotify:track:t1',
  fileId: 'f1',
  at: 10,
  startPositionMs: 0,
  reasonStart: 'clickrow',
  initiallyPaused: false,
  playedThresholdMs: 30000,
  keySystem: 'clearkey',
  audioCodec: 'mp4a.40.2',
  bitrate: 160000,
});

/** A protected track's load, step by step, at virtual ms (the clock is the scheduler's). */
const LOAD: ReadonlyArray<readonly [number, Action]> = [
  [0, clientInitialised({ instanceId: INSTANCE_ID })],
  [5, authenticated({ connectionId: 'c1', at: 5 })],
  // The load comes before its record (track.epic.ts: issue 15, gapless), with no playback yet.
  [10, mediaLoadRequested({ fileId: 'f1', protected: true, isAd: false, startMs: 0, autoplay: true })],
  [10, started],
  [12, storageResolveRequested({ playId: 1, fileId: 'f1', reason: 'load' })],
  [30, mediaSourceOpened({ playId: 1 })],
  [45, seekTableLoaded({ playId: 1, offset: 0, timescale: 44100, segments: [[1000, 441000]], protection: 'cenc' })],
  [52, storageResolved({ playId: 1, urls: ['http://cdn/f1'], expiresAt: null })],
  [60, fragmentRequested({ playId: 1, clears: 0, index: -1, first: 0, last: 99 })],
  [75, fragmentFetched({ playId: 1, clears: 0, index: -1, key: 'k', bytes: 100, elapsedMs: 15 })],
  [80, encrypted({ initDataType: 'cenc', initData: 'AAAA' })],
  [81, licenceSessionCreated()],
  [90, licenceChallenged({ messageType: 'license-request', bytes: 40 })],
  [100, licenceRequestRetried({ retry: 1, delayMs: 200, err: 'License request failed (status 500)' })],
  [120, licenceReceived()],
  [125, licenceUpdated({ keySystem: 'org.w3.clearkey' })],
  [200, trackPlaying({ playbackId: P, at: 200 })],
  [300, fragmentUrlFallback({ playId: 1, urlIndex: 1, warning: 'Buffer request failed with status 0; trying fallback URL 1' })],
  [500, trackPaused({ playbackId: P, at: 500 })],
  [550, stateUpdateFailed({ seq: 3, err: 'Request was not successful (status 500)' })],
  [600, trackingFinalised({ playbackId: P, at: 600, positionMs: 400, reasonEnd: 'trackdone' })],
];

const logs = (log: ReturnType<typeof runPlayer>['log']) =>
  only(log, logRequested.type).map(([, , p]) => p as { endpoint: string; payload: Record<string, unknown> });

describe('latencies of the tracking record (spec 001 §3: play, init, head, manifest, resolve, key, license session/generation/request/update) on the injected clock', () => {
  it('each measured once per playback, from its start to its end', () => {
    const { log, state } = runPlayer([diagnosticsEpic], initialEngineState, LOAD);
    expect(only(log, latencyMeasured.type).map(([t, , p]) => [t, (p as { name: string }).name, (p as { ms: number }).ms])).toEqual([
      [30, 'init', 20],
      [45, 'manifest', 35],
      [52, 'resolve', 40],
      [75, 'head', 15],
      [81, 'license_session', 1],
      [90, 'license_generation', 9],
      [120, 'license_request', 30],
      [125, 'key', 45],
      [125, 'license_update', 5],
    ]);
    // The finalised record's stats carry them, play (load to first sound) with them.
    const stats = playbackStatsPayload(state().tracking.records[P]!, { sdkId: 's', platform: 'p', clientVersion: 'v', sessionId: 'x' }, 1);
    expect(stats).toMatchObject({ ms_latency_play: 190, ms_latency_init: 20, ms_latency_key: 45, ms_latency_license_update: 5, n_warnings: 2 });
  });

  it("the next track's load, dispatched before its record while the last playback is still current, starts the new playback's latencies", () => {
    const next = { ...started, playbackId: 'pb2', at: 700 };
    const { log } = runPlayer([diagnosticsEpic], initialEngineState, [
      ...LOAD,
      [700, mediaLoadRequested({ fileId: 'f2', protected: true, isAd: false, startMs: 0, autoplay: true })],
      [700, trackingFinalised({ playbackId: P, at: 700, positionMs: 500, reasonEnd: 'trackdone' })],
      [700, next],
      [710, mediaSourceOpened({ playId: 2 })],
      [718, seekTableLoaded({ playId: 2, offset: 0, timescale: 44100, segments: [[1000, 441000]], protection: 'cenc' })],
    ]);
    const second = only(log, latencyMeasured.type)
      .map(([, , p]) => p as { playbackId: string; name: string; ms: number })
      .filter((m) => m.playbackId === 'pb2');
    expect(second.map((m) => [m.name, m.ms])).toEqual([
      ['init', 10],
      ['manifest', 18],
    ]);
  });

  it.each([
    [
      'a start is not restarted by its repeat',
      [
        [0, 'load'],
        [5, 'load'],
        [9, 'open'],
      ],
      [['init', 9]],
    ],
    ['an end with no start measures nothing', [[3, 'open']], []],
    [
      'an end is measured once',
      [
        [0, 'load'],
        [4, 'open'],
        [8, 'open'],
      ],
      [['init', 4]],
    ],
  ] as const)('%s', (_rule, steps, expected) => {
    const actions = {
      load: mediaLoadRequested({ fileId: 'f', protected: true, isAd: false, startMs: 0, autoplay: true }),
      open: mediaSourceOpened({ playId: 1 }),
    };
    let starts = {};
    const measured: Array<readonly [string, number]> = [];
    for (const [now, which] of steps) {
      const step = latencyStep(starts, actions[which], now);
      starts = step.starts;
      measured.push(...step.measured.filter(([name]) => name === 'init'));
    }
    expect(measured).toEqual(expected);
    expect(isLatencyEdge(actions.open)).toBe(true);
    expect(isLatencyEdge(trackPlaying({ playbackId: P, at: 1 }))).toBe(false);
  });
});

describe('the logs of spec 001 §7 Logging the engine sends where it has the facts', () => {
  it('client_event, elapsed_time, jssdk_warning, jssdk_timer and jssdk_interval_timer from a load, with n_warnings counting the warnings', () => {
    const { log } = runPlayer([diagnosticsEpic], initialEngineState, LOAD);
    const sent = logs(log);
    expect(sent.map((l) => l.endpoint)).toEqual([
      'client_event', // authenticated
      'elapsed_time', // transport_authenticated
      'jssdk_warning', // the licence request retried
      'elapsed_time', // first_audio
      'jssdk_timer', // track_load at the first sound
      'jssdk_warning', // the fallback URL
      'client_event', // unsent-state-update
      'jssdk_interval_timer', // the stretches played
    ]);
    expect(sent[0]!.payload).toMatchObject({
      source: 'transport',
      event: 'authenticated',
      sdk_id: 'embed-sdk',
      client_version: '1.0.0',
      platform: 'web_player',
    });
    expect(sent[1]!.payload).toMatchObject({ event: 'transport_authenticated', elapsed_time: 5, unique_id: `${INSTANCE_ID}:transport_authenticated` });
    expect(sent[2]!.payload).toMatchObject({ source: 'harmony', type: 'EME_LICENSE_REQUEST_RETRIED', message: 'License request failed (status 500)' });
    expect(sent[3]!.payload).toMatchObject({ event: 'first_audio', elapsed_time: 200 });
    expect(sent[4]!.payload).toMatchObject({ timer_name: 'track_load', ms_duration: 190, breakdown_version: 1 });
    expect(sent[4]!.payload['breakdown']).toEqual(
      expect.arrayContaining([
        { name: 'key', ms: 45 },
        { name: 'resolve', ms: 40 },
      ]),
    );
    expect(sent[6]!.payload).toMatchObject({ event: 'unsent-state-update' });
    expect(sent[7]!.payload).toMatchObject({ timer_name: 'playing', timer_id: P, intervals: [{ start: 190, end: 490 }] });
    expect(only(log, playbackWarned.type)).toHaveLength(2);
  });

  it("spec 001 §8: playback errors are logged as exceptions with the PLAYBACK_ERROR prefix; the transport's with source transport", () => {
    const inputs: ReadonlyArray<readonly [number, Action]> = [
      [0, clientInitialised({ instanceId: INSTANCE_ID })],
      [10, started],
      [20, mediaPlayerFailed({ playId: 1, code: 'MEDIA_DECODING_ERROR', message: 'Media decoding error.', fatal: true, detail: null })],
      [30, drmFailed({ code: 'EME_LICENSE_UPDATE_FAILED', message: 'License update failed.', fatal: false })],
      [40, connectionFailed({ err: 'Cannot connect to dealer' })],
    ];
    const { log, state } = runPlayer([diagnosticsEpic], initialEngineState, inputs);
    const errors = logs(log)
      .filter((l) => l.endpoint === 'jssdk_error')
      .map((l) => l.payload);
    expect(errors).toEqual([
      expect.objectContaining({ source: 'harmony', type: 'exception', message: `${PLAYBACK_ERROR_PREFIX}: MEDIA_DECODING_ERROR: Media decoding error.` }),
      expect.objectContaining({ source: 'harmony', type: 'exception', message: 'PLAYBACK_ERROR: EME_LICENSE_UPDATE_FAILED: License update failed.' }),
      expect.objectContaining({ source: 'transport', type: 'exception', message: 'Cannot connect to dealer' }),
    ]);
    // The fatal media error is the unrecoverable failure: a client event too.
    expect(
      logs(log)
        .filter((l) => l.endpoint === 'client_event')
        .map((l) => l.payload['event']),
    ).toEqual(['unrecoverable_failure']);
    expect(state().tracking.records[P]?.hadError).toBe(true);
  });
});
