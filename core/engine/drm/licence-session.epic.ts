import { EMPTY, catchError, concat, defer, distinct, filter, map, mergeMap, of, take, tap, type Observable } from 'rxjs';
import { SESSION_CREATION_ERROR, type EmeSessionEvent } from '../../ports';
import type { Action } from '../../store/action';
import { playContextRequested, resumeRequested } from '../player/actions';
import { mediaPreloaded } from '../media/actions';
import {
  drmFailed,
  drmSetupRequested,
  encrypted,
  initDataAnnounced,
  licenceChallenged,
  licenceExchangeRenewed,
  licencePreloadStarted,
  licenceSessionCreated,
} from './actions';
import type { DrmEpic } from './deps';
import { generateRequestFailed, keySessionNotSupported, userCappedError } from './eme-errors';
import { errorName } from '../media/error-name';
import { authorisation } from '../session/authorisation';
import { licenceExchange } from './licence-exchange';
import type { DrmSlice, MediaType } from './state';

interface InitData {
  readonly initDataType: string;
  readonly initData: string;
  readonly contentId: string | null;
  /** The content's media type: its licence URL's (spec 001 §7 Media mediatype). */
  readonly mediaType: MediaType;
  /** The next file's, fetched ahead rather than met by the element. */
  readonly ahead: boolean;
}

/** The length in bytes of a base64 payload (for the log: the challenge itself stays out of actions). */
const base64Bytes = (base64: string): number => Math.floor((base64.replace(/=+$/, '').length * 3) / 4);

/**
 * One challenge's exchange; after a failure that is neither fatal nor a cap (the retries of spec
 * 001 §7/§9 gave up on a failing licence server, or it refused), the challenge is kept and asked
 * for again on the visitor's next play or resume command, on the same key session, so that once
 * the licence server is back, playback starts. Until then no key exists and the element stays
 * silent (it never plays: the widget follows its real 'playing' events).
 */
function untilLicensed(exchange: () => Observable<Action>, plays$: Observable<Action>): Observable<Action> {
  return defer(() => {
    let renewable = false;
    return concat(
      exchange().pipe(
        tap((action) => {
          if (drmFailed.match(action)) renewable = !action.fatal && action.code !== userCappedError().code;
        }),
      ),
      defer(() =>
        renewable
          ? plays$.pipe(
              take(1),
              mergeMap(() => concat(of(licenceExchangeRenewed()), untilLicensed(exchange, plays$))),
            )
          : EMPTY,
      ),
    );
  });
}

/**
 * spec 001 §7 Media: for each new init data the audio element reports, or a video manifest announces
 * (initDataAnnounced), once the media keys are attached, one key session; each of its 'message' events is a licence challenge, answered
 * through the licence server (licence-exchange.ts) and handed back with update(). Generating the
 * request can fail as not-supported, invalid-state or unknown (spec 001 §8 EME).
 */
export const licenceSessionEpic: DrmEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(
      (action) =>
        encrypted.match(action) ||
        initDataAnnounced.match(action) ||
        drmSetupRequested.match(action) ||
        (mediaPreloaded.match(action) && action.initData !== null),
    ),
    map((action): InitData | null => {
      if (!encrypted.match(action) && !initDataAnnounced.match(action) && !mediaPreloaded.match(action)) return null;
      // The next file's init segment, fetched ahead (spec 001 §4 can-preload): licensed now, under its own
      // content id, so that when it is appended its 'encrypted' init data is one seen before, and its keys are there.
      // Only audio is fetched ahead (issue 18: nothing is preloaded into or out of a video track).
      if (mediaPreloaded.match(action)) {
        return { initDataType: 'cenc', initData: action.initData ?? '', contentId: action.fileId, mediaType: 'audio', ahead: true };
      }
      // The file being loaded as its init data comes (or as its manifest tells it): the content id of its licence (spec 001 §7 Media).
      const { contentId, mediaType = 'audio' } = state$.value.drm;
      return { initDataType: action.initDataType, initData: action.initData, contentId, mediaType, ahead: false };
    }),
    // A new setup starts a new set of sessions: init data seen before may need a new one.
    distinct((fact) => (fact === null ? {} : fact.initData), action$.pipe(filter(drmSetupRequested.match))),
    filter((fact): fact is InitData => fact !== null),
    mergeMap((fact) => {
      const { contentId } = fact;
      return state$.pipe(
        filter((s: DrmSlice) => s.drm.mediaKeys && s.drm.keySystem !== null && s.drm.config !== null),
        take(1),
        mergeMap((ready) => {
          const { keySystem, config } = ready.drm;
          if (keySystem === null || config === null) return EMPTY;
          const session = deps.eme.createSession(fact.initDataType, fact.initData);
          const events$ = session.events$.pipe(
            mergeMap((event: EmeSessionEvent): Observable<Action> => {
              if (event.kind !== 'message') return EMPTY;
              // The caches as they are once no prefetch is under way (it, or an earlier exchange, may have filled them).
              const exchange = (): Observable<Action> =>
                state$.pipe(
                  filter((s: DrmSlice) => !s.drm.prefetching),
                  take(1),
                  mergeMap((s: DrmSlice) =>
                    licenceExchange(deps, s.drm, config, session, keySystem, event.message, contentId, fact.mediaType, () =>
                      authorisation(state$.value.session),
                    ),
                  ),
                );
              return concat(
                of(licenceChallenged({ messageType: event.messageType, bytes: base64Bytes(event.message) })),
                untilLicensed(exchange, action$.pipe(filter((a) => resumeRequested.match(a) || playContextRequested.match(a)))),
              );
            }),
            catchError((err: unknown) => {
              const name = errorName(err);
              return of(drmFailed(name === SESSION_CREATION_ERROR ? keySessionNotSupported() : generateRequestFailed(name)));
            }),
          );
          // A session for a file fetched ahead is not the current playback's (its §3 licence-session latency).
          return concat(of(fact.ahead ? licencePreloadStarted({ contentId: contentId ?? '' }) : licenceSessionCreated()), events$);
        }),
      );
    }),
  );
