import { impressionItem } from './impression';
import { eventIdFrom } from './event-id';
import { requestFailureText } from './request-failure';
import { sessionIdFrom } from './session-id';

describe('impressionItem (spec 000 §7 Impression)', () => {
  it('posts category impression, action render, the logged-in label, product embed_v2, the session id and the event id (issue 12) to /log/analytics', () => {
    const item = impressionItem('https://api.test/', false, 'f'.repeat(32), 'e'.repeat(32));
    expect(item).toMatchObject({ id: 'e'.repeat(32), url: 'https://api.test/log/analytics' });
    expect(JSON.parse(item.body)).toEqual({
      category: 'impression',
      action: 'render',
      label: 'logged-in=false',
      product: 'embed_v2',
      session_id: 'f'.repeat(32),
      event_id: 'e'.repeat(32),
    });
  });

  it('labels a logged-in session logged-in=true', () => {
    expect(JSON.parse(impressionItem('https://api.test', true, 'x', 'e'.repeat(32)).body)).toMatchObject({ label: 'logged-in=true' });
  });
});

describe('eventIdFrom (issue 12: ids from the injected randomness)', () => {
  it('makes 32 hex characters of four 32-bit draws', () => {
    const draws = [0, 0.999999999999, 0.5, 1 / 65536];
    let i = 0;
    expect(eventIdFrom({ next: () => draws[i++] ?? 0 })).toBe('00000000' + 'ffffffff' + '80000000' + '00010000');
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
