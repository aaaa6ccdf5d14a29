import {
  clientEventPayload,
  elapsedTimePayload,
  intervalTimerPayload,
  playbackErrorMessage,
  problemPayload,
  timerPayload,
} from '../../core/engine/tracking/diagnostic-payloads';
import { withEventId } from '../../core/engine/tracking/log-endpoints';
import { startPlaybackTestServer, type PlaybackTestServer } from '../playback/test-client';

/*
 * spec 001 §7 Logging: the six kinds the engine sends besides its playback logs (client_event,
 * elapsed_time, jssdk_error, jssdk_warning, jssdk_timer, jssdk_interval_timer), built by the
 * engine's own payload builders (core/engine/tracking/diagnostic-payloads.ts), are accepted and
 * stored by the logging service on loopback; a body missing a field §3 gives the kind is refused.
 */
jest.setTimeout(30_000);

let t: PlaybackTestServer;
beforeAll(async () => {
  t = await startPlaybackTestServer();
});
afterAll(async () => {
  await t.stop();
});

const CTX = { sdkId: 'embed_v2', platform: 'web_player', clientVersion: '1.2.3', sessionId: 'session-1' };
const stored = (eventId: string) =>
  t.server.app.database.kysely.selectFrom('logging_events').select(['kind', 'body']).where('event_id', '=', eventId).executeTakeFirst();

const ENGINE_LOGS: ReadonlyArray<readonly [string, unknown]> = [
  ['client_event', clientEventPayload(CTX, 'transport', 'authenticated', { playback_id: null })],
  ['client_event', clientEventPayload(CTX, 'harmony', 'unsent-state-update', { seq: 3 })],
  ['elapsed_time', elapsedTimePayload(CTX, 'first_audio', 812)],
  ['jssdk_error', problemPayload(CTX, 'harmony', 'exception', playbackErrorMessage('MEDIA_DECODING_ERROR', 'Media decoding error.'), { fatal: true })],
  ['jssdk_warning', problemPayload(CTX, 'harmony', 'FRAGMENT_URL_FALLBACK', 'Buffer request failed with status 0; trying fallback URL 1', {})],
  ['jssdk_timer', timerPayload(CTX, 'track_load', 190, [{ name: 'resolve', ms: 40 }], { playback_id: 'p' })],
  ['jssdk_interval_timer', intervalTimerPayload(CTX, 'playing', 'p', [{ start: 190, end: 490 }])],
];

describe('the engine’s log kinds reach the logging service (spec 001 §7 Logging)', () => {
  it.each(ENGINE_LOGS.map(([kind, payload], i) => [kind, payload, i] as const))('%s as the engine builds it is stored (202)', async (kind, payload, i) => {
    const eventId = `engine-kind-${i}`;
    const body = withEventId(payload, eventId);
    const answer = await t.request('POST', `/v1/logging/${kind}`, { body });
    expect(answer.status).toBe(202);
    expect(await stored(eventId)).toEqual({ kind, body: JSON.stringify(body) });
  });

  it.each([
    ['jssdk_interval_timer', 'timer_id', intervalTimerPayload(CTX, 'playing', 'p', [])],
    ['elapsed_time', 'unique_id', elapsedTimePayload(CTX, 'first_audio', 1)],
  ])('%s without %s is refused 400 naming it (spec 001 §3)', async (kind, field, payload) => {
    const { [field]: _gone, ...body } = payload as Record<string, unknown>;
    const answer = await t.request('POST', `/v1/logging/${kind}`, { body });
    expect(answer.status).toBe(400);
    expect(answer.json().error.message).toContain(field);
  });

  it('a timer breakdown that is not an array is refused (spec 001 §5), as are intervals that are not a list', async () => {
    const timer = { ...timerPayload(CTX, 'track_load', 1, [], {}), breakdown: {} };
    expect((await t.request('POST', '/v1/logging/jssdk_timer', { body: timer })).status).toBe(400);
    const intervals = { ...intervalTimerPayload(CTX, 'playing', 'p', []), intervals: 'none' };
    expect((await t.request('POST', '/v1/logging/jssdk_interval_timer', { body: intervals })).status).toBe(400);
  });
});
