import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import type { HttpResponse } from '../../ports';

/** spec 001 §4 State update sends: the experiment cell deciding whether sends are limited. */
export const SEND_ALL_STATE_UPDATES = 'send all state updates';

/**
 * spec 001 §7 User and flags: "GET feature flags with query tests = comma-separated flag names";
 * the spec gives no path. Ours names the service §8's messages name (abba-service), as
 * server/feature-flags/routes.ts serves it.
 */
export const FEATURE_FLAGS_PATH = '/abba-service/v1/resolve';

/** spec 001 §8 Flags, verbatim. */
export const flagRequestFailed = (status: number): string => `Request to abba-service failed with status code ${status}`;
export const UNEXPECTED_FLAGS_FORMAT = 'Unexpected response format from abba service.';

/** spec 001 §3 Feature flag response: "flags map of name to cell. Each cell: value (null if absent), exists, featureName, fromAbba." */
const FlagCell = t.type({
  value: t.union([t.boolean, t.string, t.number, t.null]),
  exists: t.boolean,
  featureName: t.string,
  fromAbba: t.boolean,
});
export const FeatureFlagResponse = t.type({ flags: t.record(t.string, FlagCell) });

/** A cell is on when it exists with the value true; absent, null or any other value is not on. */
export type FlagOutcome = { readonly on: boolean; readonly err: null } | { readonly on: false; readonly err: string };

/**
 * spec 001 §8 Flags: a non-200 answer, an empty body or one without a readable flags map is a
 * flag error, and the cell resolves as not on. §8 lists "empty body, missing flags" before the one
 * message 'Unexpected response format from abba service.', read here as the message of both. A
 * well-formed answer that leaves the asked cell out is no error: the cell is absent, so not on.
 */
export function flagOutcome(name: string, response: Pick<HttpResponse, 'status' | 'body'>): FlagOutcome {
  if (response.status !== 200) return { on: false, err: flagRequestFailed(response.status) };
  if (response.body.trim() === '') return { on: false, err: UNEXPECTED_FLAGS_FORMAT };
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    return { on: false, err: UNEXPECTED_FLAGS_FORMAT };
  }
  const decoded = FeatureFlagResponse.decode(json);
  if (isLeft(decoded)) return { on: false, err: UNEXPECTED_FLAGS_FORMAT };
  const cell = decoded.right.flags[name];
  return { on: cell !== undefined && cell.exists && cell.value === true, err: null };
}

/** The query of a flags request: tests = the names, comma-separated (spec 001 §7). */
export const flagsQuery = (names: ReadonlyArray<string>): string => `tests=${names.map(encodeURIComponent).join(',')}`;
