import { MAX_CONNECTIONS, TP_EMPTY_RESPONSE, TP_MAX_SUBSCRIPTIONS_REACHED, TP_REGISTRATION_FAILED, TP_REGISTRATION_FAILED_NON_PREMIUM } from './constants';
import { deregistrationSucceeded, needsRegistration, PREMIUM_REQUIRED, registrationOutcome } from './registration';

describe('registration outcome (spec 001 §4 Device service client, §8 Track-playback)', () => {
  it.each([
    [200, '{"ok":1}', { ok: true }],
    [429, '', { ok: false, code: TP_MAX_SUBSCRIPTIONS_REACHED, err: MAX_CONNECTIONS, fatal: true, report: false }],
    [403, '', { ok: false, code: TP_REGISTRATION_FAILED_NON_PREMIUM, err: PREMIUM_REQUIRED, fatal: true, report: true }],
    [500, 'x', { ok: false, code: TP_REGISTRATION_FAILED, err: 'Registration failed with status 500', fatal: false, report: true }],
    [201, 'x', { ok: false, code: TP_REGISTRATION_FAILED, err: 'Registration failed with status 201', fatal: false, report: true }],
    [200, ' ', { ok: false, code: TP_EMPTY_RESPONSE, err: 'Unexpected empty response.', fatal: false, report: true }],
  ])('status %p body %p → %p', (status, body, outcome) => expect(registrationOutcome(status, body)).toEqual(outcome));
});

describe('deregistration (spec 001 §4: deregistered on 200 or 204)', () => {
  it.each([
    [200, true],
    [204, true],
    [202, false],
    [404, false],
  ])('%p → %p', (status, ok) => expect(deregistrationSucceeded(status)).toBe(ok));
});

describe('re-registration (spec 001 §4: re-registers on each new connection id)', () => {
  it.each([
    [null, 'c1', true],
    ['c1', 'c1', false],
    ['c1', 'c2', true],
  ])('registered for %p, connection %p → %p', (was, now, yes) => expect(needsRegistration(was, now)).toBe(yes));
});
