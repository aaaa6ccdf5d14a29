import { playerInitFailed } from '../../contract';
import { listEnded, maxListErrors } from '../lists/actions';
import { fragmentFetched, mediaElementFact, mediaPausedEvent, mediaPlayerFailed, mediaSeekRequested, mediaTrackEnded } from '../media/actions';
import { INITIAL_PLAY_ID } from '../media/play-id';
import { sessionLoaded, storedTokenRead, tokenProvided, tokenReceived, tokenRefreshFailed } from '../session/actions';
import { playedThresholdReached, stallEnded, stallStarted, startedPlaying, trackingFinalised, trackingStarted, trackPlaying } from '../tracking/actions';
import { featureFlagFailed, registrationFailed } from '../device/actions';
import { registrationOutcome } from '../device/registration';
import { clientInitialised, playerCommandFailed } from './actions';
import { logsEpic } from './logs.epic';
import { mediaFactsEpic } from './media-facts.epic';
import { progressEpic } from './progress.epic';
import { startEpic, tokenUpdatesEpic } from './start.epic';
import { engineState, INSTANCE_ID, mediaTrack, planOf, stateMachine, stateRef, trackUri } from './testing/engine-state';
import { CLIENT_VERSION, only, PLAYER_CONFIG, runPlayer } from './testing/run-player';

/** A started playback of track 0 (the fields tracking needs to open its record). */
const startedFields = {
  playbackId: 'p',
  trackUri: trackUri(0),
  fileId: 'f0-160',
  at: 0,
  startPositionMs: 0,
  reasonStart: 'remote',
  initiallyPaused: false,
  playedThresholdMs: 30000,
  keySystem: 'com.widevine.alpha',
  audioCodec: 'mp4a.40.2',
  bitrate: 160000,
};

type FactKind = 'loadedmetadata' | 'playing' | 'pause' | 'timeupdate' | 'waiting' | 'ended';
const fact = (kind: FactKind, positionMs = 0, durationMs = 0) => mediaElementFact({ kind, positionMs, durationMs, bufferedEndMs: positionMs, errorCode: null });

describe('progressEpic (spec 001 §4 Events forwarded: progress; §9 progress tick 500 ms)', () => {
  it('ticks every 500 ms with the last position and the duration only while the media plays; a pause stops it, a play restarts it', () => {
    const paused = engineState({ media: { status: 'paused', track: mediaTrack(), plan: planOf(25000), positionMs: 0 } });
    const { log } = runPlayer(
      [progressEpic],
      paused,
      [
        [100, fact('playing', 1000)],
        [1200, fact('timeupdate', 2100)],
        [1700, mediaPausedEvent({ playId: INITIAL_PLAY_ID })],
        [3000, fact('playing', 2100)],
        [3600, fact('waiting', 2600)],
      ],
      { stopAt: 5000 },
    );
    expect(log).toEqual([
      [600, 'engine/progressed', { positionMs: 1000, durationMs: 25000 }],
      [1100, 'engine/progressed', { positionMs: 1000, durationMs: 25000 }],
      [1600, 'engine/progressed', { positionMs: 2100, durationMs: 25000 }],
      [3500, 'engine/progressed', { positionMs: 2100, durationMs: 25000 }],
    ]);
  });

  it('never ticks while nothing plays', () => {
    expect(runPlayer([progressEpic], engineState(), [], { stopAt: 5000 }).log).toEqual([]);
  });
});

describe('startEpic (spec 001 §4 Client lifecycle, Auth)', () => {
  const token = (callers: string[], isAnonymous = false) => tokenReceived({ accessToken: 'tok', expiresAtMs: 1e12, isAnonymous, clientId: null, callers });
  const connect = [
    ['transport/connectRequested', { caller: 'player', resolveUrl: PLAYER_CONFIG.resolveUrl }],
    ['drm/setupRequested', { ...PLAYER_CONFIG.drm }],
    // spec 001 §4 State update sends: the cell that decides whether they are limited.
    ['device/featureFlagRequested', { name: 'send all state updates' }],
  ];

  it("once initialised: loads the session, asks for a token once it is loaded, and with the player's token connects the transport, sets up the DRM and asks for the state-update flag", () => {
    const { log } = runPlayer([startEpic], engineState(), [
      [0, clientInitialised({ instanceId: INSTANCE_ID })],
      [10, sessionLoaded({ hasToken: false })],
      [20, token(['someone-else'])],
      [30, token(['player'])],
      [40, clientInitialised({ instanceId: INSTANCE_ID })],
      [50, token(['player'])],
    ]);
    expect(log).toEqual([
      [0, 'session/loadRequested', { accountsUrl: PLAYER_CONFIG.accountsUrl }],
      [10, 'session/tokenRequested', { caller: 'player', reason: 'init' }],
      ...connect.map((entry) => [30, ...entry]),
    ]);
  });

  it('a live (stored) token served to the player also starts it', () => {
    const { log } = runPlayer([startEpic], engineState(), [
      [0, clientInitialised({ instanceId: INSTANCE_ID })],
      [3, storedTokenRead({ token: { accessToken: 'tok', expiresAtMs: 1e12, isAnonymous: false } })],
      [4, sessionLoaded({ hasToken: true })],
      [5, tokenProvided({ caller: 'player' })],
    ]);
    expect(log.slice(2)).toEqual(connect.map((entry) => [5, ...entry]));
  });

  it('nothing happens before the client is initialised', () => {
    expect(
      runPlayer([startEpic], engineState(), [
        [0, sessionLoaded({ hasToken: true })],
        [5, token(['player'])],
      ]).log,
    ).toEqual([]);
  });

  it('a failed token refresh for the player is an initialization failure SESSION_NO_TOKEN with its message (no controller)', () => {
    const { log } = runPlayer([startEpic], engineState(), [
      [0, clientInitialised({ instanceId: INSTANCE_ID })],
      [10, sessionLoaded({ hasToken: false })],
      [20, tokenRefreshFailed({ status: 401, err: 'Unauthorized', callers: ['player'] })],
    ]);
    expect(log.slice(2)).toEqual([[20, playerInitFailed.type, { code: 'SESSION_NO_TOKEN', message: 'Unauthorized' }]]);
  });

  it('an anonymous token is an initialization failure SESSION_NO_TOKEN (anonymous users get no controller)', () => {
    const { log } = runPlayer([startEpic], engineState(), [
      [0, clientInitialised({ instanceId: INSTANCE_ID })],
      [20, token(['player'], true)],
    ]);
    expect(only(log, playerInitFailed.type, 'transport/connectRequested')).toEqual([
      [20, playerInitFailed.type, { code: 'SESSION_NO_TOKEN', message: 'Token provider returned an invalid token' }],
    ]);
  });

  it('tokenUpdatesEpic: the transport hears of every refreshed token, which it reads from the session (spec 001 §4 Auth token update)', () => {
    const { log } = runPlayer([tokenUpdatesEpic], engineState(), [
      [7, tokenReceived({ accessToken: 'tok2', expiresAtMs: 1, isAnonymous: false, clientId: null, callers: [] })],
    ]);
    expect(log).toEqual([[7, 'transport/tokenUpdated']]);
  });
});

describe('mediaFactsEpic (spec 001 §4 List player, Tracking, State update sends)', () => {
  /** Track 2 loading for playback p1, its state ref playing, a 25 s seek table. */
  const loading = engineState({
    player: { machine: stateMachine(3), trackIndex: 2, playbackId: 'p1' },
    media: { status: 'loading', track: mediaTrack(), plan: planOf(25000), positionMs: 0, resolved: { urls: ['http://cdn.test/f'] } },
    device: { stateRef: stateRef('s2', false), paused: false },
  });

  it('maps the media facts of a playback to the list player, tracking and the state updates', () => {
    const { log } = runPlayer([mediaFactsEpic], loading, [
      [0, fact('loadedmetadata', 0, 0)],
      [10, fact('playing', 0)],
      [20, fact('timeupdate', 4000)],
      [30, mediaPausedEvent({ playId: INITIAL_PLAY_ID })],
      [40, fact('playing', 4000)],
      [50, mediaSeekRequested({ positionMs: 9000 })],
      [60, mediaTrackEnded({ playId: INITIAL_PLAY_ID, synthesised: true })],
    ]);
    const update = (reason: string, position: number) => ['device/stateUpdateRequested', { reason, position, duration: 25000, playbackStats: null }];
    expect(log).toEqual([
      // The element of a MediaSource knows no duration: the seek table's is the track's.
      [0, 'list/trackLoaded', { index: 2 }],
      [0, 'tracking/durationKnown', { playbackId: 'p1', durationMs: 25000 }],
      // The first playing is no resume.
      [10, 'list/trackPlaying'],
      [10, 'tracking/playing', { playbackId: 'p1', at: 10 }],
      [30, 'list/trackPaused'],
      [30, 'tracking/paused', { playbackId: 'p1', at: 30 }],
      [30, 'device/localStateChanged', { stateRef: stateRef('s2', true) }],
      [30, ...update('pause', 4000)],
      // Playing after a pause is a resume.
      [40, 'list/trackPlaying'],
      [40, 'tracking/playing', { playbackId: 'p1', at: 40 }],
      [40, 'device/localStateChanged', { stateRef: stateRef('s2', false) }],
      [40, ...update('resume', 4000)],
      [50, 'tracking/seeked', { playbackId: 'p1', at: 50, fromMs: 4000, toMs: 9000 }],
      [50, ...update('position_changed', 9000)],
      [60, 'list/trackFinished'],
    ]);
  });

  it("tracking's decisions on the current playback are state updates: started_playing, played_threshold_reached, track_data_finalized", () => {
    const playing = engineState({ ...loading, media: { ...loading.media, status: 'playing', positionMs: 12000 } });
    const { log } = runPlayer([mediaFactsEpic], playing, [
      [0, startedPlaying({ playbackId: 'p1', msPlayed: 1001 })],
      [5, startedPlaying({ playbackId: 'p0', msPlayed: 1001 })],
      [10, playedThresholdReached({ playbackId: 'p1', msPlayed: 30000 })],
      [15, playedThresholdReached({ playbackId: 'p0', msPlayed: 30000 })],
      [20, trackingFinalised({ playbackId: 'p0', at: 20, positionMs: 7000, reasonEnd: 'fwdbtn' })],
    ]);
    expect(log).toEqual([
      [0, 'device/stateUpdateRequested', { reason: 'started_playing', position: 12000, duration: 25000, playbackStats: null }],
      [10, 'device/stateUpdateRequested', { reason: 'played_threshold_reached', position: 12000, duration: 25000, playbackStats: null }],
      // The finalised playback's own end position.
      [20, 'device/stateUpdateRequested', { reason: 'track_data_finalized', position: 7000, duration: 25000, playbackStats: null }],
    ]);
  });

  it('a waiting element after it played is a stall until it plays again; a fetched fragment is bytes from the CDN url', () => {
    const { log } = runPlayer([mediaFactsEpic], loading, [
      [0, fact('waiting', 0)],
      [10, fact('playing', 0)],
      [20, fact('waiting', 500)],
      [25, fact('waiting', 500)],
      [90, fact('playing', 500)],
      [95, fragmentFetched({ playId: INITIAL_PLAY_ID, index: 0, key: 'k', bytes: 20000, elapsedMs: 40, clears: 0 })],
    ]);
    expect(only(log, 'tracking/stallStarted', 'tracking/stallEnded', 'tracking/bytesReceived')).toEqual([
      [20, 'tracking/stallStarted', { playbackId: 'p1', at: 20 }],
      [90, 'tracking/stallEnded', { playbackId: 'p1', at: 90 }],
      [95, 'tracking/bytesReceived', { playbackId: 'p1', url: 'http://cdn.test/f', bytes: 20000, durationMs: 40 }],
    ]);
  });

  it('a media failure errors the record, sends an error update and fails the list track (next allowed unless fatal); the list end finalises with endplay', () => {
    const { log } = runPlayer([mediaFactsEpic], loading, [
      [0, mediaPlayerFailed({ playId: INITIAL_PLAY_ID, code: 'MEDIA_X', message: 'm', fatal: true, detail: null })],
      [10, listEnded()],
    ]);
    expect(log).toEqual([
      [0, 'tracking/errored', { playbackId: 'p1' }],
      [0, 'device/stateUpdateRequested', { reason: 'error', position: 0, duration: 25000, playbackStats: null }],
      [0, 'list/trackFailed', { allowsNext: false }],
      [10, 'tracking/finaliseRequested', { playbackId: 'p1', at: 10, positionMs: 0, reasonEnd: 'endplay' }],
    ]);
  });

  it('max-list-errors (spec 001 §4) ends the failed playback with trackerror, as no next track will', () => {
    const { log } = runPlayer([mediaFactsEpic], loading, [[10, maxListErrors()]]);
    expect(log).toEqual([[10, 'tracking/finaliseRequested', { playbackId: 'p1', at: 10, positionMs: 0, reasonEnd: 'trackerror' }]]);
  });

  it('a seek is counted back or forward from where the media was before it (spec 001 §3 record: n_seekback, n_seekforward)', () => {
    const { log, state } = runPlayer([mediaFactsEpic], loading, [
      [0, trackingStarted({ ...startedFields, playbackId: 'p1' })],
      [5, fact('playing', 20000)],
      [10, mediaSeekRequested({ positionMs: 5000 })],
      [20, mediaSeekRequested({ positionMs: 15000 })],
    ]);
    expect(only(log, 'tracking/seeked').map(([, , payload]) => payload)).toEqual([
      { playbackId: 'p1', at: 10, fromMs: 20000, toMs: 5000 },
      { playbackId: 'p1', at: 20, fromMs: 5000, toMs: 15000 },
    ]);
    expect(state().tracking.records['p1']).toMatchObject({ nSeekBack: 1, nSeekForward: 1 });
  });

  it('without a playback nothing is told', () => {
    const idle = engineState({ ...loading, player: { ...loading.player, playbackId: null } });
    expect(
      runPlayer([mediaFactsEpic], idle, [
        [0, fact('loadedmetadata')],
        [10, fact('playing')],
        [20, mediaTrackEnded({ playId: INITIAL_PLAY_ID, synthesised: true })],
      ]).log,
    ).toEqual([]);
  });
});

describe('logsEpic (spec 001 §3 Log payloads, §7 Logging)', () => {
  const started = (playbackId: string, index: number, at: number) =>
    trackingStarted({ ...startedFields, playbackId, trackUri: trackUri(index), fileId: `f${index}-160`, at });
  const common = { sdk_id: PLAYER_CONFIG.drm.sdkName, platform: 'web_player', client_version: CLIENT_VERSION, session_id: INSTANCE_ID };

  it('a start log on the first playing of a playback only; at its end stats, stream verification naming the next playback, then release', () => {
    const { log: all } = runPlayer([logsEpic], engineState(), [
      [0, started('p1', 0, 0)],
      [10, trackPlaying({ playbackId: 'p1', at: 10 })],
      [20, trackPlaying({ playbackId: 'p1', at: 20 })],
      [30, started('p2', 1, 30)],
      [31, trackingFinalised({ playbackId: 'p1', at: 31, positionMs: 20, reasonEnd: 'fwdbtn' })],
      [40, trackPlaying({ playbackId: 'p2', at: 40 })],
      [50, trackingFinalised({ playbackId: 'p2', at: 50, positionMs: 10, reasonEnd: 'endplay' })],
    ]);
    // spec 001 §3 metric timers: each playback's time from load to first sound, once.
    expect(all.filter(([, type]) => type === 'logging/metricsQueued')).toEqual([
      [10, 'logging/metricsQueued', { meters: [], timers: [{ what: 'time_to_playback', duration: 10, unit: 'ms' }] }],
      [40, 'logging/metricsQueued', { meters: [], timers: [{ what: 'time_to_playback', duration: 10, unit: 'ms' }] }],
    ]);
    const log = all.filter(([, type]) => type !== 'logging/metricsQueued');
    const endpoints = log.map(([t, type, payload]) => [t, type === 'logging/logRequested' ? payload?.['endpoint'] : type]);
    expect(endpoints).toEqual([
      [10, 'jssdk_playback_start'],
      [31, 'jssdk_playback_stats'],
      [31, 'track_stream_verification'],
      [31, 'tracking/released'],
      [40, 'jssdk_playback_start'],
      [50, 'jssdk_playback_stats'],
      [50, 'track_stream_verification'],
      [50, 'tracking/released'],
    ]);
    expect(log[0]?.[2]?.['payload']).toEqual({
      ...common,
      play_track: trackUri(0),
      file_id: 'f0-160',
      playback_id: 'p1',
      ms_start_position: 0,
      initially_paused: false,
    });
    expect(log[1]?.[2]?.['payload']).toMatchObject({
      ...common,
      playback_id: 'p1',
      sequence_id: 1,
      reason_start: 'remote',
      reason_end: 'fwdbtn',
      ms_end_position: 20,
    });
    expect(log[2]?.[2]?.['payload']).toMatchObject({ ...common, playback_id: 'p1', sequence_id: 2, next_playback_id: 'p2' });
    expect(log[3]?.[2]).toEqual({ playbackId: 'p1' });
    // The last playback has no next one; sequence ids go on counting this client's logs.
    expect(log[5]?.[2]?.['payload']).toMatchObject({ playback_id: 'p2', sequence_id: 3 });
    expect(log[6]?.[2]?.['payload']).toMatchObject({ playback_id: 'p2', sequence_id: 4, next_playback_id: null });
  });

  it('a stall log when a stall ends, with how long it lasted', () => {
    const { log } = runPlayer([logsEpic], engineState({ media: { positionMs: 3000 } }), [
      [0, started('p1', 0, 0)],
      [10, trackPlaying({ playbackId: 'p1', at: 10 })],
      [100, stallStarted({ playbackId: 'p1', at: 100 })],
      [350, stallEnded({ playbackId: 'p1', at: 350 })],
    ]);
    expect(log.find(([, , payload]) => payload?.['endpoint'] === 'jssdk_stall')).toEqual([
      350,
      'logging/logRequested',
      {
        endpoint: 'jssdk_stall',
        payload: {
          ...common,
          playback_id: 'p1',
          play_track: trackUri(0),
          file_id: 'f0-160',
          byte_offset: 0,
          time_offset: 3000,
          ms_stalled: 250,
          timed_out: false,
        },
      },
    ]);
  });

  it('spec 001 §8 Generic: a failed request of the engine is reported as a request-failure metric', () => {
    const { log } = runPlayer([logsEpic], engineState(), [
      [0, started('p1', 0, 0)],
      [5, playerCommandFailed({ endpoint: 'play', err: 'Request was not successful (status 500)' })],
    ]);
    expect(log).toEqual([
      [
        5,
        'logging/metricsQueued',
        { meters: [{ what: 'request_failure', result: 'failure', reason: 'Request was not successful (status 500)', endpoint: 'player_command' }], timers: [] },
      ],
    ]);
  });

  it('spec 001 §8 Flags: a flag error is reported as a request-failure metric of the flags service', () => {
    const { log } = runPlayer([logsEpic], engineState(), [
      [5, featureFlagFailed({ name: 'send all state updates', err: 'Request to abba-service failed with status code 503' })],
    ]);
    expect(log).toEqual([
      [
        5,
        'logging/metricsQueued',
        {
          meters: [{ what: 'request_failure', result: 'failure', reason: 'Request to abba-service failed with status code 503', endpoint: 'feature_flags' }],
          timers: [],
        },
      ],
    ]);
  });

  it('spec 001 §8 Track-playback: registration errors are reported unless max-subscription (429)', () => {
    const failureOf = (status: number) => {
      const outcome = registrationOutcome(status, '');
      return registrationFailed(
        outcome.ok
          ? { code: '', err: '', fatal: false, report: false }
          : { code: outcome.code, err: outcome.err, fatal: outcome.fatal, report: outcome.report },
      );
    };
    const { log } = runPlayer([logsEpic], engineState(), [
      [5, failureOf(403)],
      [6, failureOf(429)],
      [7, failureOf(500)],
    ]);
    expect(log).toEqual([
      [
        5,
        'logging/metricsQueued',
        { meters: [{ what: 'request_failure', result: 'failure', reason: 'Premium required', endpoint: 'track_playback_register' }], timers: [] },
      ],
      [
        7,
        'logging/metricsQueued',
        {
          meters: [{ what: 'request_failure', result: 'failure', reason: 'Registration failed with status 500', endpoint: 'track_playback_register' }],
          timers: [],
        },
      ],
    ]);
  });

  it('facts of a playback it has no record of log nothing', () => {
    expect(
      runPlayer([logsEpic], engineState(), [
        [10, trackPlaying({ playbackId: 'ghost', at: 10 })],
        [20, trackingFinalised({ playbackId: 'ghost', at: 20, positionMs: 0, reasonEnd: 'x' })],
      ]).log,
    ).toEqual([]);
  });
});
