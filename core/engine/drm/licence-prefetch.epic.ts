import { EMPTY, concat, of } from 'rxjs';
import { filter, mergeMap, switchMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { licencePrefetchEnded, licencePrefetchStarted, mediaKeysAttached } from './actions';
import { authorisation } from '../session/authorisation';
import { licenceEndpoint } from './licence-endpoint';
import { licenceUrlUsable } from './licence-url';
import type { DrmEpic } from './deps';

/**
 * The licence URL and the server time, fetched as soon as the media keys are attached (on the
 * first pointer entry, before any play) rather than at the first licence challenge: the URL is
 * cached until 60 s before it expires (spec 001 §9), so the challenge after a click goes straight
 * to the licence server, one request instead of three in a row. A failure here is not reported:
 * the licence exchange asks again, and reports (spec 001 §8 EME). A challenge that comes while
 * the prefetch is under way waits for it (licence-session.epic.ts), so the URL is asked for once.
 */
export const licencePrefetchEpic: DrmEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(mediaKeysAttached.match),
    switchMap((attached) => {
      const { drm } = state$.value;
      if (drm.config === null || licenceUrlUsable(drm.licenceUrl, deps.clock.now())) return EMPTY;
      return concat(
        of(licencePrefetchStarted()),
        licenceEndpoint(deps, drm, drm.config, attached.keySystem, () => authorisation(state$.value.session)).pipe(
          mergeMap((step): Action[] => (step.kind === 'action' ? [step.action] : [])),
        ),
        of(licencePrefetchEnded()),
      );
    }),
  );
