import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import { formatDecodeErrors } from '../../core/model/decode-errors';
import { FEATURE_FLAGS_PATH } from '../../core/engine/device/feature-flag';
import { bearerToken } from '../accounts/tokens';
import { sendError, type Verify } from '../playback/bearer-grant';

/**
 * spec 001 §7 User and flags: "GET feature flags with query tests = comma-separated flag names,
 * authorised". The spec gives no path; ours, shared with the engine, is /abba-service/v1/resolve:
 * §8's flag errors name the service 'abba-service', and it resolves the cells of the tests asked.
 * It sits outside /v1 so the Web API's rules (its markets, its error pages) do not apply to it.
 */
export { FEATURE_FLAGS_PATH };

/** A cell's value as the provider is configured with it (absent: the cell does not exist). */
export const FlagValue = t.union([t.boolean, t.string, t.number]);
export type FlagValue = t.TypeOf<typeof FlagValue>;
export const FeatureFlags = t.record(t.string, FlagValue);
export type FeatureFlags = Readonly<Record<string, FlagValue>>;

/**
 * The demo's flags: none, so the experiment cell 'send all state updates' is absent (value null)
 * and the engine limits its state updates (spec 001 §4). ServerOptions.featureFlags or the
 * FEATURE_FLAGS environment variable (server/config.ts) set cells.
 */
export const DEMO_FEATURE_FLAGS: FeatureFlags = {};

/** How many names one request may ask for, and how long each may be: bounds on a query from anyone with a token. */
export const MAX_TESTS = 50;
export const MAX_TEST_NAME = 200;

/** spec 001 §3 Feature flag response: "Each cell: value (null if absent), exists, featureName, fromAbba". */
export interface FlagCell {
  readonly value: FlagValue | null;
  readonly exists: boolean;
  readonly featureName: string;
  readonly fromAbba: boolean;
}

/** The cell of one name: the configured value, or an absent cell (value null, exists false). */
export function cellOf(flags: FeatureFlags, name: string): FlagCell {
  const value = Object.prototype.hasOwnProperty.call(flags, name) ? flags[name] : undefined;
  return value === undefined ? { value: null, exists: false, featureName: name, fromAbba: false } : { value, exists: true, featureName: name, fromAbba: true };
}

/** The names of a `tests` query (comma-separated), or the reason it is refused. */
export function testNames(tests: unknown): { readonly names: string[] } | { readonly err: string } {
  if (typeof tests !== 'string') return { err: 'tests must name the flags to resolve, comma-separated.' };
  const names = tests
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return { err: 'tests must name at least one flag.' };
  if (names.length > MAX_TESTS) return { err: `tests may name at most ${MAX_TESTS} flags.` };
  const long = names.find((name) => name.length > MAX_TEST_NAME);
  if (long !== undefined) return { err: `A flag name is at most ${MAX_TEST_NAME} characters long.` };
  return { names };
}

export interface FeatureFlagDeps {
  readonly verify: Verify;
  readonly flags: FeatureFlags;
}

/** The feature-flag service: any valid bearer token, anonymous ones too (the flags are the same for everyone here). */
export function registerFeatureFlagRoutes(app: FastifyInstance, deps: FeatureFlagDeps): void {
  app.get(FEATURE_FLAGS_PATH, async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) return sendError(reply, 401, 'No token provided');
    if ((await deps.verify(token)) === null) return sendError(reply, 401, 'Invalid access token');
    const asked = testNames((request.query as Record<string, unknown>).tests);
    if ('err' in asked) return sendError(reply, 400, asked.err);
    const flags = Object.fromEntries(asked.names.map((name) => [name, cellOf(deps.flags, name)]));
    return reply.header('cache-control', 'no-store').send({ flags });
  });
}

/** FEATURE_FLAGS, a JSON object of flag name to value (e.g. `{"send all state updates":true}`), decoded with a clear error. */
export function parseFeatureFlags(text: string | undefined): FeatureFlags {
  if (text === undefined || text.trim() === '') return DEMO_FEATURE_FLAGS;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`FEATURE_FLAGS must be a JSON object of flag name to value, got ${text}`);
  }
  const decoded = FeatureFlags.decode(json);
  if (isLeft(decoded)) {
    throw new Error(`FEATURE_FLAGS must be a JSON object of flag name to value (true, false, a string or a number): ${formatDecodeErrors(decoded.left)}`);
  }
  return decoded.right;
}
