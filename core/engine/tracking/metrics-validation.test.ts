import {
  BREAKDOWN_NOT_ARRAY,
  LOG_DATA_NULL,
  logDataError,
  METER_INCOMPLETE,
  METERS_NOT_ARRAY,
  metricsError,
  TIMER_INCOMPLETE,
  TIMERS_NOT_ARRAY,
} from './metrics-validation';
import { mayLogUnauthenticated, type LogEndpoint } from './log-endpoints';

const meter = { what: 'resolve', result: 'success', reason: 'none' };
const timerItem = { what: 'play', duration: 120 };

describe('metrics validation (spec 001 §5 Metrics)', () => {
  it.each<[string, unknown, unknown, string | null]>([
    ['a valid meter and timer', [meter], [timerItem], null],
    ['empty arrays', [], [], null],
    ['meters must be an array', { ...meter }, [], METERS_NOT_ARRAY],
    ['timers must be an array', [], timerItem, TIMERS_NOT_ARRAY],
    ['a meter needs what', [{ result: 'x', reason: 'y' }], [], METER_INCOMPLETE],
    ['a meter needs result', [{ what: 'x', reason: 'y' }], [], METER_INCOMPLETE],
    ['a meter needs reason', [{ what: 'x', result: 'y' }], [], METER_INCOMPLETE],
    ['a timer needs what', [], [{ duration: 1 }], TIMER_INCOMPLETE],
    ['a timer needs duration', [], [{ what: 'x' }], TIMER_INCOMPLETE],
    ['a timer breakdown must be an array', [], [{ ...timerItem, breakdown: { a: 1 } }], BREAKDOWN_NOT_ARRAY],
    ['a timer breakdown array is fine', [], [{ ...timerItem, breakdown: [{ a: 1 }] }], null],
  ])('%s', (_name, meters, timers, expected) => {
    expect(metricsError(meters, timers)).toBe(expected);
  });

  it.each<[string, string, unknown, string | null]>([
    ['log data must not be null', 'client_event', null, LOG_DATA_NULL],
    ['a timer log breakdown must be an array', 'jssdk_timer', { timer_name: 't', breakdown: 'x' }, BREAKDOWN_NOT_ARRAY],
    ['a playback start payload is fine', 'jssdk_playback_start', { play_track: 'x' }, null],
  ])('%s', (_name, endpoint, data, expected) => {
    expect(logDataError(endpoint, data)).toBe(expected);
  });
});

describe('unauthenticated logs (spec 001 §6: error, warning, playback stats, stall)', () => {
  it.each<[LogEndpoint, boolean]>([
    ['jssdk_error', true],
    ['jssdk_warning', true],
    ['jssdk_playback_stats', true],
    ['jssdk_stall', true],
    ['jssdk_playback_start', false],
    ['track_stream_verification', false],
    ['client_event', false],
    ['jssdk_timer', false],
  ])('%s → %s', (endpoint, allowed) => {
    expect(mayLogUnauthenticated(endpoint)).toBe(allowed);
  });
});
