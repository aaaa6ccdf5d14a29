/**
 * Per-address limits on the routes that guess passwords or mint credentials (issue 12): POST
 * /login, POST /signup and GET /access_token, each counted on its own per client address
 * (@fastify/rate-limit, registered in routes.ts for these routes only). Over the limit: 429 with
 * Retry-After.
 */
export interface RateLimits {
  /** Login attempts per address per window. */
  readonly logins: number;
  /** Sign-ups per address per window. */
  readonly signUps: number;
  /** Tokens issued by GET /access_token per address per window. */
  readonly tokens: number;
  readonly windowMs: number;
}

/** The window every limit counts in: one minute. */
export const RATE_LIMIT_WINDOW_MS = 60 * 1000;
/** Ten login attempts a minute: a person who mistypes is never stopped, a password guesser is slowed to 14,400 a day. */
export const LOGIN_ATTEMPTS_PER_WINDOW = 10;
/** Ten sign-ups a minute: a household or an office behind one address is never stopped, mass account creation is. */
export const SIGN_UPS_PER_WINDOW = 10;
/**
 * 120 tokens a minute: a player asks once at load and once an hour after (spec 001 §4 Auth), so
 * this leaves room for many listeners behind one address (a shared NAT), and a loop that mints
 * tokens is stopped within seconds.
 */
export const TOKENS_PER_WINDOW = 120;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  logins: LOGIN_ATTEMPTS_PER_WINDOW,
  signUps: SIGN_UPS_PER_WINDOW,
  tokens: TOKENS_PER_WINDOW,
  windowMs: RATE_LIMIT_WINDOW_MS,
};
