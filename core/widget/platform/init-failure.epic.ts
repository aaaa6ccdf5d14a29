import { filter, mergeMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { startDecisions } from '../preview-decisions';
import type { WidgetEpic } from '../widget-epic';
import { playerInitFailed, previewForced } from './actions';
import { switchesToPreview } from './init-failure';

/**
 * spec 000 §4 Initialization failure: a no-supported-key-system, no-track-player or
 * EME-not-supported failure "switches playback to preview mode and re-subscribes to player
 * events". The widget consumes the preview player's events (player-events.epic.ts) from the moment
 * that player is started, so re-subscribing is starting it (spec 000 §2 first use; once only): its
 * first track is loaded and its events drive the playback state. Other codes change nothing here.
 * No engine emits the failure yet: the full-playback engine is issue 5.
 */
export const initFailureEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(playerInitFailed.match),
    filter((a) => switchesToPreview(a.code)),
    // forcePreview changes no start rule, so the start decisions may read the state before it is reduced.
    mergeMap((a): Action[] => [previewForced({ code: a.code }), ...startDecisions(state$.value)]),
  );
