import * as E from 'fp-ts/Either';
import * as t from 'io-ts';

/** The token as kept in storage between page loads (decoded on read: storage is outside the core). */
export const StoredToken = t.type({ accessToken: t.string, expiresAtMs: t.number, isAnonymous: t.boolean });
export type StoredToken = t.TypeOf<typeof StoredToken>;

/** A stored text back to a token; anything unreadable counts as no token. */
export function parseStoredToken(text: string | null): StoredToken | null {
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const decoded = StoredToken.decode(json);
  return E.isRight(decoded) && decoded.right.accessToken !== '' ? { ...decoded.right } : null;
}

export function serializeStoredToken(token: StoredToken): string {
  return JSON.stringify({ accessToken: token.accessToken, expiresAtMs: token.expiresAtMs, isAnonymous: token.isAnonymous });
}
