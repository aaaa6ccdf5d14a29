import { bearerHeader } from '../session/authorisation';
import * as E from 'fp-ts/Either';
import { judgeLicence, licenceRequest, licenceUriFor } from './licence-response';
import { readPlayReadyMessage } from './playready-message';

const response = (status: number, body = 'licence') => ({ status, headers: {}, body });

describe('licence server answers (spec 001 §7 Media retried unless 400, 402, 403 or empty body; §8 EME)', () => {
  it.each([
    [200, 'licence', 'org.w3.clearkey', { kind: 'ok', licence: 'licence' }],
    [
      200,
      '',
      'org.w3.clearkey',
      { kind: 'fail', refreshEndpoint: false, status: 200, error: { code: 'EME_EMPTY_LICENSE', message: 'Empty license body.', fatal: false } },
    ],
    [402, 'x', 'org.w3.clearkey', { kind: 'capped', error: { code: 'CAPPING_USER_IS_CAPPED', message: 'User is capped.', fatal: false } }],
    [
      400,
      'x',
      'org.w3.clearkey',
      {
        kind: 'fail',
        refreshEndpoint: true,
        status: 400,
        error: { code: 'EME_LICENSE_REQUEST_FAILED', message: 'License request failed (status 400)', fatal: false },
      },
    ],
    [
      400,
      'x',
      'com.widevine.alpha',
      { kind: 'fail', refreshEndpoint: true, status: 400, error: { code: 'EME_WIDEVINE_PARSE_FAILURE', message: 'widevine error', fatal: true } },
    ],
    [
      403,
      'x',
      'org.w3.clearkey',
      {
        kind: 'fail',
        refreshEndpoint: true,
        status: 403,
        error: { code: 'EME_LICENSE_REQUEST_FAILED', message: 'License request failed (status 403)', fatal: false },
      },
    ],
    [
      500,
      'x',
      'org.w3.clearkey',
      { kind: 'retry', error: { code: 'EME_LICENSE_REQUEST_FAILED', message: 'License request failed (status 500)', fatal: false } },
    ],
    [
      404,
      'x',
      'com.widevine.alpha',
      { kind: 'retry', error: { code: 'EME_LICENSE_REQUEST_FAILED', message: 'License request failed (status 404)', fatal: false } },
    ],
  ])('status %d body %j (%s)', (status, body, keySystem, verdict) => {
    expect(judgeLicence(response(status, body), keySystem)).toEqual(verdict);
  });

  it('posts the ClearKey challenge as its JSON text (W3C EME §9.1.3), others base64 (HttpPort carries text)', () => {
    const json = '{"kids":["AAAAAAAAAAAAAAAAAAAAAA"],"type":"temporary"}';
    const base64 = 'eyJraWRzIjpbIkFBQUFBQUFBQUFBQUFBQUFBQUFBQUEiXSwidHlwZSI6InRlbXBvcmFyeSJ9';
    expect(licenceRequest('http://l/1', 'org.w3.clearkey', base64, bearerHeader('t'))).toEqual(
      E.right({
        method: 'POST',
        url: 'http://l/1',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: json,
      }),
    );
    expect(licenceRequest('http://l/1', 'com.widevine.alpha', 'AAEC')).toEqual(E.right(expect.objectContaining({ body: 'AAEC' })));
  });
});

/** Base64 of a string's UTF-16LE bytes, as PlayReady's EME message is (core has no Buffer: built by hand). */
function utf16leBase64(text: string): string {
  let bytes = '';
  for (const char of text) bytes += String.fromCharCode(char.charCodeAt(0) & 0xff, char.charCodeAt(0) >> 8);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes.charCodeAt(i) << 16) | ((bytes.charCodeAt(i + 1) || 0) << 8) | (bytes.charCodeAt(i + 2) || 0);
    const chars = [18, 12, 6, 0].map((shift) => alphabet[(n >> shift) & 63]);
    out += chars.slice(0, Math.min(4, bytes.length - i + 1)).join('');
  }
  return out + '='.repeat((3 - (bytes.length % 3)) % 3);
}

const SOAP = '<soap:Envelope>challenge</soap:Envelope>';
const SOAP_BASE64 = 'PHNvYXA6RW52ZWxvcGU+Y2hhbGxlbmdlPC9zb2FwOkVudmVsb3BlPg==';
const keyMessage = (headers: string) =>
  utf16leBase64(
    `<PlayReadyKeyMessage type="LicenseAcquisition"><LicenseAcquisition Version="1"><Challenge encoding="base64encoded">${SOAP_BASE64}</Challenge><HttpHeaders>${headers}</HttpHeaders></LicenseAcquisition></PlayReadyKeyMessage>`,
  );

describe('PlayReady key messages (spec 001 §8 EME: header name/value mismatch)', () => {
  it.each([
    [
      'name and value pairs become the request headers, the challenge its body',
      '<HttpHeader><name>Content-Type</name><value>text/xml; charset=utf-8</value></HttpHeader><HttpHeader><name>SOAPAction</name><value>"http://schemas.microsoft.com/DRM/2007/03/protocols/AcquireLicense"</value></HttpHeader>',
      E.right({
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"http://schemas.microsoft.com/DRM/2007/03/protocols/AcquireLicense"' },
        body: SOAP,
      }),
    ],
    [
      'a name without its value is the header name/value mismatch',
      '<HttpHeader><name>Content-Type</name><value>text/xml</value></HttpHeader><HttpHeader><name>SOAPAction</name></HttpHeader>',
      E.left({ code: 'EME_HEADER_NAME_VALUE_MISMATCH', message: 'License request header name/value mismatch.', fatal: false }),
    ],
    [
      'a value without its name is one too',
      '<HttpHeader><value>text/xml</value></HttpHeader>',
      E.left({ code: 'EME_HEADER_NAME_VALUE_MISMATCH', message: 'License request header name/value mismatch.', fatal: false }),
    ],
  ])('%s', (_rule, headers, expected) => {
    expect(readPlayReadyMessage(keyMessage(headers))).toEqual(expected);
  });

  it("a PlayReady licence request carries the message's headers and the bearer; a mismatch sends nothing", () => {
    const ok = keyMessage('<HttpHeader><name>Content-Type</name><value>text/xml</value></HttpHeader>');
    expect(licenceRequest('http://l/1', 'com.microsoft.playready.recommendation', ok, bearerHeader('t'))).toEqual(
      E.right({ method: 'POST', url: 'http://l/1', headers: { 'Content-Type': 'text/xml', authorization: 'Bearer t' }, body: SOAP }),
    );
    const bad = keyMessage('<HttpHeader><name>Content-Type</name></HttpHeader>');
    expect(E.isLeft(licenceRequest('http://l/1', 'com.microsoft.playready.recommendation.3000', bad, bearerHeader('t')))).toBe(true);
  });
});

describe('licence server URL (spec 001 §7 Media: "POST to licence server URL with content id substituted")', () => {
  it.each([
    ['the content id replaces the placeholder, encoded', 'http://p/licence/{contentId}?sig=s', 'file 1', 'http://p/licence/file%201?sig=s'],
    ['a URL without the placeholder is used as it is', 'http://p/licence/1', 'f', 'http://p/licence/1'],
    ['a placeholder and no content id: no URL', 'http://p/licence/{contentId}', null, null],
  ])('%s', (_rule, uri, contentId, expected) => {
    expect(licenceUriFor(uri, contentId)).toBe(expected);
  });
});
