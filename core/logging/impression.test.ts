import { impressionRequest } from './impression';
import { requestFailureText } from './request-failure';
import { sessionIdFrom } from './session-id';

describe('impressionRequest (spec 000 §7 Impression)', () => {
  it('posts category impression, action render, the logged-in label, product embed_v2 and the session id as JSON', () => {
    const request = impressionRequest('https://api.test/', false, 'f'.repeat(32));
    expect(request).toMatchObject({ method: 'POST', url: 'https://api.test/log/analytics', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(request.body ?? '')).toEqual({
      category: 'impression',
      action: 'render',
      label: 'logged-in=false',
      product: 'embed_v2',
      session_id: 'f'.repeat(32),
    });
  });

  it('labels a logged-in session logged-in=true', () => {
    expect(JSON.parse(impressionRequest('https://api.test', true, 'x').body ?? '')).toMatchObject({ label: 'logged-in=true' });
  });
});

describe('requestFailureText (spec 001 §8 Generic)', () => {
  it('names the status', () => {
    expect(requestFailureText(503)).toBe('Request was not successful (status 503)');
  });
});

describe('sessionIdFrom', () => {
  it('draws 32 hex characters from the random port', () => {
    const draws = [0, 0.999999, 0.5, 0.0625];
    let i = 0;
    const id = sessionIdFrom({ next: () => draws[i++ % draws.length] ?? 0 });
    expect(id).toBe('0f81'.repeat(8));
  });
});
