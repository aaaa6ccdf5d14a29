import * as t from 'io-ts';
import { defineAction } from '../../store/action';
import { NavigationReason, RepeatMode } from './constants';

/*
 * The list player's actions (spec 001 §4 List player, Smart previous). Inputs come from the client
 * (load, navigate, smart previous) and the media player (track loaded, playing, paused, finished,
 * failed); the rest are the list epic's decisions.
 */
// queued: added to the queue (spec 001 §4 add to queue), so it plays right after the current track even under shuffle.
const ListTrackC = t.intersection([t.type({ uri: t.string, playable: t.boolean }), t.partial({ queued: t.boolean })]);
const Direction = t.keyof({ next: null, previous: null });

// Inputs.
/** startIndex: where the first next lands (the track a context is played from). */
export const listLoadRequested = defineAction('list/loadRequested', { tracks: t.array(ListTrackC), startIndex: t.number });
/**
 * A new list around the track playing (a queue change, spec 001 §4 add to queue): its tracks replace
 * the list's and track `index` of it is the current one, still loaded and playing or paused as it was.
 */
export const listAdopted = defineAction('list/adopted', { tracks: t.array(ListTrackC), index: t.number });
/** `reason` is checked by the list player (spec 001 §5 'The argument `reason` is required.'), so any value is carried. */
export const navigationRequested = defineAction('list/navigationRequested', { direction: Direction, reason: t.unknown });
/** spec 001 §4 Smart previous, with what the playback state says at the time of the press. */
export const smartPreviousRequested = defineAction('list/smartPreviousRequested', { positionMs: t.number, seekingDisallowed: t.boolean });
export const listTrackLoaded = defineAction('list/trackLoaded', { index: t.number });
export const listTrackPlaying = defineAction('list/trackPlaying');
export const listTrackPaused = defineAction('list/trackPaused');
export const listTrackFinished = defineAction('list/trackFinished');
/** A track's timeout or error; allowsNext: whether the error allows playing the next track. */
export const listTrackFailed = defineAction('list/trackFailed', { allowsNext: t.boolean });
export const listClearRequested = defineAction('list/clearRequested');
/** spec 001 §3 Playback state shuffle: on or off. */
export const shuffleRequested = defineAction('list/shuffleRequested', { shuffle: t.boolean });
/** spec 001 §3 Repeat modes; checked by the list player (spec 001 §5), so any value is carried. */
export const repeatRequested = defineAction('list/repeatRequested', { mode: t.unknown });

// Decisions.
export const trackLoadRequested = defineAction('list/trackLoadRequested', { index: t.number, uri: t.string, reason: NavigationReason });
/** spec 001 §3 result code CANCELLED: a newer navigation replaced this pending one. */
export const trackLoadCancelled = defineAction('list/trackLoadCancelled', { index: t.number });
export const restartRequested = defineAction('list/restartRequested');
export const listEnded = defineAction('list/ended');
export const maxListErrors = defineAction('list/maxListErrors');
export const listRefused = defineAction('list/refused', { code: t.string, err: t.string });
/** The play order decided for shuffle on (drawn from the injected random) or off (list order). */
export const orderChanged = defineAction('list/orderChanged', { shuffle: t.boolean, order: t.array(t.number) });
export const repeatChanged = defineAction('list/repeatChanged', { mode: RepeatMode });

export const listActions = [
  listLoadRequested,
  listAdopted,
  navigationRequested,
  smartPreviousRequested,
  listTrackLoaded,
  listTrackPlaying,
  listTrackPaused,
  listTrackFinished,
  listTrackFailed,
  listClearRequested,
  shuffleRequested,
  repeatRequested,
  trackLoadRequested,
  trackLoadCancelled,
  restartRequested,
  listEnded,
  maxListErrors,
  listRefused,
  orderChanged,
  repeatChanged,
] as const;
