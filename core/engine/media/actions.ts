import * as t from 'io-ts';
import { defineAction } from '../../store/action';

/*
 * The media player's actions (spec 001 §4 Media player and Source buffer, §7 Media, §8 Media,
 * Fragment, Manifest and Storage). No action carries media bytes: fetched bodies stay in the
 * MediaSource adapter under a key, actions carry their sizes. Every asynchronous step carries the
 * play id of the load it belongs to (spec 001 §4: a step with a stale play id is dropped), and
 * buffer steps the clear count of the source buffer when they began (§4 Source buffer).
 */

// Inputs: what the rest of the engine (the list player, the device) asks for.
export const mediaLoadRequested = defineAction('mediaPlayer/loadRequested', {
  /** The audio file id (spec 001 §3), resolved through storage-resolve and the seek table. */
  fileId: t.string,
  /** A protected (CENC) file: its ended event is synthesised (spec 001 §4). */
  protected: t.boolean,
  isAd: t.boolean,
  startMs: t.number,
  autoplay: t.boolean,
});
export const mediaPlayRequested = defineAction('mediaPlayer/playRequested');
export const mediaPauseRequested = defineAction('mediaPlayer/pauseRequested');
export const mediaSeekRequested = defineAction('mediaPlayer/seekRequested', { positionMs: t.number });
export const mediaStopRequested = defineAction('mediaPlayer/stopRequested');

// Adapter fact: the element's events (MediaSourcePort.facts$), decoded by element-fact.ts.
/** The element events reported (core/ports.ts MediaElementFact kinds). */
export const ElementFactKind = t.keyof({
  loadedmetadata: null,
  canplaythrough: null,
  playing: null,
  pause: null,
  ended: null,
  timeupdate: null,
  waiting: null,
  error: null,
});
export const mediaElementFact = defineAction('mediaPlayer/elementFact', {
  kind: ElementFactKind,
  positionMs: t.number,
  /** 0 when unknown. */
  durationMs: t.number,
  bufferedEndMs: t.number,
  /** MediaError.code of an error fact; null otherwise. */
  errorCode: t.union([t.number, t.null]),
});

// Steps of a load.
export const mediaSourceOpened = defineAction('mediaPlayer/sourceOpened', { playId: t.number });
export const storageResolveRequested = defineAction('mediaPlayer/storageResolveRequested', {
  playId: t.number,
  fileId: t.string,
  /** 'load', or 're-resolve' after a 403 from the CDN (spec 001 §7 Media). */
  reason: t.keyof({ load: null, 're-resolve': null }),
});
export const storageResolveRetried = defineAction('mediaPlayer/storageResolveRetried', {
  playId: t.number,
  retry: t.number,
  code: t.string,
  message: t.string,
});
export const storageResolved = defineAction('mediaPlayer/storageResolved', {
  playId: t.number,
  urls: t.array(t.string),
  expiresAt: t.union([t.number, t.null]),
});
export const seekTableLoaded = defineAction('mediaPlayer/seekTableLoaded', {
  playId: t.number,
  offset: t.number,
  timescale: t.number,
  /** [size, duration] per segment (spec 001 §3 audio manifest). */
  segments: t.array(t.tuple([t.number, t.number])),
  protection: t.string,
});

// Fragments (index -1 is the init segment).
export const fragmentRequested = defineAction('mediaPlayer/fragmentRequested', {
  playId: t.number,
  clears: t.number,
  index: t.number,
  first: t.number,
  last: t.number,
});
/** spec 001 §9 Stall: the fetch has taken 9000 ms (it goes on). */
export const fragmentStalled = defineAction('mediaPlayer/fragmentStalled', { playId: t.number, index: t.number, afterMs: t.number });
export const fragmentRetried = defineAction('mediaPlayer/fragmentRetried', {
  playId: t.number,
  index: t.number,
  retry: t.number,
  delayMs: t.number,
  code: t.string,
  message: t.string,
});
/** spec 001 §8 Fragment: online status 0, the fallback URL is tried first, with a warning. */
export const fragmentUrlFallback = defineAction('mediaPlayer/fragmentUrlFallback', { playId: t.number, urlIndex: t.number, warning: t.string });
export const fragmentFetched = defineAction('mediaPlayer/fragmentFetched', {
  playId: t.number,
  clears: t.number,
  index: t.number,
  /** Where the adapter keeps the body. */
  key: t.string,
  bytes: t.number,
  elapsedMs: t.number,
});
/** spec 001 §9: everything up to the end is buffered and under 10 s remain ahead. */
export const endOfStreamRequested = defineAction('mediaPlayer/endOfStreamRequested', { playId: t.number, clears: t.number });

// The source buffer's updates (spec 001 §4 Source buffer).
export const bufferUpdateEnded = defineAction('mediaPlayer/bufferUpdateEnded', { playId: t.number, bufferedEndMs: t.number });
export const bufferUpdateFailed = defineAction('mediaPlayer/bufferUpdateFailed', { playId: t.number, name: t.string });
/** spec 001 §8 Media: buffer quota exceeded, with the option to rebuffer: drop what is behind the playhead. */
export const rebufferRequested = defineAction('mediaPlayer/rebufferRequested', { playId: t.number });

// What the media player tells the rest of the engine.
/** spec 001 §4: emitted 10 ms after the pause. */
export const mediaPausedEvent = defineAction('mediaPlayer/paused', { playId: t.number });
/** spec 001 §4: 10 s or less remain. */
export const mediaCanPreload = defineAction('mediaPlayer/canPreload', { playId: t.number });
/**
 * spec 001 §4 can-preload, consumed: while load `playId` plays its last 10 s, the next track's
 * file (`fileId`) is resolved and its seek table, init segment and first fragment fetched ahead
 * (preload.epic.ts), so that its load starts from them.
 */
export const mediaPreloadRequested = defineAction('mediaPlayer/preloadRequested', { playId: t.number, fileId: t.string });
/** The next file, fetched ahead: its bodies wait in the adapter under `initKey` and `fragmentKey` (fragment 0). */
export const mediaPreloaded = defineAction('mediaPlayer/preloaded', {
  playId: t.number,
  fileId: t.string,
  urls: t.array(t.string),
  expiresAt: t.union([t.number, t.null]),
  offset: t.number,
  timescale: t.number,
  segments: t.array(t.tuple([t.number, t.number])),
  protection: t.string,
  initKey: t.string,
  fragmentKey: t.string,
  /** The init segment's 'cenc' init data (its pssh boxes, base64) when it has any: the DRM licenses it ahead. */
  initData: t.union([t.string, t.null]),
});
/** The fetched-ahead file is given up: the list changed (skip, new context, shuffle, repeat), or a fetch failed (the load then does it all). */
export const mediaPreloadDropped = defineAction('mediaPlayer/preloadDropped', { reason: t.string });
/** Load `playId` starts from the file fetched ahead: no resolve, seek table, init or first fragment request. */
export const mediaPreloadUsed = defineAction('mediaPlayer/preloadUsed', { playId: t.number, fileId: t.string });
/**
 * Issue 15, gapless (spec 001 §4 can-preload): the file fetched ahead is appended behind load
 * `playId`'s last fragment, in the same source buffer, at the end of the track on the element's
 * time line; the element plays on into it, and its load (from 0, once the track has ended there)
 * continues the same MediaSource instead of opening a new one.
 */
export const mediaChainRequested = defineAction('mediaPlayer/chainRequested', { playId: t.number, clears: t.number, fileId: t.string });
/** The track ended; `synthesised` for a protected track's timer (spec 001 §4). */
export const mediaTrackEnded = defineAction('mediaPlayer/ended', { playId: t.number, synthesised: t.boolean });
/** spec 001 §8 Reactions: an autoplay-blocked play emits autoplay-failed; other refusals pause. */
export const mediaPlayRefused = defineAction('mediaPlayer/playRefused', { playId: t.number, name: t.string, autoplayBlocked: t.boolean });
/** A media, fragment, manifest or storage error of spec 001 §8, with its text. */
export const mediaPlayerFailed = defineAction('mediaPlayer/failed', {
  playId: t.number,
  code: t.string,
  message: t.string,
  fatal: t.boolean,
  detail: t.union([t.string, t.null]),
});

export const mediaPlayerActions = [
  mediaLoadRequested,
  mediaPlayRequested,
  mediaPauseRequested,
  mediaSeekRequested,
  mediaStopRequested,
  mediaElementFact,
  mediaSourceOpened,
  storageResolveRequested,
  storageResolveRetried,
  storageResolved,
  seekTableLoaded,
  fragmentRequested,
  fragmentStalled,
  fragmentRetried,
  fragmentUrlFallback,
  fragmentFetched,
  endOfStreamRequested,
  bufferUpdateEnded,
  bufferUpdateFailed,
  rebufferRequested,
  mediaPausedEvent,
  mediaCanPreload,
  mediaPreloadRequested,
  mediaPreloaded,
  mediaPreloadDropped,
  mediaPreloadUsed,
  mediaChainRequested,
  mediaTrackEnded,
  mediaPlayRefused,
  mediaPlayerFailed,
] as const;
