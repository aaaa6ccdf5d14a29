import type { SessionState } from './state';

/**
 * The one place the engine builds an authorisation header (spec 001 §7: every authorised call
 * carries `Authorization: Bearer <access token>`): track-playback, licence URL, server time,
 * licence, application certificate, product state, storage resolve, feature flags. The token is
 * read from the session slice, its only holder, at the moment of each call, so a refreshed token
 * (spec 001 §4 Auth "token update") reaches the very next request of every service. No token: no header.
 * The log never sees it: core/store/redact.ts replaces `Bearer <token>` in transcripts.
 */
export function bearerHeader(token: string | null): Readonly<Record<string, string>> {
  return token === null ? {} : { authorization: `Bearer ${token}` };
}

/** The authorisation header of the session's live token. */
export function authorisation(session: SessionState): Readonly<Record<string, string>> {
  return bearerHeader(session.accessToken);
}
