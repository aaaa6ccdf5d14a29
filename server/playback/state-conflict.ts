import type { DeviceCommand } from './device-commands';
import type { Device } from './device-registry';
import type { StateRef } from './wire';

export const sameRef = (a: StateRef | null, b: StateRef | null): boolean =>
  a === b || (a !== null && b !== null && a.state_machine_id === b.state_machine_id && a.state_id === b.state_id && a.paused === b.paused);

/**
 * The commands answering a state conflict (spec 001 §4: a replace_state whose previous ref is not
 * the device's current one is ignored and reported). Unless the device already reports the state
 * the service last commanded, the machine is sent again, from the device's reported ref to the
 * commanded one, so the device can apply it. The rejected refs are stored by the caller only as
 * a record; what matters is where the device is now. seekTo: where the state goes on from, for a
 * device that reports no state (a reloaded engine claiming what it played, spec 001 §4).
 */
export function commandsAfterConflict(device: Device, seekTo?: number): DeviceCommand[] {
  if (device.machine === null || device.commandedRef === null || sameRef(device.stateRef, device.commandedRef)) return [];
  return [
    {
      type: 'replace_state',
      state_machine: device.machine,
      state_ref: device.commandedRef,
      prev_state_ref: device.stateRef,
      ...(seekTo === undefined ? {} : { seek_to: seekTo }),
    },
  ];
}
