import type { HttpResponse } from '../../ports';
import { judgeStorageResolve, onStatusZero } from './storage-resolve';

const response = (status: number, body: unknown): HttpResponse => ({
  status,
  headers: {},
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('storage resolve (spec 001 §7 Media: reads the cdnurl list, retry on non-success; §8 Storage)', () => {
  it('reads the cdnurl list and its lifetime', () => {
    const verdict = judgeStorageResolve(response(200, { result: 'CDN', cdnurl: ['https://a', 'https://b'], fileid: 'f', ttl: 60 }), 1000);
    expect(verdict).toEqual({ kind: 'ok', resolved: { urls: ['https://a', 'https://b'], expiresAt: 61000 } });
  });

  it.each<[string, HttpResponse, string, string, string]>([
    ['a non-success status: retried', response(503, ''), 'retry', 'STORAGE_RESOLVE_FAILED', 'Storage resolve failed with status 503'],
    ['a 404: retried (non-success)', response(404, ''), 'retry', 'STORAGE_RESOLVE_FAILED', 'Storage resolve failed with status 404'],
    ['an empty cdnurl list: no tracks', response(200, { cdnurl: [] }), 'fail', 'STORAGE_RESOLVE_NO_TRACKS', 'Storage resolve returned no tracks.'],
    ['only empty URLs: no tracks', response(200, { cdnurl: [''] }), 'fail', 'STORAGE_RESOLVE_NO_TRACKS', 'Storage resolve returned no tracks.'],
    ['no cdnurl field: no tracks', response(200, { result: 'CDN' }), 'fail', 'STORAGE_RESOLVE_NO_TRACKS', 'Storage resolve returned no tracks.'],
    ['a body that is not JSON: no tracks', response(200, '<html>'), 'fail', 'STORAGE_RESOLVE_NO_TRACKS', 'Storage resolve returned no tracks.'],
  ])('%s', (_rule, res, kind, code, message) => {
    const verdict = judgeStorageResolve(res, 0);
    expect(verdict.kind === 'ok' ? verdict : [verdict.kind, verdict.error.code, verdict.error.message]).toEqual([kind, code, message]);
  });
});

describe('status 0 fallback (spec 001 §8 Fragment: online status 0, fallback URL tried first with a warning)', () => {
  const resolved = { urls: ['https://a', 'https://b'] };
  it.each([
    ['online, a fallback left: try it', 0, true, 'fallback 1'],
    ['online, on the last URL: no fallback', 1, true, 'no-fallback'],
    ['offline: no fallback', 0, false, 'no-fallback'],
  ])('%s', (_rule, index, online, expected) => {
    const step = onStatusZero(resolved, index, online);
    expect(step.kind === 'fallback' ? `fallback ${step.urlIndex}` : step.kind).toBe(expected);
  });

  it('the fallback comes with a warning', () => {
    const step = onStatusZero(resolved, 0, true);
    expect(step.kind === 'fallback' && step.warning).toContain('status 0');
  });
});
