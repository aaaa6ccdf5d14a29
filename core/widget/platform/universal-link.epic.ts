import { defer, of } from 'rxjs';
import { catchError, filter, ignoreElements, map, mergeMap } from 'rxjs/operators';
import type { Ports } from '../../ports';
import type { WidgetEpic } from '../widget-epic';
import { metadataClickedOnMobile, mobileAppHandoffFailed, universalLinkDecided } from './actions';
import { transferPlaybackUri } from './mobile-handoff';

/**
 * spec 000 §7 Universal link (mobile): "the item's external URL plus the current query string and
 * an added bo=1 parameter, opened in the top window when metadata is clicked on mobile". It is the
 * same address as the hand-off's transfer-playback URI. On desktop the metadata is a plain link
 * that opens the item in a new tab, and no action is dispatched.
 */
export const universalLinkEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(metadataClickedOnMobile.match),
    map(() => universalLinkDecided({ url: transferPlaybackUri(state$.value) })),
  );

/** Navigates the top window, inside the click (browsers require a gesture); a refusal is recorded. */
export const universalLinkEffectsEpic: WidgetEpic = (action$, _state$, deps: Ports) =>
  action$.pipe(
    filter(universalLinkDecided.match),
    mergeMap((a) =>
      defer(() => deps.host.navigateTop(a.url)).pipe(
        ignoreElements(),
        catchError((err: unknown) => of(mobileAppHandoffFailed({ step: 'navigate', err: err instanceof Error ? err.message : String(err) }))),
      ),
    ),
  );

export const universalLinkEpics: ReadonlyArray<WidgetEpic> = [universalLinkEpic, universalLinkEffectsEpic];
