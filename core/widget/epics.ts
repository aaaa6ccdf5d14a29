import { filter } from 'rxjs/operators';
import { audioEffectsEpic } from './audio-effects.epic';
import { playerEventsEpic, previewCapEpic, trackEndedEpic } from './player-events.epic';
import { firstUseEpic, playToggleEpic, prefetchEpic, seekEpic } from './preview-commands.epic';
import type { WidgetEpic } from './widget-epic';
import { seekByEpic, skipEpic, trackRowEpic } from './track-commands.epic';
import { resizeEpic } from './viewport.epic';
import { modalEpics } from './modal/prompt.epic';
import { mobileHandoffEpics } from './platform/mobile-handoff.epic';
import { initFailureEpic } from './platform/init-failure.epic';
import { universalLinkEpics } from './platform/universal-link.epic';
import { volumeEpic } from './volume/volume.epic';
import { isPreviewMode } from './preview-mode';
import { progressDragEpic } from './progress-drag.epic';

/**
 * spec 000 §4 Preview mode: the preview player's epics hear the visitor and the audio element
 * only in preview mode; outside it the engine plays (full-playback/).
 */
const previewOnly =
  (epic: WidgetEpic): WidgetEpic =>
  (action$, state$, deps) =>
    epic(action$.pipe(filter(() => isPreviewMode(state$.value))), state$, deps);

/**
 * Epics whose code the browser fetches after the first frame, in the widget's one lazy chunk
 * (ui/widget/extras.ts); core/store/deferred-epic.ts keeps their place in the order. `embedApi`
 * and `share` answer only what that chunk's own views dispatch (share dialog, modal buttons) or
 * what the parent page posts once they listen (embed-api=1). The logging channels must hear the
 * whole session: the browser hands them the actions that came before their code
 * (deferredEpicHearingAll), and they answer only asynchronously (the provider's answers).
 */
export interface LateWidgetEpics {
  readonly embedApi: WidgetEpic;
  readonly share: WidgetEpic;
  /** spec 000 §4 Start-up / §7 Impression. */
  readonly impression: WidgetEpic;
  /** spec 000 §7 logging channel. */
  readonly actionLogging: WidgetEpic;
  /** spec 000 §7 error-reporting service. */
  readonly errorReporting: WidgetEpic;
  /**
   * spec 000 §4 Full playback and issue 16's controller: they answer only outside preview mode, so
   * an anonymous visitor's page never needs them (spec 000 §4 Preview mode: not logged in), and a
   * page that may play in full waits for the chunk before it starts (ui/widget/main.tsx).
   */
  readonly fullPlayback: WidgetEpic;
  readonly engineCommands: WidgetEpic;
  readonly remoteMirror: WidgetEpic;
}

/**
 * The widget's epics, in the order the store subscribes them. An action several epics answer is
 * answered in this order (a time update becomes a progress update before the preview cap decides
 * anything), and the action log records that order, so keep it stable.
 * Start-up (session id, first viewport) is not an epic: see bindAdapterFacts.
 */
export function widgetEpicOrder(late: LateWidgetEpics): ReadonlyArray<WidgetEpic> {
  return [
    // spec 000 §2 Progress bar: a drag's seeks, as widget/seekRequested (heard by the players below).
    progressDragEpic,
    // The preview player (spec 001 §4), in preview mode only.
    ...[prefetchEpic, firstUseEpic, playToggleEpic, seekEpic, trackRowEpic, skipEpic, seekByEpic, playerEventsEpic, trackEndedEpic, previewCapEpic].map(
      previewOnly,
    ),
    // Full playback (spec 000 §4): the same commands, to the engine.
    late.fullPlayback,
    late.engineCommands,
    // The controller (issue 16): another device's playback shown as the widget's own.
    late.remoteMirror,
    audioEffectsEpic,
    // The volume control: the element's volume and the stored one.
    volumeEpic,
    late.impression,
    resizeEpic,
    // spec 000 §4 Prompt modal: after the player's decisions it answers (play, skip, unavailable).
    ...modalEpics,
    // spec 000 §7 parent-page message interface (only with embed-api=1).
    late.embedApi,
    // spec 000 §2 Share dialog, §7 share windows and copies, §4 PLAY_ON_DESKTOP.
    late.share,
    // spec 000 §4 PLAY_IN_MOBILE_APP / hand-off to the mobile app; initialization failure -> preview.
    ...mobileHandoffEpics,
    // spec 000 §7 Universal link: metadata clicked on mobile.
    ...universalLinkEpics,
    initFailureEpic,
    // spec 000 §7 logging channel: last, so it logs an action after every epic has answered it.
    late.actionLogging,
    // spec 000 §7 error-reporting service (reports need the start-up context; see ui/widget/main.tsx).
    late.errorReporting,
  ];
}
