import { MAX_CONNECTIONS, TP_EMPTY_RESPONSE, TP_MAX_SUBSCRIPTIONS_REACHED, TP_REGISTRATION_FAILED, TP_REGISTRATION_FAILED_NON_PREMIUM } from './constants';

export type RegistrationStatus = 'unregistered' | 'registering' | 'registered' | 'deregistered' | 'failed';

export type RegistrationOutcome =
  | { readonly ok: true }
  /** fatal: the device cannot play; report: whether the failure is reported (spec 001 §8: "unless max-subscription"). */
  | { readonly ok: false; readonly code: string; readonly err: string; readonly fatal: boolean; readonly report: boolean };

export const PREMIUM_REQUIRED = 'Premium required';

/**
 * spec 001 §4 Device service client: "unregistered to registered on a 200 registration";
 * spec 001 §8 Track-playback: 429 'Max connections reached' (fatal); 403 premium required
 * (TP_REGISTRATION_FAILED_NON_PREMIUM); other non-200 a registration failure; an empty body.
 */
export function registrationOutcome(status: number, body: string): RegistrationOutcome {
  if (status === 429) return { ok: false, code: TP_MAX_SUBSCRIPTIONS_REACHED, err: MAX_CONNECTIONS, fatal: true, report: false };
  if (status === 403) return { ok: false, code: TP_REGISTRATION_FAILED_NON_PREMIUM, err: PREMIUM_REQUIRED, fatal: true, report: true };
  if (status !== 200) {
    return { ok: false, code: TP_REGISTRATION_FAILED, err: `Registration failed with status ${status}`, fatal: false, report: true };
  }
  if (body.trim() === '') return { ok: false, code: TP_EMPTY_RESPONSE, err: 'Unexpected empty response.', fatal: false, report: true };
  return { ok: true };
}

/** spec 001 §4: "deregistered on 200 or 204 to the delete". */
export const deregistrationSucceeded = (status: number): boolean => status === 200 || status === 204;

/** spec 001 §4: "re-registers on each new connection id" (and registers the first time). */
export const needsRegistration = (registeredFor: string | null, connectionId: string): boolean => registeredFor !== connectionId;
