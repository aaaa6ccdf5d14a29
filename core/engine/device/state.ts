import { INITIAL_VOLUME } from './constants';
import type { RegistrationStatus } from './registration';
import type { StateRef } from './state-ref';

/** The device client as the reducer keeps it (spec 001 §4 Device service client). */
export interface DeviceState {
  readonly registration: RegistrationStatus;
  /** The connection id the device is registered (or registering) for: a new one re-registers. */
  readonly connectionId: string | null;
  /** The current state ref; null when the state is empty. */
  readonly stateRef: StateRef | null;
  readonly paused: boolean;
  readonly volume: number;
  /** Refs rejected by replace_state, waiting for state_conflict (spec 001 §7, up to 5 per request). */
  readonly rejectedRefs: ReadonlyArray<StateRef>;
  readonly lastError: string | null;
  readonly lastSeq: number;
  /**
   * spec 001 §4 State update sends: queued while one is in flight unless the experiment cell
   * 'send all state updates' is on. Limited until the cell is known, and when its fetch fails (§8).
   */
  readonly limitStateUpdates: boolean;
}

export interface DeviceSlice {
  readonly device: DeviceState;
}

export const initialDeviceState: DeviceState = {
  registration: 'unregistered',
  connectionId: null,
  stateRef: null,
  paused: true,
  volume: INITIAL_VOLUME,
  rejectedRefs: [],
  lastError: null,
  lastSeq: 0,
  limitStateUpdates: true,
};
