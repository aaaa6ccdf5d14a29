import * as E from 'fp-ts/Either';
import { decodeTokenAnswer, expiryOf, refreshFailureLogsOut, tokenRequest } from './token-answer';

const ok = (body: unknown) => ({ status: 200, headers: {}, body: JSON.stringify(body) });

describe('token answer (spec 001 §3 Session, §7 Token)', () => {
  it('spec 001 §7 Token: GET /access_token with reason and productType=web_player, no bearer', () => {
    const r = tokenRequest('http://a.test', 'init');
    expect(r).toMatchObject({ method: 'GET', url: 'http://a.test/access_token?reason=init&productType=web_player' });
    expect(r.headers?.['authorization']).toBeUndefined();
  });
  it.each([
    ['the answer timestamp', { accessToken: 'a', accessTokenExpirationTimestampMs: 777 }, 777],
    ['expiresIn seconds (spec 001 §3 refresh answer)', { accessToken: 'a', expiresIn: 60 }, 1000 + 60000],
    ['3540 s by default (spec 001 §9)', { accessToken: 'a' }, 1000 + 3540000],
  ])('expiry from %s', (_name, answer, expected) => {
    expect(expiryOf(answer, 1000)).toBe(expected);
  });
  it('decodes the provider answer (server/accounts/token-route.ts shape)', () => {
    expect(decodeTokenAnswer(ok({ clientId: 'c', accessToken: 't', accessTokenExpirationTimestampMs: 5, isAnonymous: true }), 0)).toEqual(
      E.right({ accessToken: 't', expiresAtMs: 5, isAnonymous: true, clientId: 'c' }),
    );
  });
  it.each([
    ['a non-200 status', { status: 503, headers: {}, body: '' }, { status: 503, err: 'Request was not successful (status 503)' }],
    ['an empty token (spec 001 §8 Client state)', ok({ accessToken: '' }), { status: null, err: 'Token provider returned an invalid token' }],
    ['an empty body', { status: 200, headers: {}, body: '' }, { status: null, err: 'Unexpected empty response.' }],
  ])('refuses %s', (_name, response, failure) => {
    expect(decodeTokenAnswer(response, 0)).toEqual(E.left(failure));
  });
  it('refuses an answer without a token', () => {
    const r = decodeTokenAnswer(ok({ clientId: 'c' }), 0);
    expect(E.isLeft(r) && r.left.err.startsWith('Invalid token answer:')).toBe(true);
  });
  it.each<[number | null, boolean | null, boolean]>([
    [400, false, true],
    [499, false, true],
    [401, true, false],
    [401, null, false],
    [500, false, false],
    [null, false, false],
  ])('spec 001 §4 Auth: refresh status %s, anonymous %s → logout %s', (status, anon, expected) => {
    expect(refreshFailureLogsOut(status, anon)).toBe(expected);
  });
});
