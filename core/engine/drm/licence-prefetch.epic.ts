import { EMPTY, concat, of } from 'rxjs';
import { filter, mergeMap, switchMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { videoSourceChosen } from '../video/actions';
import { licencePrefetchEnded, licencePrefetchStarted, mediaKeysAttached } from './actions';
import { authorisation } from '../session/authorisation';
import { licenceEndpoint } from './licence-endpoint';
import { licenceUrlUsable } from './licence-url';
import { cachedLicenceUrl } from './state';
import type { DrmEpic } from './deps';

/**
 * The licence URL and the server time, fetched as soon as the media keys are attached (on the
 * first pointer entry, before any play) rather than at the first licence challenge: the URL is
 * cached until 60 s before it expires (spec 001 §9), so the challenge after a click goes straight
 * to the licence server, one request instead of three in a row. A failure here is not reported:
 * the licence exchange asks again, and reports (spec 001 §8 EME). A challenge that comes while
 * the prefetch is under way waits for it (licence-session.epic.ts), so the URL is asked for once.
 *
 * The URL is asked for per media type (spec 001 §7 Media mediatype): at attachment for the type of
 * the load under way (audio before any), and when a video source is chosen for video, while its
 * manifest is fetched, unless that type's URL is cached.
 */
export const licencePrefetchEpic: DrmEpic = (action$, state$, deps) =>
  action$.pipe(
    filter((action) => mediaKeysAttached.match(action) || videoSourceChosen.match(action)),
    switchMap(() => {
      const { drm } = state$.value;
      const mediaType = drm.nextMediaType ?? drm.mediaType ?? 'audio';
      const ready = drm.config !== null && drm.mediaKeys && drm.keySystem !== null;
      if (!ready || drm.config === null || drm.keySystem === null || licenceUrlUsable(cachedLicenceUrl(drm, mediaType), deps.clock.now())) {
        // A prefetch this trigger switched away from ended unannounced: the flag a challenge waits on is cleared.
        return drm.prefetching ? of(licencePrefetchEnded()) : EMPTY;
      }
      return concat(
        of(licencePrefetchStarted()),
        licenceEndpoint(deps, drm, drm.config, { keySystem: drm.keySystem, mediaType }, () => authorisation(state$.value.session)).pipe(
          mergeMap((step): Action[] => (step.kind === 'action' ? [step.action] : [])),
        ),
        of(licencePrefetchEnded()),
      );
    }),
  );
