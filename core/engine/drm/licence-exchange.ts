import * as E from 'fp-ts/Either';
import { catchError, concat, map, mergeMap, of, take, timer, type Observable } from 'rxjs';
import type { Action } from '../../store/action';
import type { EmeSession } from '../../ports';
import { drmFailed, licenceReceived, licenceRequestRetried, licenceUpdated, licenceUrlInvalidated, userCapped } from './actions';
import { genericBackoffMs } from '../transport/backoff';
import { LICENCE_RETRIES } from './constants';
import type { DrmDeps } from './deps';
import { licenceRequestFailed, licenceUpdateFailed, type DrmError } from './eme-errors';
import { licenceEndpoint } from './licence-endpoint';
import { judgeLicence, licenceRequest, licenceUriFor, type LicenceVerdict } from './licence-response';
import type { LiveAuthorisation } from './licence-url';
import { licenceUrlTag, type DrmConfig, type DrmState, type MediaType } from './state';

const failed = (error: DrmError): Action => drmFailed(error);

/** Hands the licence to the key session (spec 001 §8: license update failed). */
function update(session: EmeSession, keySystem: string, licence: string): Observable<Action> {
  return session.update(licence).pipe(
    take(1),
    map(() => licenceUpdated({ keySystem })),
    catchError(() => of(failed(licenceUpdateFailed()))),
  );
}

interface Exchange {
  readonly deps: DrmDeps;
  readonly session: EmeSession;
  readonly keySystem: string;
  /** The track's (spec 001 §7 Media): a refused licence drops that media type's licence URL only. */
  readonly mediaType: MediaType;
  readonly challenge: string;
  /** Read at each post, so a retry after a token refresh carries the new token. */
  readonly auth: LiveAuthorisation;
}

/**
 * spec 001 §7 Media: POST the challenge, retried unless 400, 402, 403 or an empty body (§9: twice,
 * after the generic backoff; constants.ts). 402 caps
 * the user (spec 001 §4: a capped event; §8 'User is capped.'); 400 and 403 drop the cached
 * licence URL so that the next request resolves a fresh one (§8 "License endpoint refreshed").
 */
function post(x: Exchange, uri: string, retry: number): Observable<Action> {
  const request = licenceRequest(uri, x.keySystem, x.challenge, x.auth());
  // spec 001 §8 EME: a challenge that cannot be sent as it asks (header name/value mismatch) fails, unsent.
  if (E.isLeft(request)) return of(failed(request.left));
  return x.deps.http.request(request.right).pipe(
    take(1),
    map((response) => judgeLicence(response, x.keySystem)),
    catchError((err: unknown): Observable<LicenceVerdict> =>
      of({ kind: 'retry', error: licenceRequestFailed(err instanceof Error ? err.message : 'network error') }),
    ),
    mergeMap((verdict): Observable<Action> => {
      switch (verdict.kind) {
        case 'ok':
          return concat(of(licenceReceived()), update(x.session, x.keySystem, verdict.licence));
        case 'capped':
          return of(userCapped(), failed(verdict.error));
        case 'fail':
          return verdict.refreshEndpoint
            ? of(licenceUrlInvalidated({ status: verdict.status, mediaType: licenceUrlTag(x.mediaType) }), failed(verdict.error))
            : of(failed(verdict.error));
        case 'retry': {
          if (retry >= LICENCE_RETRIES) return of(failed(verdict.error));
          const delayMs = genericBackoffMs(retry + 1, x.deps.random.next());
          return concat(
            of(licenceRequestRetried({ retry: retry + 1, delayMs, err: verdict.error.message })),
            timer(delayMs, x.deps.scheduler).pipe(mergeMap(() => post(x, uri, retry + 1))),
          );
        }
      }
    }),
  );
}

/** One licence challenge of a session, answered: the licence URI (cached or resolved), then the licence. */
export function licenceExchange(
  deps: DrmDeps,
  state: DrmState,
  config: DrmConfig,
  session: EmeSession,
  keySystem: string,
  challenge: string,
  /** The audio file or video source the key is for (spec 001 §7: substituted in the licence server URL). */
  contentId: string | null,
  /** Its media type: the licence URL is asked for and cached per type (spec 001 §7 Media mediatype). */
  mediaType: MediaType,
  /** The session's live authorisation (spec 001 §4 Auth: a refreshed token is the next request's). */
  auth: LiveAuthorisation,
): Observable<Action> {
  const x: Exchange = { deps, session, keySystem, mediaType, challenge, auth };
  return licenceEndpoint(deps, state, config, { keySystem, mediaType }, auth).pipe(
    mergeMap((next): Observable<Action> => {
      if (next.kind === 'action') return of(next.action);
      if (next.kind === 'error') return of(failed(next.error));
      const uri = licenceUriFor(next.uri, contentId);
      return uri === null ? of(failed(licenceRequestFailed('no content id for the licence URL'))) : post(x, uri, 0);
    }),
    catchError((err: unknown) => of(failed(licenceRequestFailed(err instanceof Error ? err.message : String(err))))),
  );
}
