import { EMPTY, catchError, filter, map, mergeMap, of, switchMap, take, timer, type Observable } from 'rxjs';
import type { HttpResponse } from '../../ports';
import type { Action } from '../../store/action';
import { applicationCertificateIgnored, applicationCertificateSet, drmSetupRequested, mediaKeysAttached } from './actions';
import { LICENCE_RETRY_DELAY_MS, LICENCE_URL_RETRIES } from './constants';
import type { DrmDeps, DrmEpic } from './deps';
import { authorisation } from '../session/authorisation';
import type { LiveAuthorisation } from './licence-url';

type Verdict = { readonly kind: 'set'; readonly certificate: string } | { readonly kind: 'retry' | 'ignore'; readonly reason: string };

/**
 * spec 001 §7 Media: retried on server errors; failures ignored. No content (this provider's
 * answer for ClearKey) is no certificate. HttpPort carries text, so the body is taken as base64.
 */
export function judgeCertificate(response: HttpResponse): Verdict {
  if (response.status >= 500) return { kind: 'retry', reason: `status ${response.status}` };
  if (response.status !== 200 || response.body.length === 0) return { kind: 'ignore', reason: `status ${response.status}, no certificate` };
  return { kind: 'set', certificate: response.body.trim() };
}

function fetchCertificate(deps: DrmDeps, url: string, auth: LiveAuthorisation, retry: number): Observable<Action> {
  const headers: Record<string, string> = { ...auth() };
  return deps.http.request({ method: 'GET', url, headers }).pipe(
    take(1),
    map(judgeCertificate),
    catchError((err: unknown) => of<Verdict>({ kind: 'ignore', reason: err instanceof Error ? err.message : 'network error' })),
    mergeMap((verdict): Observable<Action> => {
      if (verdict.kind === 'set') {
        return deps.eme.setServerCertificate(verdict.certificate).pipe(
          take(1),
          map((accepted) => applicationCertificateSet({ accepted })),
          catchError(() => of(applicationCertificateIgnored({ reason: 'setServerCertificate failed' }))),
        );
      }
      if (verdict.kind === 'ignore' || retry >= LICENCE_URL_RETRIES) return of(applicationCertificateIgnored({ reason: verdict.reason }));
      return timer(LICENCE_RETRY_DELAY_MS * (retry + 1), deps.scheduler).pipe(mergeMap(() => fetchCertificate(deps, url, auth, retry + 1)));
    }),
  );
}

/** spec 001 §7 Media: once the media keys are attached, the application certificate (when the setup names its URL). */
export const applicationCertificateEpic: DrmEpic = (action$, state$, deps) =>
  action$.pipe(
    filter((action) => mediaKeysAttached.match(action) || drmSetupRequested.match(action)),
    switchMap((action) => {
      const url = state$.value.drm.config?.applicationCertificateUrl;
      if (!mediaKeysAttached.match(action) || url === undefined) return EMPTY;
      return fetchCertificate(deps, url, () => authorisation(state$.value.session), 0);
    }),
  );
