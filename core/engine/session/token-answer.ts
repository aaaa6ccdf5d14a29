import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import * as t from 'io-ts';
import { formatDecodeErrors } from '../../model/decode-errors';
import type { HttpRequest, HttpResponse } from '../../ports';
import { ACCESS_TOKEN_PATH, TOKEN_DEFAULT_LIFETIME_MS, TOKEN_PRODUCT_TYPE } from './constants';

/**
 * The answer of GET /access_token (spec 001 §3 Session, §7 Token; server/accounts/token-route.ts):
 * accessToken, accessTokenExpirationTimestampMs, isAnonymous and clientId. §3's refresh answer
 * names expiresIn (seconds) instead, so both are accepted; with neither, §9's 3540 s applies.
 */
export const TokenAnswer = t.intersection([
  t.type({ accessToken: t.string }),
  t.partial({
    accessTokenExpirationTimestampMs: t.number,
    expiresIn: t.number,
    isAnonymous: t.boolean,
    clientId: t.string,
  }),
]);
export type TokenAnswer = t.TypeOf<typeof TokenAnswer>;

export interface SessionToken {
  readonly accessToken: string;
  readonly expiresAtMs: number;
  readonly isAnonymous: boolean;
  readonly clientId: string | null;
}

export interface TokenFailure {
  /** The HTTP status, or null when the answer was unusable (spec 001 §5: a non-empty token). */
  readonly status: number | null;
  readonly err: string;
}

/** spec 001 §7 Token: GET /access_token?reason=…&productType=web_player, no bearer (spec 001 §6). */
export function tokenRequest(accountsUrl: string, reason: string): HttpRequest {
  const query = `reason=${encodeURIComponent(reason)}&productType=${TOKEN_PRODUCT_TYPE}`;
  return { method: 'GET', url: `${accountsUrl}${ACCESS_TOKEN_PATH}?${query}`, headers: { accept: 'application/json' } };
}

/** When a token answered at `now` expires: its timestamp, else now + expiresIn, else now + 3540 s. */
export function expiryOf(answer: TokenAnswer, now: number): number {
  if (answer.accessTokenExpirationTimestampMs !== undefined) return answer.accessTokenExpirationTimestampMs;
  if (answer.expiresIn !== undefined) return now + answer.expiresIn * 1000;
  return now + TOKEN_DEFAULT_LIFETIME_MS; // spec 001 §9 Token default lifetime 3540 s
}

/** Decodes a token answer: 200 with a non-empty token, else a failure keeping the status. */
export function decodeTokenAnswer(response: HttpResponse, now: number): E.Either<TokenFailure, SessionToken> {
  if (response.status !== 200) {
    return E.left({ status: response.status, err: `Request was not successful (status ${response.status})` });
  }
  return pipe(
    E.tryCatch(
      () => JSON.parse(response.body) as unknown,
      () => ({ status: null, err: 'Unexpected empty response.' }),
    ),
    E.chain((json) =>
      pipe(
        TokenAnswer.decode(json),
        E.mapLeft((errors): TokenFailure => ({ status: null, err: `Invalid token answer: ${formatDecodeErrors(errors)}` })),
      ),
    ),
    // spec 001 §8 Client state / §5: a token provider must return a non-empty token.
    E.filterOrElse(
      (answer) => answer.accessToken !== '',
      (): TokenFailure => ({ status: null, err: 'Token provider returned an invalid token' }),
    ),
    E.map((answer) => ({
      accessToken: answer.accessToken,
      expiresAtMs: expiryOf(answer, now),
      isAnonymous: answer.isAnonymous ?? false,
      clientId: answer.clientId ?? null,
    })),
  );
}

/** spec 001 §4 Auth: a refresh failure with status 400-499 for a non-anonymous user triggers logout. */
export function refreshFailureLogsOut(status: number | null, isAnonymous: boolean | null): boolean {
  return status !== null && status >= 400 && status <= 499 && isAnonymous === false;
}
