import type { ActionOf } from '../store/action';
import * as a from './actions';
import * as embedApi from './embed-api/actions';
import * as share from './share/actions';
import * as modal from './modal/actions';
import * as platform from './platform/actions';
import * as volume from './volume/actions';
import * as full from './full-playback/actions';
import * as fullContract from './full-playback/contract-actions';
import * as remote from './remote/actions';
import * as remoteFact from './remote/state-received';

/**
 * Every widget action creator, in one list: the reducer is exhaustive over it and the action
 * log decodes lines with `actionsCodec(widgetActionCreators)`.
 */
export const widgetActionCreators = [
  a.pointerEntered,
  a.playToggleRequested,
  a.seekRequested,
  a.trackRowClicked,
  a.skipNextRequested,
  a.skipPrevRequested,
  a.seekByRequested,
  a.progressDragStarted,
  a.progressDragMoved,
  a.progressDragEnded,
  a.progressDragCancelled,
  a.actionLogDownloadRequested,
  a.windowResized,
  a.sessionStarted,
  a.viewportMeasured,
  a.playerStarted,
  a.trackPrefetchDecided,
  a.trackLoadDecided,
  a.playDecided,
  a.pauseDecided,
  a.seekDecided,
  a.previewCapReached,
  a.playRefused,
  a.trackUnavailable,
  a.mediaMetadataLoaded,
  a.mediaCanPlayThrough,
  a.mediaPlaying,
  a.mediaPaused,
  a.mediaEnded,
  a.mediaTimeUpdated,
  a.mediaWaiting,
  a.mediaFailed,
  a.playbackPlayed,
  a.playbackPaused,
  a.playbackTrackChanged,
  a.playbackProgressed,
  a.playbackReset,
  a.impressionLogged,
  a.impressionFailed,
  a.actionsLogFailed,
  a.errorReportFailed,
  a.logEventsDropped,
  a.errorCaught,
  a.errorReporterContextRead,
  a.pageHidden,
  // The parent-page message interface (spec 000 §7).
  embedApi.embedApiEnabled,
  embedApi.embedApiMessageReceived,
  embedApi.embedApiMessageIgnored,
  embedApi.embedApiMessageRefused,
  embedApi.embedApiCommandReceived,
  embedApi.embedApiContextChangeDecided,
  embedApi.embedApiPostFailed,
  // The share dialog and the desktop hand-off (spec 000 §2, §4, §7).
  share.shareOpenRequested,
  share.shareTargetClicked,
  share.shareCopyLinkClicked,
  share.shareCopyEmbedCodeClicked,
  share.shareCloseRequested,
  share.playOnDesktopRequested,
  share.shareCopied,
  share.shareCopyFailed,
  share.shareWindowOpened,
  // The prompt modal (spec 000 §4).
  modal.promptShown,
  modal.unavailableShown,
  modal.modalCloseRequested,
  // Platform flags, the mobile-app hand-off, the preview fallback (spec 000 §3, §4).
  platform.platformRead,
  platform.playInMobileAppRequested,
  platform.mobileAppHandoffDecided,
  platform.mobileAppHandoffFailed,
  platform.metadataClickedOnMobile,
  platform.universalLinkDecided,
  platform.playerInitFailed,
  platform.licenseFailed,
  platform.previewForced,
  // The volume control (spec 000 §2 Volume icon).
  volume.volumeChanged,
  volume.muteToggled,
  volume.volumeRestored,
  volume.volumeSaveFailed,
  // Full playback through the engine (spec 000 §4, issue 5).
  fullContract.engineCommandDecided,
  full.engineCommandFailed,
  full.engineEventRejected,
  fullContract.engineClientEvent,
  full.engineActiveChanged,
  full.engineOptionsChanged,
  fullContract.engineVideoChanged,
  full.engineMediaFailed,
  full.engineItemUnavailable,
  // The controller: the device picker and the remote-control view (issue 16).
  remoteFact.remoteStateReceived,
  remote.devicesToggled,
  remote.devicesClosed,
  remote.deviceChosen,
  remote.shuffleToggled,
  remote.repeatCycled,
] as const;

export type WidgetAction = ActionOf<(typeof widgetActionCreators)[number]>;
