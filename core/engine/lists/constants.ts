import * as t from 'io-ts';

/** The list player's and client's constants and messages, each from spec 001 (§4, §5, §9). */

/** spec 001 §4 List player: navigation reasons. */
export const NavigationReason = t.keyof({
  appload: null,
  backbtn: null,
  clickrow: null,
  clickside: null,
  endplay: null,
  fwdbtn: null,
  logout: null,
  playbtn: null,
  popup: null,
  remote: null,
  trackdone: null,
  trackerror: null,
  unknown: null,
  uriopen: null,
});
export type NavigationReason = t.TypeOf<typeof NavigationReason>;

/** spec 001 §3 Repeat modes: OFF, CONTEXT, TRACK. */
export const RepeatMode = t.keyof({ OFF: null, CONTEXT: null, TRACK: null });
export type RepeatMode = t.TypeOf<typeof RepeatMode>;

/** spec 001 §9 Max consecutive list errors: 5 (max-list-errors fires when the count exceeds it). */
export const MAX_LIST_ERRORS = 5;
/** spec 001 §9 Seek step 15000 ms; previous threshold 3000 ms. */
export const SEEK_STEP_MS = 15000;
export const PREVIOUS_THRESHOLD_MS = 3000;

/** spec 001 §5 messages, verbatim. */
export const REASON_REQUIRED = 'The argument `reason` is required.';
export const NO_LIST = 'Cannot perform operation; no list was loaded.';
export const NOT_ALLOWED = 'The operation is not allowed.';
export const INVALID_REPEAT_MODE = 'The value of repeat mode is not a correct RepeatMode enum value';
/** spec 001 §8 Client state, verbatim. */
export const PLAYER_DISABLED = 'Cannot perform command; local player is disabled.';
export const CANNOT_SWITCH_CONTEXT = 'Cannot switch to a new context.';
export const INVALID_TRACK_SEEK = 'Seeking not allowed with invalid track.';
export const NO_CURRENT_STATE = 'No current state.';
/** spec 001 §4 Smart previous: the skip restriction reason under which no new context may start. */
export const AD_REASON = 'ad';

/** spec 001 §3 Player result codes used by the list player. */
export type ResultCode = 'INVALID' | 'FORBIDDEN' | 'OUT_OF_BOUNDS' | 'NO_LIST' | 'LIST_END' | 'CANCELLED';
