import { fragmentRequest, judgeFragment, withRetryLimit, type FragmentAttempt } from './fragment-fetch';

const range = { first: 700, last: 1699 }; // 1000 bytes

function verdictOf(attempt: FragmentAttempt): [string, string, string] {
  const verdict = judgeFragment(attempt, range);
  return verdict.kind === 'ok' ? ['ok', '', ''] : [verdict.kind, verdict.error.code, verdict.error.message];
}

describe('fragment request (spec 001 §7 Media: audio file URL with a bytes range header)', () => {
  it('asks for the fragment by byte range', () => {
    expect(fragmentRequest('https://cdn/a.mp4', range)).toEqual({
      request: { method: 'GET', url: 'https://cdn/a.mp4', headers: { range: 'bytes=700-1699' } },
    });
  });

  it.each([undefined, ''])("with no resolved URL (%p): 'Cannot fetch buffer: No resolved URL'", (url) => {
    expect(fragmentRequest(url, range)).toEqual({
      error: { code: 'FRAGMENT_NO_RESOLVED_URL', message: 'Cannot fetch buffer: No resolved URL' },
    });
  });
});

describe('fragment verdicts (spec 001 §7 Media retry rules, §8 Fragment texts)', () => {
  it.each<[string, FragmentAttempt, [string, string, string]]>([
    ['206 with the expected length: ok', { kind: 'response', status: 206, byteLength: 1000 }, ['ok', '', '']],
    ['200 with the expected length: ok', { kind: 'response', status: 200, byteLength: 1000 }, ['ok', '', '']],
    [
      'an empty body: retried, empty-response text',
      { kind: 'response', status: 206, byteLength: 0 },
      ['retry', 'FRAGMENT_EMPTY_RESPONSE', 'Empty response for successful buffer.'],
    ],
    [
      'a wrong length: retried',
      { kind: 'response', status: 206, byteLength: 999 },
      ['retry', 'FRAGMENT_UNEXPECTED_LENGTH', 'Received buffer of unexpected length.'],
    ],
    [
      'a server error: retried',
      { kind: 'response', status: 503, byteLength: 10 },
      ['retry', 'FRAGMENT_REQUEST_FAILED', 'Buffer request failed with status 503'],
    ],
    [
      'a connection error while online: retried',
      { kind: 'connection-error', online: true },
      ['retry', 'FRAGMENT_REQUEST_FAILED_ONLINE', 'Buffer request failed with status 0'],
    ],
    [
      'a connection error while offline: retried',
      { kind: 'connection-error', online: false },
      ['retry', 'FRAGMENT_REQUEST_FAILED_OFFLINE', 'Buffer request failed with status 0'],
    ],
    [
      '403: re-resolve the URL',
      { kind: 'response', status: 403, byteLength: 0 },
      ['re-resolve', 'FRAGMENT_REQUEST_FAILED', 'Buffer request failed with status 403'],
    ],
    ['404: fails at once', { kind: 'response', status: 404, byteLength: 9 }, ['fail', 'FRAGMENT_REQUEST_FAILED', 'Buffer request failed with status 404']],
  ])('%s', (_rule, attempt, expected) => {
    expect(verdictOf(attempt)).toEqual(expected);
  });

  it('the wrong-length error says which lengths, outside the catalogue text', () => {
    const verdict = judgeFragment({ kind: 'response', status: 206, byteLength: 999 }, range);
    expect(verdict.kind !== 'ok' && verdict.error.detail).toBe('expected 1000 bytes, got 999');
  });

  it.each([
    [0, 'retry'],
    [1, 'retry'],
    [2, 'fail'],
  ])('after %i retries a retryable verdict becomes %s (spec 001 §9 Request retries max 2)', (retries, kind) => {
    const verdict = withRetryLimit(judgeFragment({ kind: 'response', status: 500, byteLength: 0 }, range), retries);
    expect(verdict.kind).toBe(kind);
  });

  it('a 403 re-resolves however many retries came before', () => {
    expect(withRetryLimit(judgeFragment({ kind: 'response', status: 403, byteLength: 0 }, range), 5).kind).toBe('re-resolve');
  });
});
