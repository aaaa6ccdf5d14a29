import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';
import { DIALECTS, useDialect } from '../testing/dialects';
import { LOG_KINDS, UNAUTHENTICATED_KINDS, type LogKind } from './log-codecs';
import { METRIC_PATH } from './routes';

jest.setTimeout(30_000);

const common = { sdk_id: 'sdk', platform: 'web', client_version: '3.22.1' };
/** A valid body of each kind (spec 001 §3 Log payloads). */
const BODIES: Record<LogKind, Record<string, unknown>> = {
  client_event: { ...common, source: 'engine', context: 'x', event: 'unsent-state-update', json_data: '{}' },
  elapsed_time: { ...common, unique_id: 'u', event: 'load', elapsed_time: 12 },
  jssdk_error: { ...common, source: 'engine', type: 'MediaError', message: 'boom', stack: '' },
  jssdk_warning: { ...common, source: 'engine', type: 'Slow', message: 'slow' },
  jssdk_interval_timer: { ...common, timer_name: 'load', timer_id: 't', intervals: [] },
  jssdk_timer: { ...common, timer_name: 'load', ms_duration: 40 },
  jssdk_playback_stats: { ...common, play_track: 'spotify:track:a', file_id: 'f', playback_id: 'p', ms_played: 35000 },
  jssdk_playback_start: { ...common, play_track: 'spotify:track:a', file_id: 'f', playback_id: 'p', ms_start_position: 0 },
  jssdk_stall: { ...common, play_track: 'spotify:track:a', file_id: 'f', playback_id: 'p', ms_stalled: 900 },
  track_stream_verification: { ...common, play_track: 'spotify:track:a', playback_id: 'p', ms_played: 30000 },
};
const kinds = Object.keys(LOG_KINDS) as LogKind[];

// Issue 14: the logging service stores on either database.
describe.each(DIALECTS)('on %s', (dialect) => {
  const database = useDialect(dialect);
  let t: PlaybackTestServer;
  beforeAll(async () => {
    t = await startPlaybackTestServer({ databaseUrl: await database.databaseUrl() });
  });
  afterAll(async () => {
    await t.stop();
  });
  /** The last row stored of a kind, read through the server's own database (SQLite or Postgres). */
  const stored = (kind: string) =>
    t.server.app.database.kysely.selectFrom('logging_events').select(['account_id', 'body']).where('kind', '=', kind).orderBy('id', 'desc').executeTakeFirst();

  describe('logging service (spec 001 §7 Logging: POST /v1/logging/*, success is 202)', () => {
    it.each(kinds)('stores a valid %s with the caller’s account and answers 202', async (kind) => {
      const answer = await t.request('POST', `/v1/logging/${kind}`, { token: await t.tokenOf('demo'), body: BODIES[kind] });
      expect(answer.status).toBe(202);
      expect(await stored(kind)).toEqual({ account_id: await t.accountIdOf('demo'), body: JSON.stringify(BODIES[kind]) });
    });

    it.each(kinds)(
      "without a token (spec 001 §6: logging omits the bearer) %s is stored too, with no account (issue 12: a logged-in engine's playback start was refused 401 and lost)",
      async (kind) => {
        const answer = await t.request('POST', `/v1/logging/${kind}`, { body: BODIES[kind] });
        expect(answer.status).toBe(202);
        expect(await stored(kind)).toEqual({ account_id: null, body: JSON.stringify(BODIES[kind]) });
      },
    );

    it('the anonymous kinds are exactly the four of spec 001 §6', () => {
      expect([...UNAUTHENTICATED_KINDS].sort()).toEqual(['jssdk_error', 'jssdk_playback_stats', 'jssdk_stall', 'jssdk_warning']);
    });

    it('answers 400 naming the missing field, 404 for an unknown kind, 401 for an invalid token', async () => {
      const { playback_id: _gone, ...body } = BODIES.jssdk_playback_stats;
      const answer = await t.request('POST', '/v1/logging/jssdk_playback_stats', { body });
      expect(answer.status).toBe(400);
      expect(answer.json().error.message).toContain('playback_id');
      expect((await t.request('POST', '/v1/logging/nonsense', { body: {} })).status).toBe(404);
      expect((await t.request('POST', '/v1/logging/jssdk_error', { token: 'nope', body: BODIES.jssdk_error })).status).toBe(401);
    });
  });

  describe('metrics (spec 001 §7 POST /v1/metric answering 202; §5 validation)', () => {
    const meter = { what: 'token', result: 'failure', reason: 'timeout' };
    const timer = { what: 'load', duration: 120, breakdown: [] };

    it('stores meters and timers and answers 202', async () => {
      const body = { platform: 'web', sdk_id: 'sdk', meters: [meter], timers: [timer] };
      expect((await t.request('POST', METRIC_PATH, { body })).status).toBe(202);
      expect((await stored('metric'))?.body).toBe(JSON.stringify(body));
    });

    it.each([
      ['meters.0.result', { meters: [{ what: 'a', reason: 'b' }], timers: [] }],
      ['meters.0.reason', { meters: [{ what: 'a', result: 'b' }], timers: [] }],
      ['meters.0.what', { meters: [{ result: 'a', reason: 'b' }], timers: [] }],
      ['timers.0.duration', { meters: [], timers: [{ what: 'a' }] }],
      ['timers.0.what', { meters: [], timers: [{ duration: 1 }] }],
      ['timers.0.breakdown', { meters: [], timers: [{ what: 'a', duration: 1, breakdown: {} }] }],
      ['meters', { meters: {}, timers: [] }],
      ['timers', { meters: [] }],
    ])('answers 400 naming %s', async (field, body) => {
      const answer = await t.request('POST', METRIC_PATH, { body });
      expect(answer.status).toBe(400);
      expect(answer.json().error.message).toContain(`${field}:`);
    });
  });
});
