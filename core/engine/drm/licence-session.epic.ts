import { EMPTY, catchError, concat, distinct, filter, mergeMap, of, take, type Observable } from 'rxjs';
import { SESSION_CREATION_ERROR, type EmeSessionEvent } from '../../ports';
import type { Action } from '../../store/action';
import { drmFailed, drmSetupRequested, encrypted, licenceChallenged } from './actions';
import type { DrmEpic } from './deps';
import { generateRequestFailed, keySessionNotSupported } from './eme-errors';
import { errorName } from '../media/error-name';
import { licenceExchange } from './licence-exchange';
import type { DrmSlice } from './state';

/** The length in bytes of a base64 payload (for the log: the challenge itself stays out of actions). */
const base64Bytes = (base64: string): number => Math.floor((base64.replace(/=+$/, '').length * 3) / 4);

/**
 * spec 001 §7 Media: for each new init data the audio element reports (once the media keys are
 * attached), one key session; each of its 'message' events is a licence challenge, answered
 * through the licence server (licence-exchange.ts) and handed back with update(). Generating the
 * request can fail as not-supported, invalid-state or unknown (spec 001 §8 EME).
 */
export const licenceSessionEpic: DrmEpic = (action$, state$, deps) =>
  action$.pipe(
    filter((action) => encrypted.match(action) || drmSetupRequested.match(action)),
    // A new setup starts a new set of sessions: init data seen before may need a new one.
    distinct((action) => (encrypted.match(action) ? action.initData : {}), action$.pipe(filter(drmSetupRequested.match))),
    filter(encrypted.match),
    mergeMap((fact) =>
      state$.pipe(
        filter((s: DrmSlice) => s.drm.mediaKeys && s.drm.keySystem !== null && s.drm.config !== null),
        take(1),
        mergeMap((ready) => {
          const { keySystem, config } = ready.drm;
          if (keySystem === null || config === null) return EMPTY;
          const session = deps.eme.createSession(fact.initDataType, fact.initData);
          return session.events$.pipe(
            mergeMap((event: EmeSessionEvent): Observable<Action> => {
              if (event.kind !== 'message') return EMPTY;
              return concat(
                of(licenceChallenged({ messageType: event.messageType, bytes: base64Bytes(event.message) })),
                // The caches as they are once no prefetch is under way (it, or an earlier exchange, may have filled them).
                state$.pipe(
                  filter((s: DrmSlice) => !s.drm.prefetching),
                  take(1),
                  mergeMap((s: DrmSlice) => licenceExchange(deps, s.drm, config, session, keySystem, event.message)),
                ),
              );
            }),
            catchError((err: unknown) => {
              const name = errorName(err);
              return of(drmFailed(name === SESSION_CREATION_ERROR ? keySessionNotSupported() : generateRequestFailed(name)));
            }),
          );
        }),
      ),
    ),
  );
