import { initUrl, judgeSegment, segmentCount, segmentUrl, segmentVerdictAfter, subtitleUrl, type SegmentAttempt } from './segments';
import { BASE, PREMIUM } from './testing/manifests';

describe('templated segment URLs (spec 001 §7 video and audio segments from templated URLs)', () => {
  it('init and segments fill {{profile_id}} and {{segment_timestamp}} (index × segment_length seconds) after base_urls[0]', () => {
    expect(initUrl(PREMIUM, 3)).toBe(`${BASE}3/init`);
    expect([0, 1, 5].map((i) => segmentUrl(PREMIUM, 10, i))).toEqual([`${BASE}10/0`, `${BASE}10/4`, `${BASE}10/20`]);
  });

  it('22 s in 4 s segments is 6 segments; start_time_millis shifts the timestamps', () => {
    expect(segmentCount(PREMIUM)).toBe(6);
    expect(segmentCount({ ...PREMIUM, end_time_millis: 24000 })).toBe(6);
    expect(segmentUrl({ ...PREMIUM, start_time_millis: 8000 }, 1, 1)).toBe(`${BASE}1/12`);
  });

  it('subtitles (spec 001 §2 optional subtitle tracks) fill {{language_code}} for a listed language only', () => {
    expect(subtitleUrl(PREMIUM, 'sv')).toBe(`${BASE}subtitles/sv.vtt`);
    expect(subtitleUrl(PREMIUM, 'fi')).toBeNull();
    expect(subtitleUrl({ ...PREMIUM, subtitle_template: undefined }, 'en')).toBeNull();
  });
});

describe('segment verdicts (spec 001 §7: retried on status 0, connection errors or server errors; §8 Fragment texts)', () => {
  it.each<[string, SegmentAttempt, string, string]>([
    ['200 with a body', { kind: 'response', status: 200, byteLength: 10 }, 'ok', ''],
    ['status 0', { kind: 'response', status: 0, byteLength: 0 }, 'retry', 'Buffer request failed with status 0'],
    ['a connection error', { kind: 'connection-error', online: true }, 'retry', 'Buffer request failed with status 0'],
    ['a connection error offline', { kind: 'connection-error', online: false }, 'retry', 'Buffer request failed with status 0'],
    ['500', { kind: 'response', status: 500, byteLength: 0 }, 'retry', 'Buffer request failed with status 500'],
    ['503', { kind: 'response', status: 503, byteLength: 0 }, 'retry', 'Buffer request failed with status 503'],
    ['an empty 200', { kind: 'response', status: 200, byteLength: 0 }, 'retry', 'Empty response for successful buffer.'],
    ['404: not retried', { kind: 'response', status: 404, byteLength: 0 }, 'fail', 'Buffer request failed with status 404'],
    ['403: not retried', { kind: 'response', status: 403, byteLength: 0 }, 'fail', 'Buffer request failed with status 403'],
  ])('%s → %s', (_case, attempt, kind, message) => {
    const verdict = judgeSegment(attempt);
    expect([verdict.kind, verdict.kind === 'ok' ? '' : verdict.error.message]).toEqual([kind, message]);
  });

  it.each([
    [0, 'retry'],
    [1, 'retry'],
    [2, 'fail'],
  ])('after %i retries a server error is %s (spec 001 §9 Request retries max 2)', (retries, kind) => {
    expect(segmentVerdictAfter(judgeSegment({ kind: 'response', status: 502, byteLength: 0 }), retries).kind).toBe(kind);
  });
});
