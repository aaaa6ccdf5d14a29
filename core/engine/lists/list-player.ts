import { MAX_LIST_ERRORS, NavigationReason, NO_LIST, REASON_REQUIRED, type ResultCode } from './constants';

export interface ListTrack {
  readonly uri: string;
  readonly playable: boolean;
}

/** spec 001 §4 List player: no list, list loaded, track loading, playing or paused, list ended (cleared). */
export type ListStatus = 'noList' | 'listLoaded' | 'trackLoading' | 'playing' | 'paused';

export interface ListPlayerState {
  readonly status: ListStatus;
  readonly tracks: ReadonlyArray<ListTrack>;
  /** The current track; -1 before the first. */
  readonly index: number;
  /** Errors counted per list (spec 001 §4), reset when a track plays (§9: consecutive). */
  readonly errors: number;
}

export const emptyList: ListPlayerState = { status: 'noList', tracks: [], index: -1, errors: 0 };

export type Step =
  | { readonly kind: 'load'; readonly index: number; readonly uri: string; readonly reason: NavigationReason }
  | { readonly kind: 'listEnded' }
  | { readonly kind: 'maxListErrors' }
  | { readonly kind: 'stay' }
  /** spec 001 §4 Smart previous: restart the current track. */
  | { readonly kind: 'restart' }
  | { readonly kind: 'refused'; readonly code: ResultCode; readonly err: string };

export type Direction = 'next' | 'previous';

/**
 * spec 001 §4 List player: a loaded list, before its first track: the first next lands on the
 * start track, or the first playable one after it (a context played from its third track starts there).
 */
export const loadList = (tracks: ReadonlyArray<ListTrack>, startIndex = 0): ListPlayerState => ({
  status: 'listLoaded',
  tracks,
  index: startIndex - 1,
  errors: 0,
});

/** The index a move lands on, skipping unplayable tracks (spec 001 §4); null past either end. */
export function landing(tracks: ReadonlyArray<ListTrack>, from: number, direction: Direction): number | null {
  const step = direction === 'next' ? 1 : -1;
  for (let i = from + step; i >= 0 && i < tracks.length; i += step) if (tracks[i]?.playable === true) return i;
  return null;
}

/**
 * spec 001 §4 List player: next or previous moves through the list skipping unplayable tracks;
 * past the end a list-ended event fires (the list then clears). spec 001 §5: a navigation needs a
 * reason ('The argument `reason` is required.') and a list ('Cannot perform operation; no list was loaded.').
 * Before the first track there is no previous one: OUT_OF_BOUNDS.
 */
export function navigate(state: ListPlayerState, direction: Direction, reason: unknown): Step {
  if (!NavigationReason.is(reason)) return { kind: 'refused', code: 'INVALID', err: REASON_REQUIRED };
  if (state.status === 'noList') return { kind: 'refused', code: 'NO_LIST', err: NO_LIST };
  const index = landing(state.tracks, state.index, direction);
  if (index === null) return direction === 'next' ? { kind: 'listEnded' } : { kind: 'refused', code: 'OUT_OF_BOUNDS', err: 'OUT_OF_BOUNDS' };
  return { kind: 'load', index, uri: state.tracks[index]?.uri ?? '', reason };
}

/** spec 001 §4: "Track finish moves next (reason trackdone)". */
export const onTrackFinished = (state: ListPlayerState): Step => navigate(state, 'next', 'trackdone');

/**
 * spec 001 §4: "track timeout or error moves next (reason trackerror). Errors are counted per
 * list; when the count exceeds 5 and the error allows playing next, a max-list-errors event fires
 * instead of advancing." `errors` is the count including this error (see the reducer).
 */
export function onTrackError(errors: number, state: ListPlayerState, allowsNext: boolean): Step {
  if (!allowsNext) return { kind: 'stay' };
  if (errors > MAX_LIST_ERRORS) return { kind: 'maxListErrors' };
  return navigate(state, 'next', 'trackerror');
}
