import { randomBytes } from 'node:crypto';
import type { DealerPush } from '../dealer/dealer';
import type { StateMachine } from './state-machine';
import type { StateRef } from './wire';

/*
 * The remote commands a device handles (spec 001 §4 Device service client: set_volume, log_out,
 * replace_state, ping), sent over the dealer as request frames whose message is the command
 * (core/engine/device/remote-command.ts decodes it by its `type`):
 * `{ type: 'request', key, message_ident: 'hm://track-playback/v1/command',
 *    message: { type, ...fields, message_id, sent_by_device_id } }`.
 */

export const COMMAND_MESSAGE_IDENT = 'hm://track-playback/v1/command';

export type DeviceCommand =
  | {
      readonly type: 'replace_state';
      readonly state_machine: StateMachine;
      readonly state_ref: StateRef | null;
      readonly prev_state_ref: StateRef | null;
      /** A seek within the same state (spec 001 §4 replace_state: same state id → pause/resume and an optional seek). */
      readonly seek_to?: number;
    }
  | { readonly type: 'set_volume'; readonly volume: number }
  | { readonly type: 'ping' }
  | { readonly type: 'log_out' };

export const newCommandId = (): string => randomBytes(16).toString('hex');

/** The dealer request carrying one command; message_id is also the command_id a volume answer names. */
export function commandPush(command: DeviceCommand, from: string, messageId = newCommandId()): DealerPush {
  return { type: 'request', message_ident: COMMAND_MESSAGE_IDENT, message: { ...command, message_id: messageId, sent_by_device_id: from } };
}
