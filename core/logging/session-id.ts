import type { RandomPort } from '../ports';

/** Length of a session id in hex characters (128 bits, like the provider's own ids). */
export const SESSION_ID_LENGTH = 32;

/** spec 000 §7 session_id: 32 hex characters drawn from the injected randomness. */
export function sessionIdFrom(random: RandomPort): string {
  let id = '';
  for (let i = 0; i < SESSION_ID_LENGTH; i += 1) {
    id += Math.min(15, Math.floor(random.next() * 16)).toString(16);
  }
  return id;
}
