import { EMPTY, concat, defer, of, type Observable } from 'rxjs';
import { catchError, filter, ignoreElements, mergeMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import type { Ports } from '../../ports';
import type { WidgetEpic } from '../widget-epic';
import { mobileAppHandoffDecided, mobileAppHandoffFailed, playInMobileAppRequested } from './actions';
import { HANDOFF_COOKIE, HANDOFF_COOKIE_DAYS, HANDOFF_COOKIE_VALUE, mobileHandoffDecisions } from './mobile-handoff';

/*
 * spec 000 §4 PLAY_IN_MOBILE_APP and "Hand-off to the mobile app". The play rule ("on mobile with
 * the mobile app installed, play hands off to the app") lives in the play decisions
 * (preview-decisions.ts, track-commands.ts), which return the same decisions as this button.
 * Everything runs synchronously inside the visitor's click, which browsers require before a frame
 * may navigate the top window.
 */

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The mobile prompt's button: pause if playing, then the hand-off decision. */
export const playInMobileAppEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(playInMobileAppRequested.match),
    mergeMap(() => mobileHandoffDecisions(state$.value)),
  );

function step(call: Observable<unknown>, name: 'cookie' | 'navigate'): Observable<Action> {
  return call.pipe(
    ignoreElements(),
    catchError((err: unknown) => of(mobileAppHandoffFailed({ step: name, err: message(err) }))),
  );
}

/**
 * The hand-off's effects, in the spec's order: the cookie (when the app was not detected: yes, 5000
 * days, the provider's domain), then the top window goes to the transfer-playback URI. The pause is
 * the preview player's own decision (pauseDecided, before this one). A refused cookie is recorded
 * and the navigation still happens: the visitor asked for the app.
 */
export const mobileHandoffEffectsEpic: WidgetEpic = (action$, _state$, deps: Ports) =>
  action$.pipe(
    filter(mobileAppHandoffDecided.match),
    mergeMap((a) =>
      concat(
        a.setCookie
          ? step(
              defer(() =>
                deps.host.writeCookie({
                  name: HANDOFF_COOKIE,
                  value: HANDOFF_COOKIE_VALUE,
                  days: HANDOFF_COOKIE_DAYS,
                  ...(a.cookieDomain === null ? {} : { domain: a.cookieDomain }),
                }),
              ),
              'cookie',
            )
          : EMPTY,
        step(
          defer(() => deps.host.navigateTop(a.url)),
          'navigate',
        ),
      ),
    ),
  );

export const mobileHandoffEpics: ReadonlyArray<WidgetEpic> = [playInMobileAppEpic, mobileHandoffEffectsEpic];
