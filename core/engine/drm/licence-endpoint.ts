import { catchError, defaultIfEmpty, map, mergeMap, of, take, timer, type Observable } from 'rxjs';
import type { Action } from '../../store/action';
import { licenceUrlResolved, serverTimeFetched } from './actions';
import { LICENCE_RETRY_DELAY_MS, LICENCE_URL_RETRIES } from './constants';
import type { DrmDeps } from './deps';
import { cannotResolveLicenceUrl, type DrmError } from './eme-errors';
import {
  decodeServerTime,
  judgeLicenceUrl,
  licenceUrlRequest,
  licenceUrlUsable,
  serverTimeRequest,
  serverTimeStale,
  type LicenceUrlVerdict,
  type LiveAuthorisation,
} from './licence-url';
import { cachedLicenceUrl, licenceUrlTag, type DrmConfig, type DrmState, type MediaType } from './state';

/** A step of finding the licence URI: an action for the log, the URI, or the reason there is none. */
export type EndpointStep =
  { readonly kind: 'action'; readonly action: Action } | { readonly kind: 'uri'; readonly uri: string } | { readonly kind: 'error'; readonly error: DrmError };

const step = (action: Action): EndpointStep => ({ kind: 'action', action });

/**
 * The server-time offset: reused while fresh, else refetched (spec 001 §9: after 180000 ms). An
 * unusable answer keeps the previous offset (0 at first): the local clock is the fallback.
 */
function offsetSteps(deps: DrmDeps, state: DrmState, config: DrmConfig, auth: LiveAuthorisation): Observable<EndpointStep | number> {
  const previous = state.serverTime?.offsetMs ?? 0;
  if (!serverTimeStale(state.serverTime, deps.clock.now())) return of(previous);
  return deps.http.request(serverTimeRequest(config.serverTimeUrl, auth())).pipe(
    take(1),
    map((response) => decodeServerTime(response, deps.clock.now())),
    catchError(() => of(null)),
    defaultIfEmpty(null),
    mergeMap((offset) => (offset === null ? of(previous) : of(step(serverTimeFetched(offset)), offset.offsetMs))),
  );
}

const networkFailure = (err: unknown): LicenceUrlVerdict => ({
  kind: 'retry',
  error: cannotResolveLicenceUrl(err instanceof Error ? err.message : 'network error'),
});

/** What a licence URL is asked for: the key system and the track's media type (spec 001 §7 Media). */
export interface LicenceUrlFor {
  readonly keySystem: string;
  readonly mediaType: MediaType;
}

/** spec 001 §7 Media: GET license url, retried on server or connection errors. */
function fetchUri(deps: DrmDeps, config: DrmConfig, target: LicenceUrlFor, offsetMs: number, retry: number, auth: LiveAuthorisation): Observable<EndpointStep> {
  const { keySystem, mediaType } = target;
  const { sdkName, sdkVersion } = config;
  const request = licenceUrlRequest({ endpoint: config.licenceUrlEndpoint, keySystem, mediaType, sdkName, sdkVersion, auth: auth() });
  return deps.http.request(request).pipe(
    take(1),
    map((response) => judgeLicenceUrl(response, offsetMs)),
    catchError((err: unknown) => of(networkFailure(err))),
    mergeMap((verdict): Observable<EndpointStep> => {
      if (verdict.kind === 'ok') {
        const resolved = licenceUrlResolved({ ...verdict.cache, mediaType: licenceUrlTag(mediaType) });
        return of<EndpointStep[]>(step(resolved), { kind: 'uri', uri: verdict.cache.uri });
      }
      if (verdict.kind === 'fail' || retry >= LICENCE_URL_RETRIES) return of<EndpointStep[]>({ kind: 'error', error: verdict.error });
      return timer(LICENCE_RETRY_DELAY_MS * (retry + 1), deps.scheduler).pipe(mergeMap(() => fetchUri(deps, config, target, offsetMs, retry + 1, auth)));
    }),
  );
}

/** The licence URI of a media type: its cached one until 60 s before it expires (spec 001 §9), else a fresh one. */
export function licenceEndpoint(deps: DrmDeps, state: DrmState, config: DrmConfig, target: LicenceUrlFor, auth: LiveAuthorisation): Observable<EndpointStep> {
  const cached = cachedLicenceUrl(state, target.mediaType);
  if (licenceUrlUsable(cached, deps.clock.now())) return of({ kind: 'uri', uri: cached.uri });
  return offsetSteps(deps, state, config, auth).pipe(
    mergeMap((value) => (typeof value === 'number' ? fetchUri(deps, config, target, value, 0, auth) : of(value))),
  );
}
