import type { NavigationReason } from '../lists/constants';
import type { StateMachine } from './state-machine';
import type { LicenseType } from './product-state.epic';

/** The player glue's own state: what the widget's events are made of, and what a track load needs. */
export interface PlayerState {
  /** spec 001 §4 Client lifecycle: initialised on the first pointer entry or the first command. */
  readonly initialised: boolean;
  /** Drawn by the client at start-up; playback ids are made from it (playback-id.ts). */
  readonly instanceId: string;
  /** How many playbacks have started. */
  readonly playbacks: number;
  /** The machine of the last replace_state that started a context (spec 001 §4). */
  readonly machine: StateMachine | null;
  /** The machine's track the media player has (or is loading); null when nothing is loaded. */
  readonly trackIndex: number | null;
  /** The navigation reason of the context play this client asked for, for its first track. */
  readonly pendingReason: NavigationReason | null;
  /** Where the next track load starts (a replace_state's seek_to), consumed by the load. */
  readonly startMs: number;
  /** Whether the next track load plays at once (a replace_state's paused flag). */
  readonly autoplay: boolean;
  /** The current playback's tracking id (spec 001 §3 tracking record). */
  readonly playbackId: string | null;
  readonly failure: string | null;
  /**
   * spec 001 §4 Client lifecycle: why the local player is disabled by an unrecoverable playback
   * error (its message), until the device registers again; null while it is not.
   */
  readonly disabled: string | null;
  /**
   * spec 001 §6 licence type of a logged-in listener, from the product state read at start and
   * after each push ('on-demand' when it could not be read); null until it was read.
   */
  readonly licenseType: LicenseType | null;
}

export const initialPlayerState: PlayerState = {
  initialised: false,
  instanceId: '',
  playbacks: 0,
  machine: null,
  trackIndex: null,
  pendingReason: null,
  startMs: 0,
  autoplay: true,
  playbackId: null,
  failure: null,
  disabled: null,
  licenseType: null,
};

export interface PlayerSlice {
  readonly player: PlayerState;
}
