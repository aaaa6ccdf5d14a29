import { judgeLicence, licenceRequest } from './licence-response';

const response = (status: number, body = 'licence') => ({ status, headers: {}, body });

describe('licence server answers (spec 001 §7 Media retried unless 400, 402, 403 or empty body; §8 EME)', () => {
  it.each([
    [200, 'licence', 'org.w3.clearkey', { kind: 'ok', licence: 'licence' }],
    [200, '', 'org.w3.clearkey', { kind: 'fail', refreshEndpoint: false, status: 200, error: { code: 'EME_EMPTY_LICENSE', message: 'Empty license body.', fatal: false } }],
    [402, 'x', 'org.w3.clearkey', { kind: 'capped', error: { code: 'CAPPING_USER_IS_CAPPED', message: 'User is capped.', fatal: false } }],
    [400, 'x', 'org.w3.clearkey', { kind: 'fail', refreshEndpoint: true, status: 400, error: { code: 'EME_LICENSE_REQUEST_FAILED', message: 'License request failed (status 400)', fatal: false } }],
    [400, 'x', 'com.widevine.alpha', { kind: 'fail', refreshEndpoint: true, status: 400, error: { code: 'EME_WIDEVINE_PARSE_FAILURE', message: 'widevine error', fatal: true } }],
    [403, 'x', 'org.w3.clearkey', { kind: 'fail', refreshEndpoint: true, status: 403, error: { code: 'EME_LICENSE_REQUEST_FAILED', message: 'License request failed (status 403)', fatal: false } }],
    [500, 'x', 'org.w3.clearkey', { kind: 'retry', error: { code: 'EME_LICENSE_REQUEST_FAILED', message: 'License request failed (status 500)', fatal: false } }],
    [404, 'x', 'com.widevine.alpha', { kind: 'retry', error: { code: 'EME_LICENSE_REQUEST_FAILED', message: 'License request failed (status 404)', fatal: false } }],
  ])('status %d body %j (%s)', (status, body, keySystem, verdict) => {
    expect(judgeLicence(response(status, body), keySystem)).toEqual(verdict);
  });

  it('posts the ClearKey challenge as its JSON text (W3C EME §9.1.3), others base64 (HttpPort carries text)', () => {
    const json = '{"kids":["AAAAAAAAAAAAAAAAAAAAAA"],"type":"temporary"}';
    const base64 = 'eyJraWRzIjpbIkFBQUFBQUFBQUFBQUFBQUFBQUFBQUEiXSwidHlwZSI6InRlbXBvcmFyeSJ9';
    expect(licenceRequest('http://l/1', 'org.w3.clearkey', base64, 't')).toEqual({
      method: 'POST',
      url: 'http://l/1',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: json,
    });
    expect(licenceRequest('http://l/1', 'com.widevine.alpha', 'AAEC').body).toBe('AAEC');
  });
});
