import { MAX_LIST_ERRORS, NavigationReason, NO_LIST, REASON_REQUIRED, type RepeatMode, type ResultCode } from './constants';

export interface ListTrack {
  readonly uri: string;
  readonly playable: boolean;
  /** Added to the queue (spec 001 §4 add to queue): under shuffle it still plays next, in the order queued. */
  readonly queued?: boolean;
}

/** spec 001 §4 List player: no list, list loaded, track loading, playing or paused, list ended (cleared). */
export type ListStatus = 'noList' | 'listLoaded' | 'trackLoading' | 'playing' | 'paused';

export interface ListPlayerState {
  readonly status: ListStatus;
  readonly tracks: ReadonlyArray<ListTrack>;
  /** The play order: track indices, in list order unless shuffled (spec 001 §3 Playback state: shuffle). */
  readonly order: ReadonlyArray<number>;
  /** Where in `order` the current track is; before the first track, one before where the first next lands. */
  readonly position: number;
  /** The current track (order[position]); -1 before the first. */
  readonly index: number;
  /** Errors counted per list (spec 001 §4), reset when a track plays (§9: consecutive). */
  readonly errors: number;
  /** Player options (spec 001 §3 Playback state: shuffle, repeat_mode): they outlive a list. */
  readonly shuffle: boolean;
  readonly repeat: RepeatMode;
}

export const emptyList: ListPlayerState = { status: 'noList', tracks: [], order: [], position: -1, index: -1, errors: 0, shuffle: false, repeat: 'OFF' };

export type Step =
  | { readonly kind: 'load'; readonly index: number; readonly uri: string; readonly reason: NavigationReason }
  | { readonly kind: 'listEnded' }
  | { readonly kind: 'maxListErrors' }
  | { readonly kind: 'stay' }
  /** spec 001 §4 Smart previous: restart the current track. */
  | { readonly kind: 'restart' }
  | { readonly kind: 'refused'; readonly code: ResultCode; readonly err: string };

export type Direction = 'next' | 'previous';

const identity = (length: number): number[] => Array.from({ length }, (_, i) => i);

/**
 * spec 001 §4 List player: a loaded list, before its first track: the first next lands on the
 * start track, or the first playable one after it (a context played from its third track starts
 * there). The options (shuffle, repeat) are the player's and carry over; a shuffled order for the
 * new list is drawn by the list epic (shuffledOrder) and arrives as list/orderChanged.
 */
export const loadList = (
  tracks: ReadonlyArray<ListTrack>,
  startIndex = 0,
  options: Pick<ListPlayerState, 'shuffle' | 'repeat'> = emptyList,
): ListPlayerState => ({
  status: 'listLoaded',
  tracks,
  order: identity(tracks.length),
  position: startIndex - 1,
  index: -1,
  errors: 0,
  shuffle: options.shuffle,
  repeat: options.repeat,
});

/**
 * A new list around the track playing (spec 001 §4 add to queue): the tracks are replaced, track
 * `index` stays current (in list order; a shuffled order for it is drawn by the list epic), and
 * the status, the run of errors and the options go on. With no track current (no list, or one
 * still before its first track) nothing plays to go on from: the list is unchanged.
 */
export function adoptList(state: ListPlayerState, tracks: ReadonlyArray<ListTrack>, index: number): ListPlayerState {
  if (state.index < 0 || index < 0 || index >= tracks.length) return state;
  return { ...state, tracks, order: identity(tracks.length), position: index, index };
}

/** The index a move lands on in list order, skipping unplayable tracks (spec 001 §4); null past either end. */
export function landing(tracks: ReadonlyArray<ListTrack>, from: number, direction: Direction): number | null {
  const step = direction === 'next' ? 1 : -1;
  for (let i = from + step; i >= 0 && i < tracks.length; i += step) if (tracks[i]?.playable === true) return i;
  return null;
}

/**
 * The position in the play order a move lands on, skipping unplayable tracks. Under repeat
 * (CONTEXT or TRACK: spec 001 §3 Repeat modes) the order wraps around, the current track last;
 * otherwise null past either end.
 */
export function landingPosition(state: ListPlayerState, direction: Direction): number | null {
  const n = state.order.length;
  const step = direction === 'next' ? 1 : -1;
  const wrap = state.repeat !== 'OFF';
  for (let k = 1; k <= n; k += 1) {
    const raw = state.position + step * k;
    if (!wrap && (raw < 0 || raw >= n)) return null;
    const p = ((raw % n) + n) % n;
    if (state.tracks[state.order[p] ?? -1]?.playable === true) return p;
  }
  return null;
}

/** Whether a previous track exists for smart previous (spec 001 §4): under repeat it wraps. */
export const hasPrevious = (state: ListPlayerState): boolean => state.index >= 0 && landingPosition(state, 'previous') !== null;

const loadAt = (state: ListPlayerState, position: number, reason: NavigationReason): Step => {
  const index = state.order[position] ?? -1;
  return { kind: 'load', index, uri: state.tracks[index]?.uri ?? '', reason };
};

/**
 * spec 001 §4 List player: next or previous moves through the list (in play order) skipping
 * unplayable tracks; past the end a list-ended event fires (the list then clears), unless repeat
 * wraps it round. spec 001 §5: a navigation needs a reason ('The argument `reason` is required.')
 * and a list ('Cannot perform operation; no list was loaded.'). Before the first track there is
 * no previous one: OUT_OF_BOUNDS.
 */
export function navigate(state: ListPlayerState, direction: Direction, reason: unknown): Step {
  if (!NavigationReason.is(reason)) return { kind: 'refused', code: 'INVALID', err: REASON_REQUIRED };
  if (state.status === 'noList') return { kind: 'refused', code: 'NO_LIST', err: NO_LIST };
  const position = landingPosition(state, direction);
  if (position === null) return direction === 'next' ? { kind: 'listEnded' } : { kind: 'refused', code: 'OUT_OF_BOUNDS', err: 'OUT_OF_BOUNDS' };
  return loadAt(state, position, reason);
}

/**
 * spec 001 §4: "Track finish moves next (reason trackdone)"; under repeat TRACK (§3 Repeat modes)
 * the finished track plays again. A skip by the listener still moves on (navigate).
 */
export function onTrackFinished(state: ListPlayerState): Step {
  if (state.repeat === 'TRACK' && state.tracks[state.index]?.playable === true) return loadAt(state, state.position, 'trackdone');
  return navigate(state, 'next', 'trackdone');
}

/**
 * spec 001 §4: "track timeout or error moves next (reason trackerror). Errors are counted per
 * list; when the count exceeds 5 and the error allows playing next, a max-list-errors event fires
 * instead of advancing." `errors` is the count including this error (see the reducer). A failed
 * track is never repeated, even under repeat TRACK.
 */
export function onTrackError(errors: number, state: ListPlayerState, allowsNext: boolean): Step {
  if (!allowsNext) return { kind: 'stay' };
  if (errors > MAX_LIST_ERRORS) return { kind: 'maxListErrors' };
  return navigate(state, 'next', 'trackerror');
}

/**
 * A shuffled play order of `length` tracks (Fisher–Yates over `draw`, the injected random in
 * [0, 1)): the anchor first (the current track, or the one the first next lands on, so turning
 * shuffle on never changes what plays), then the `queued` tracks in their order (spec 001 §4 add
 * to queue: the queue is never shuffled), the others after them in random order.
 */
export function shuffledOrder(length: number, anchor: number, draw: () => number, queued: ReadonlyArray<number> = []): number[] {
  const first = queued.filter((i) => i !== anchor && i >= 0 && i < length);
  const rest = identity(length).filter((i) => i !== anchor && !first.includes(i));
  for (let i = rest.length - 1; i > 0; i -= 1) {
    const j = Math.min(i, Math.floor(draw() * (i + 1)));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return anchor >= 0 && anchor < length ? [anchor, ...first, ...rest] : [...first, ...rest];
}

/** The track the current position stands for: the current one, else the one the first next lands on. */
export const anchorOf = (state: ListPlayerState): number => (state.index >= 0 ? state.index : (state.order[state.position + 1] ?? -1));

/**
 * A new play order (shuffle on or off): the position follows the anchor, so the current track
 * stays current and the first next still lands where it would. An order that is not a
 * permutation of this list (drawn for a list since replaced) is not applied; the flag is.
 */
export function reorder(state: ListPlayerState, shuffle: boolean, order: ReadonlyArray<number>): ListPlayerState {
  const n = state.tracks.length;
  const permutation = order.length === n && new Set(order).size === n && order.every((i) => Number.isInteger(i) && i >= 0 && i < n);
  if (!permutation) return { ...state, shuffle };
  const anchor = anchorOf(state);
  const at = order.indexOf(anchor);
  const position = state.index >= 0 ? at : at < 0 ? state.position : at - 1;
  return { ...state, shuffle, order, position };
}

/** The unshuffled order of a list. */
export const listOrder = (state: ListPlayerState): number[] => identity(state.tracks.length);
