import * as E from 'fp-ts/Either';
import { dealerUrl, decodeResolve, resolveRequest } from './service-resolve';

const answer = (status: number, body: string, headers: Record<string, string> = {}) => decodeResolve({ status, headers, body });

describe('service resolve (spec 001 §7 Service resolve, §8 Resolve/transport)', () => {
  it('asks for the dealer and web-gateway hosts', () => {
    expect(resolveRequest('http://h:1/apresolve')).toEqual({
      method: 'GET',
      url: 'http://h:1/apresolve?type=dealer&type=spclient',
      headers: { accept: 'application/json' },
    });
    expect(resolveRequest('http://h/apresolve?x=1').url).toBe('http://h/apresolve?x=1&type=dealer&type=spclient');
  });

  it('takes the first host of each list', () => {
    expect(answer(200, '{"dealer":["d1:443","d2:443"],"spclient":["g1:443"]}')).toEqual(E.right({ dealer: 'd1:443', spclient: 'g1:443' }));
  });

  it.each<[number, string, Record<string, string>, unknown]>([
    [503, '{}', {}, { code: 'XRESOLVE_REQUEST_FAILED', message: 'Request failed with status 503' }],
    [429, '', { 'retry-after': '2' }, { code: 'XRESOLVE_REQUEST_FAILED', message: 'Request failed with status 429', retryAfter: '2' }],
    [204, '', {}, { code: 'XRESOLVE_REQUEST_FAILED', message: 'Request failed with status 204' }],
    [200, '', {}, { code: 'XRESOLVE_INVALID_RESPONSE', message: 'Invalid response (empty body)' }],
    [200, '  ', {}, { code: 'XRESOLVE_INVALID_RESPONSE', message: 'Invalid response (empty body)' }],
    [200, '<html>', {}, { code: 'XRESOLVE_INVALID_RESPONSE', message: 'Invalid response (body is not JSON)' }],
    [200, '{"spclient":["g:1"]}', {}, { code: 'XRESOLVE_INCOMPLETE_RESPONSE', message: 'Incomplete response (missing dealer or gateway)' }],
    [200, '{"dealer":["d:1"]}', {}, { code: 'XRESOLVE_INCOMPLETE_RESPONSE', message: 'Incomplete response (missing dealer or gateway)' }],
    [200, '{"dealer":[],"spclient":["g:1"]}', {}, { code: 'XRESOLVE_INCOMPLETE_RESPONSE', message: 'Incomplete response (missing dealer or gateway)' }],
    [200, '{"dealer":"d:1","spclient":["g:1"]}', {}, { code: 'XRESOLVE_INCOMPLETE_RESPONSE', message: 'Incomplete response (missing dealer or gateway)' }],
  ])('status %i body %p fails', (status, body, headers, error) => {
    expect(answer(status, body, headers)).toEqual(E.left(error));
  });

  it('builds the dealer URL with the token in the query, wss under https', () => {
    expect(dealerUrl('https://p.test/apresolve', 'p.test:443', 'a+b/c')).toBe('wss://p.test:443/dealer?access_token=a%2Bb%2Fc');
    expect(dealerUrl('http://127.0.0.1:8080/apresolve', '127.0.0.1:8080', 't')).toBe('ws://127.0.0.1:8080/dealer?access_token=t');
  });
});
