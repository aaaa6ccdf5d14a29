import { produce, type Draft } from 'immer';
import type { Action } from '../store/action';
import { initialPlayback, type SeekTarget, type WidgetState } from './state';
import type { WidgetAction } from './widget-action';
import { reduceEmbedApi } from './embed-api/reducer';
import { reduceShare } from './share/reducer';
import { reduceModal } from './modal/state';
import { reducePlatform } from './platform/reducer';
import { reduceVolume } from './volume/state';
import type { countRemoteCommand, reduceRemote, reduceRemoteVolume } from './remote/reducer';
import { afterPlayerPosition, afterTrackChange, askedSeek, dragStep } from './progress-drag';

/** Issue 16 The controller's part of the reducer (./remote/reducer.ts). */
export interface ControllerReducer {
  readonly reduce: typeof reduceRemote;
  readonly count: typeof countRemoteCommand;
  readonly volume: typeof reduceRemoteVolume;
}

/**
 * The widget's reducer (ARCHITECTURE.md §3): pure, written with immer, exhaustive over the widget
 * actions; actions of other domains leave the state as it is. `controller` null: the reducer of a
 * page that never has a controller (spec 000 §4 Preview mode: an anonymous visitor's), which leaves
 * its actions aside; ./reducer.ts widgetReducer has it. Apart so that such a page's first frame does
 * not carry it (the initial-JS budget): a page that may play in full takes the whole reducer from
 * the widget's lazy chunk, which it has before its store starts (ui/widget/main.tsx).
 */
export function createWidgetReducer(controller: ControllerReducer | null): (state: WidgetState, action: Action) => WidgetState {
  return (state, action) =>
    produce(state, (draft) => {
      reduce(draft, action as WidgetAction, state, controller);
    });
}

/** The reducer of a page in preview mode from its start: no controller. */
export const previewPageReducer = createWidgetReducer(null);

/** `before` is the state before the action, for the rules that read it as plain data (progress-drag.ts). */
function reduce(draft: Draft<WidgetState>, action: WidgetAction, before: WidgetState, controller: ControllerReducer | null): void {
  const { playback, player } = draft;
  switch (action.type) {
    // spec 000 §4 Playback state table.
    case 'playback/played':
      playback.isPlaying = true;
      playback.isPaused = false;
      delete playback.skip;
      return;
    case 'playback/paused':
      playback.isPlaying = false;
      playback.isPaused = true;
      return;
    case 'playback/trackChanged':
      setSeekTarget(draft, before, afterTrackChange(before));
      playback.trackUri = action.uri;
      playback.progress = 0;
      playback.durationMs = action.durationMs;
      delete playback.skip;
      return;
    case 'playback/reset':
      setSeekTarget(draft, before, afterTrackChange(before));
      draft.playback = initialPlayback;
      return;
    case 'playback/progressUpdated':
      // spec 000 §4: sets position, or 0 if empty.
      playback.progress = action.progress ?? 0;
      // The bar shows the asked position until the player confirms it (progress-drag.ts).
      setSeekTarget(draft, before, afterPlayerPosition(before.seekTarget, playback.progress));
      return;

    // spec 000 §4 SKIP_NEXT, SKIP_PREV: "mark the skip, set playing, ask the player to go next or
    // previous". The mark stays until the player reports the track it reached (trackChanged, or
    // played when it starts the same one over), that it could not (unavailable, media error), or a
    // reset. "Set playing" is the skip's play decision (skipEpic) and the player's played fact: set
    // here before the player plays, it would show "playing" where nothing will play (an empty list,
    // a hand-off to the app).
    case 'widget/skipNextRequested':
      playback.skip = 'next';
      return;
    case 'widget/skipPrevRequested':
      playback.skip = 'prev';
      return;

    // spec 000 §5: seek position is clamped between 0 and the maximum. It is the asked position,
    // not the player's: playback.progress changes when the player reports where it is.
    case 'widget/seekRequested':
      setSeekTarget(draft, before, askedSeek(before, action.positionMs));
      return;
    // spec 000 §2 Progress bar: the drag (its seeks come as widget/seekRequested, progressDragEpic).
    case 'widget/progressDragStarted':
    case 'widget/progressDragMoved':
    case 'widget/progressDragEnded':
    case 'widget/progressDragCancelled':
      setSeekTarget(draft, before, dragStep(before, action).target);
      return;
    case 'preview/seekDecided':
      playback.progress = action.positionMs;
      return;

    // The preview player (spec 001 §4): where the element is.
    case 'preview/playerStarted':
      player.started = true;
      return;
    case 'preview/trackLoadDecided':
      player.index = action.index;
      player.status = 'loading';
      player.error = null;
      return;
    case 'media/playing':
      player.status = 'playing';
      player.error = null;
      return;
    case 'media/paused':
      // A pause that arrives while the next track loads belongs to the old one.
      if (player.status !== 'loading') player.status = 'paused';
      return;
    case 'media/ended':
      // Like a pause, an end that arrives while the next track loads belongs to the old one.
      if (player.status !== 'loading') player.status = 'ended';
      return;
    case 'preview/capReached':
      player.status = 'ended';
      return;
    case 'preview/trackUnavailable':
      // spec 000 §4: UNAVAILABLE_TRACK pauses the resource and signals unavailable.
      playback.isPlaying = false;
      playback.isPaused = true;
      delete playback.skip;
      if (player.status === 'playing' || player.status === 'loading') player.status = 'paused';
      return;
    case 'media/failed':
      // spec 001 §8 Media: the element stops; the message is the catalogue's text.
      player.error = action.message;
      if (player.status !== 'idle') player.status = 'paused';
      delete playback.skip;
      return;

    case 'widget/sessionStarted':
      draft.sessionId = action.sessionId;
      return;
    case 'widget/viewportMeasured':
      draft.viewport = { width: action.width, height: action.height };
      return;
    case 'log/impressionLogged':
      draft.impression = 'sent';
      return;
    case 'log/impressionFailed':
      draft.impression = 'failed';
      return;

    // Intents, raw facts and decisions whose effect on the state arrives as a later fact.
    case 'widget/pointerEntered':
    case 'widget/playToggleRequested':
    case 'widget/trackRowClicked':
    case 'widget/seekByRequested':
    case 'widget/actionLogDownloadRequested':
    case 'widget/windowResized':
    case 'preview/trackPrefetchDecided':
    case 'preview/playDecided':
    case 'preview/pauseDecided':
    case 'preview/playRefused':
    case 'media/metadataLoaded':
    case 'media/canPlayThrough':
    case 'media/timeUpdated':
    case 'media/waiting':
    // Logging and error reporting (spec 000 §7) leave the widget's state as it is.
    case 'log/actionsFailed':
    case 'log/errorReportFailed':
    case 'logging/eventsDropped':
    case 'widget/errorCaught':
    case 'widget/errorReporterContextRead':
    case 'widget/pageHidden':
      return;
    // The parent-page message interface (spec 000 §7): the flag and api/connect change the state.
    case 'embedApi/enabled':
    case 'embedApi/commandReceived':
      reduceEmbedApi(draft, action);
      return;
    case 'embedApi/messageReceived':
    case 'embedApi/messageIgnored':
    case 'embedApi/messageRefused':
    case 'embedApi/contextChangeDecided':
    case 'embedApi/postFailed':
      return;
    // The share dialog (spec 000 §2): open, copied, close change its view.
    case 'share/openRequested':
    case 'share/copied':
    case 'share/closeRequested':
      reduceShare(draft, action);
      return;
    case 'share/targetClicked':
    case 'share/copyLinkClicked':
    case 'share/copyEmbedCodeClicked':
    case 'share/copyFailed':
    case 'share/windowOpened':
    // spec 000 §4 PLAY_ON_DESKTOP: its pause arrives as preview/pauseDecided and the player's facts.
    case 'widget/playOnDesktopRequested':
      return;
    // spec 000 §4 Prompt modal.
    case 'modal/promptShown':
    case 'modal/unavailableShown':
    case 'modal/closeRequested':
    case 'player/licenseFailed':
      reduceModal(draft, action);
      return;
    // spec 000 §3 platform flags; §4 PLAY_IN_MOBILE_APP, "set playback to preview".
    case 'widget/platformRead':
    case 'handoff/mobileAppDecided':
    case 'playback/previewForced':
      reducePlatform(draft, action);
      return;
    // The intent and the failure change nothing: the decisions do (platform/ epics).
    case 'widget/playInMobileAppRequested':
    case 'widget/metadataClickedOnMobile':
    case 'handoff/universalLinkDecided':
    case 'handoff/mobileAppFailed':
    case 'player/initializationFailed':
      return;
    // The volume control: the slider, the mute button, the stored volume.
    case 'widget/volumeChanged':
    case 'widget/muteToggled':
      // While another device plays, they set its volume (issue 16 The controller), not this browser's.
      if (controller === null || !controller.volume(draft, action)) reduceVolume(draft, action);
      return;
    case 'widget/volumeRestored':
      reduceVolume(draft, action);
      return;
    case 'widget/volumeSaveFailed':
      return;
    // Full playback: the engine's events change the state (as playback/* facts), not the commands
    // (a remote command takes the next of the controller's ids).
    case 'full/engineCommandDecided':
      controller?.count(draft, action);
      return;
    case 'full/engineCommandFailed':
    case 'full/engineEventRejected':
    case 'full/engineClientEvent':
    case 'full/engineActiveChanged':
    case 'full/engineOptionsChanged':
    // The provider refused an item: full-playback decisions answer it with preview/trackUnavailable.
    case 'full/engineItemUnavailable':
    case 'full/engineMediaFailed':
      return;
    // Issue 18: the video the engine's media element shows, absent when none.
    case 'full/engineVideoChanged':
      if (action.video === null) delete draft.video;
      else draft.video = action.video;
      return;
    // The controller (issue 16): the devices, what the active one plays, the device list.
    case 'remote/stateReceived':
    case 'remote/devicesToggled':
    case 'remote/devicesClosed':
    case 'remote/deviceChosen':
    case 'remote/shuffleToggled':
    case 'remote/repeatCycled':
      controller?.reduce(draft, action);
      return;
    default:
      assertHandled(action);
  }
}

/** Compile-time exhaustiveness; at run time an action of another domain lands here and is ignored. */
function assertHandled(_action: never): void {}

/** Absent when undefined (WidgetState.seekTarget); untouched when the rule returned the same target. */
function setSeekTarget(draft: Draft<WidgetState>, before: WidgetState, target: SeekTarget | undefined): void {
  if (target === before.seekTarget) return;
  if (target === undefined) delete draft.seekTarget;
  else draft.seekTarget = target;
}
