import * as t from 'io-ts';
import { defineAction } from '../store/action';

/*
 * The widget's actions, named as events (ARCHITECTURE.md §3): UI intents end in Requested/Clicked,
 * adapter facts say what happened, epic decisions say what was decided.
 */

// --- UI intents (src 'ui') ---------------------------------------------------------------
/** spec 000 §2 first-use rule: the pointer entered the document. */
export const pointerEntered = defineAction('widget/pointerEntered');
/** The play/pause button or the space bar (spec 000 §2). */
export const playToggleRequested = defineAction('widget/playToggleRequested', {
  via: t.keyof({ button: null, keyboard: null, api: null }),
});
/** Seek from the progress bar, in ms (clamped by the reducer, spec 000 §5). */
export const seekRequested = defineAction('widget/seekRequested', { positionMs: t.number });
/** spec 000 §2 Track list table: a row was clicked; it plays that track by its index. */
export const trackRowClicked = defineAction('widget/trackRowClicked', { index: t.number });
/** spec 000 §2 Icon buttons / §4 SKIP_NEXT, SKIP_PREV: the next or previous track of the list. */
export const skipNextRequested = defineAction('widget/skipNextRequested');
export const skipPrevRequested = defineAction('widget/skipPrevRequested');
/** spec 000 §2 Icon buttons: back or forward 15 seconds (spec 000 §9 skip step), relative to the position. */
export const seekByRequested = defineAction('widget/seekByRequested', { deltaMs: t.number });
/**
 * The progress bar's drag (spec 000 §2 Progress bar, §5), as store state so that a drag is logged and
 * replays: pointer positions are ratios of the bar's width as the UI measured them (unclamped; the
 * reducer turns them into clamped ms of the bar, core/widget/progress-drag.ts). Moves reach the store
 * throttled to 50 ms (progress-drag-stream.ts). The seeks a drag reports are widget/seekRequested,
 * emitted by progressDragEpic.
 */
export const progressDragStarted = defineAction('widget/progressDragStarted', { button: t.number, ratio: t.number });
export const progressDragMoved = defineAction('widget/progressDragMoved', { ratio: t.number });
/** spec 000 §2: released, or moved outside the window's bounds ("counts as release"). */
export const progressDragEnded = defineAction('widget/progressDragEnded', {
  ratio: t.number,
  via: t.keyof({ release: null, leftWindow: null }),
});
/** The browser took the pointer over (pointercancel): the drag ends where the bar shows, as a release without a point. */
export const progressDragCancelled = defineAction('widget/progressDragCancelled');
/** The visitor downloaded the action log (debug=1). Logged so a replay shows it. */
export const actionLogDownloadRequested = defineAction('widget/actionLogDownloadRequested');

// --- host facts (src 'adapter') --------------------------------------------------------------
/** A raw window resize, not debounced; an epic debounces it into viewportMeasured (spec 000 §4, 100 ms). */
export const windowResized = defineAction('widget/windowResized', { width: t.number, height: t.number });

// --- start-up (src 'adapter', from bindAdapterFacts: drawn from the world, so a replay feeds them back) ---
/** spec 000 §4 Start-up: a session id was drawn for the logs of this page view. */
export const sessionStarted = defineAction('widget/sessionStarted', { sessionId: t.string });
/** The viewport measured at start-up (adapter) or after a debounced resize (epic; spec 000 §4, 100 ms). */
export const viewportMeasured = defineAction('widget/viewportMeasured', { width: t.number, height: t.number });

// --- preview player decisions (epic, spec 001 §4 Preview player) ----------------------------
/** The player is started for this page (first use). */
export const playerStarted = defineAction('preview/playerStarted');
/**
 * At start-up, before the player starts: point the element at the first preview with metadata
 * only, so that a click plays at once (a bare audio element has its file by then too) while a page
 * of many untouched embeds downloads no audio (spec 000 §2 first-use rule still starts the player).
 */
export const trackPrefetchDecided = defineAction('preview/trackPrefetchDecided', { index: t.number, uri: t.string, src: t.string });
export const trackLoadDecided = defineAction('preview/trackLoadDecided', {
  index: t.number,
  uri: t.string,
  src: t.string,
});
export const playDecided = defineAction('preview/playDecided');
export const pauseDecided = defineAction('preview/pauseDecided');
export const seekDecided = defineAction('preview/seekDecided', { positionMs: t.number });
/** spec 000 §4 Preview mode: a track's length is capped at 30000 ms. */
export const previewCapReached = defineAction('preview/capReached', { positionMs: t.number });
/** spec 001 §4: a refused play() is silently ignored; recorded so a replay shows why nothing played. */
export const playRefused = defineAction('preview/playRefused', { message: t.string });
/** spec 001 §4: a track without playability or preview address. */
export const trackUnavailable = defineAction('preview/trackUnavailable', { index: t.number, uri: t.string });

// --- media facts (adapter, from the audio element) ------------------------------------------
export const mediaMetadataLoaded = defineAction('media/metadataLoaded', { durationMs: t.number });
export const mediaCanPlayThrough = defineAction('media/canPlayThrough');
export const mediaPlaying = defineAction('media/playing', { positionMs: t.number });
export const mediaPaused = defineAction('media/paused', { positionMs: t.number });
export const mediaEnded = defineAction('media/ended');
export const mediaTimeUpdated = defineAction('media/timeUpdated', { positionMs: t.number });
export const mediaWaiting = defineAction('media/waiting');
/** spec 001 §8 Media: the message is one of the catalogue's texts. */
export const mediaFailed = defineAction('media/failed', { code: t.string, message: t.string });

// --- player events the widget consumes (epic; spec 000 §4 Playback state, §7 player events) ----
export const playbackPlayed = defineAction('playback/played');
export const playbackPaused = defineAction('playback/paused');
export const playbackTrackChanged = defineAction('playback/trackChanged', { uri: t.string, durationMs: t.union([t.number, t.null]) });
export const playbackProgressed = defineAction('playback/progressUpdated', { progress: t.union([t.number, t.null]) });
export const playbackReset = defineAction('playback/reset');

// --- logging (epic) --------------------------------------------------------------------------
/** spec 000 §7 Impression: POST {host}/log/analytics. */
export const impressionLogged = defineAction('log/impressionLogged', { status: t.number });
export const impressionFailed = defineAction('log/impressionFailed', { err: t.string });
/** spec 000 §7 "Every dispatched action except progress updates is logged": a batch was not stored. */
export const actionsLogFailed = defineAction('log/actionsFailed', { err: t.string });
/** spec 000 §7 error-reporting service: a report was not stored (never retried). */
export const errorReportFailed = defineAction('log/errorReportFailed', { err: t.string });
/**
 * Issue 12: a log channel's outbox was full, so its `count` oldest unsent events were dropped
 * (`total` since it last emptied). Not under log/, so the action channel sends it: the marker.
 */
export const logEventsDropped = defineAction('logging/eventsDropped', { channel: t.string, count: t.number, total: t.number });

// --- error reporting facts (src 'adapter', read at the edge: ui/widget/main.tsx) -------------------
/** A window 'error' or 'unhandledrejection' caught by the page; message '' when the error had none. */
export const errorCaught = defineAction('widget/errorCaught', { message: t.string, stack: t.string });
/**
 * spec 000 §7 error-reporting service, start-up: the user id cookie (null when absent), whether a
 * headless-browser test harness drives the page (navigator.webdriver), and the page's host.
 */
export const errorReporterContextRead = defineAction('widget/errorReporterContextRead', {
  userId: t.union([t.string, t.null]),
  automated: t.boolean,
  pageHost: t.string,
});

// --- the parent-page message interface (spec 000 §7), declared in embed-api/actions.ts ---------
export * from './embed-api/actions';
// --- the share dialog and the desktop hand-off (spec 000 §2, §4, §7), declared in share/actions.ts ---
export * from './share/actions';
// --- the prompt modal (spec 000 §4), declared in modal/actions.ts ---
export * from './modal/actions';
// --- platform flags, the mobile-app hand-off, the preview fallback (spec 000 §3, §4), in platform/actions.ts ---
export * from './platform/actions';
// --- the volume control (spec 000 §2 Volume icon), declared in volume/actions.ts ---
export * from './volume/actions';
/** The page was hidden or is being left (pagehide, visibilitychange to hidden): pending logs are sent now. */
export const pageHidden = defineAction('widget/pageHidden');
// Full playback through the engine (spec 000 §4, issue 5).
export * from './full-playback/actions';
// The controller: the device picker and the remote-control view (issue 16).
export * from './remote/actions';
