import type { StateMachine } from './state-machine';
import type { DeviceInfo, StateRef } from './wire';

/*
 * The devices registered with the track-playback service, in memory: a device lives as long as
 * its dealer connection (spec 001 §4: the client re-registers on each new connection id), so a
 * restart of the server, which drops every connection, forgets them rightly.
 */

/** spec 001 §7 '429 Max connections reached': how many live devices one user may have (ours). */
export const MAX_DEVICES_PER_USER = 10;

export interface Device {
  readonly id: string;
  readonly userId: string;
  connectionId: string;
  info: DeviceInfo;
  clientVersion: string | undefined;
  /** 0..65535 (spec 001 §9 volume scale). */
  volume: number;
  /** The machine of the last replace_state sent to it, and the state it was told to be in. */
  machine: StateMachine | null;
  commandedRef: StateRef | null;
  /** The state ref of its last state update (null: nothing loaded). */
  stateRef: StateRef | null;
  lastSeqNum: number;
}

export interface DeviceRegistry {
  get(userId: string, deviceId: string): Device | undefined;
  /** The user's devices whose connection is still live (others are forgotten first). */
  live(userId: string): Device[];
  /** Adds or replaces (same id: a re-registration on a new connection). false when the user is at the limit. */
  register(device: Device): boolean;
  remove(userId: string, deviceId: string): boolean;
}

export function createDeviceRegistry(isLive: (connectionId: string) => boolean, max = MAX_DEVICES_PER_USER): DeviceRegistry {
  const byUser = new Map<string, Map<string, Device>>();
  const devicesOf = (userId: string): Map<string, Device> => {
    let devices = byUser.get(userId);
    if (devices === undefined) byUser.set(userId, (devices = new Map()));
    return devices;
  };
  const prune = (userId: string): Map<string, Device> => {
    const devices = devicesOf(userId);
    for (const [id, device] of devices) if (!isLive(device.connectionId)) devices.delete(id);
    return devices;
  };
  return {
    get: (userId, deviceId) => byUser.get(userId)?.get(deviceId),
    live: (userId) => [...prune(userId).values()],
    register: (device) => {
      const devices = prune(device.userId);
      if (!devices.has(device.id) && devices.size >= max) return false;
      devices.set(device.id, device);
      return true;
    },
    remove: (userId, deviceId) => byUser.get(userId)?.delete(deviceId) ?? false,
  };
}
