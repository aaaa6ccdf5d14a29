import { bearerHeader } from '../session/authorisation';
import { decodeServerTime, judgeLicenceUrl, licenceUrlRequest, licenceUrlUsable, serverTimeStale } from './licence-url';

const ok = (body: unknown, status = 200) => ({ status, headers: {}, body: JSON.stringify(body) });

describe('licence URL and server time (spec 001 §7 Media, §8 License, §9 License URL cache refresh)', () => {
  it.each([
    [0, true],
    [59_999, true],
    [60_000, false],
    [119_999, false],
  ])('a URL expiring at 120000 ms is used at %d ms: %s (cached until 60 s before expiry)', (now, usable) => {
    expect(licenceUrlUsable({ uri: 'u', expiresAt: 120_000 }, now)).toBe(usable);
  });

  it('no cached URL is never usable', () => expect(licenceUrlUsable(null, 0)).toBe(false));

  it.each([
    [null, 0, true],
    [{ offsetMs: 5, at: 1000 }, 180_999, false],
    [{ offsetMs: 5, at: 1000 }, 181_000, true],
  ])('server time %j at %d ms is stale: %s (refetched after 180000 ms)', (offset, now, stale) => {
    expect(serverTimeStale(offset, now)).toBe(stale);
  });

  it.each(['audio', 'video'] as const)("asks with keysystem, mediatype (%s: the track's), sdk_name and sdk_version, authorised", (mediaType) => {
    expect(
      licenceUrlRequest({
        endpoint: 'http://p/lu',
        keySystem: 'org.w3.clearkey',
        mediaType,
        sdkName: 'harmony',
        sdkVersion: '3.22.1',
        auth: bearerHeader('t'),
      }),
    ).toEqual({
      method: 'GET',
      url: `http://p/lu?keysystem=org.w3.clearkey&mediatype=${mediaType}&sdk_name=harmony&sdk_version=3.22.1`,
      headers: { authorization: 'Bearer t' },
    });
  });

  it('turns the server expiry (seconds) into local clock time with the server-time offset', () => {
    const offset = decodeServerTime(ok({ timestamp: 1000 }), 400);
    expect(offset).toEqual({ offsetMs: 999_600, at: 400 });
    expect(judgeLicenceUrl(ok({ uri: 'http://l/1', expires: 1100 }), offset?.offsetMs ?? 0)).toEqual({
      kind: 'ok',
      cache: { uri: 'http://l/1', expiresAt: 100_400 },
    });
  });

  it.each([
    [ok({}, 503), 'retry', 'LICENSE_CANNOT_RESOLVE_URL'],
    [ok({ code: 'deprecated-version' }, 400), 'fail', 'LICENSE_DEPRECATED_VERSION'],
    [ok({ uri: 1 }), 'fail', 'LICENSE_CANNOT_RESOLVE_URL'],
    [ok({}, 404), 'fail', 'LICENSE_CANNOT_RESOLVE_URL'],
  ])('answer %j: %s with %s (retried on server errors; deprecated version fatal)', (response, kind, code) => {
    const verdict = judgeLicenceUrl(response, 0);
    expect(verdict.kind).toBe(kind);
    expect(verdict.kind === 'ok' ? '' : verdict.error.code).toBe(code);
  });

  it("deprecated version carries spec 001 §8's text", () => {
    const verdict = judgeLicenceUrl(ok({ code: 'deprecated-version' }, 400), 0);
    expect(verdict.kind === 'fail' && verdict.error).toEqual({
      code: 'LICENSE_DEPRECATED_VERSION',
      message: 'This version of the SDK is no longer supported. Please upgrade',
      fatal: true,
    });
  });
});
