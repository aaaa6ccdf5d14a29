import { MEDIA_ERRORS } from '../../contract';

/**
 * spec 001 §4 Media player: when the last error was a decode or not-supported media error on a
 * protected non-ad track, stop marks the next error as fatal. §8 Media: decode and not-supported
 * are fatal only under this fatal-on-next flag (a retry of such a track would fail again; the
 * second failure must not loop the list player).
 */
export interface FatalOnNextState {
  /** Whether the last error qualified (decode/not-supported, protected, not an ad). */
  readonly lastErrorQualifies: boolean;
  /** Set by stop after a qualifying error; consumed by the next error. */
  readonly fatalOnNext: boolean;
}

export interface TrackKind {
  readonly protected: boolean;
  readonly isAd: boolean;
}

export const initialFatalOnNext: FatalOnNextState = { lastErrorQualifies: false, fatalOnNext: false };

/** The codes of MediaError 3 (decode) and 4 (not supported), from the one catalogue of core/contract/failures.ts. */
const QUALIFYING_CODES: readonly string[] = [MEDIA_ERRORS[3]?.code, MEDIA_ERRORS[4]?.code].filter((code): code is string => code !== undefined);

export function qualifiesForFatalOnNext(errorCode: string, track: TrackKind): boolean {
  return QUALIFYING_CODES.includes(errorCode) && track.protected && !track.isAd;
}

/**
 * An error happened: says whether it is fatal by the flag (set by an earlier stop), consumes the
 * flag and remembers whether this error qualifies for the next stop.
 */
export function recordError(state: FatalOnNextState, errorCode: string, track: TrackKind): { readonly state: FatalOnNextState; readonly fatal: boolean } {
  return {
    state: { lastErrorQualifies: qualifiesForFatalOnNext(errorCode, track), fatalOnNext: false },
    fatal: state.fatalOnNext,
  };
}

/** Stop: marks the next error fatal when the last error qualified. */
export function recordStop(state: FatalOnNextState): FatalOnNextState {
  return { ...state, fatalOnNext: state.lastErrorQualifies };
}
