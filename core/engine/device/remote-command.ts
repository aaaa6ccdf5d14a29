import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import { formatDecodeErrors } from '../../model/decode-errors';
import { TP_UNKNOWN_COMMAND, VOLUME_SCALE } from './constants';
import { StateRef } from './state-ref';

/** The dealer URI of track-playback commands and of the play-token-lost message (spec 001 §4 Device service client). */
export const COMMAND_URI = 'hm://track-playback/v1/command';
export const PLAY_TOKEN_LOST_URI = 'hm://track-playback/v1/play-token-lost';

/** message_id: the command's id, which the volume answer names as command_id (spec 001 §7 PUT devices/{id}/volume). */
const SetVolume = t.intersection([t.type({ type: t.literal('set_volume'), volume: t.number }), t.partial({ message_id: t.string })]);
const LogOut = t.type({ type: t.literal('log_out') });
const Ping = t.type({ type: t.literal('ping') });
const ReplaceState = t.intersection([
  t.type({ type: t.literal('replace_state'), state_ref: t.union([StateRef, t.null]), prev_state_ref: t.union([StateRef, t.null]) }),
  t.partial({ state_machine: t.unknown, seek_to: t.number }),
]);

export type ReplaceStateCommand = t.TypeOf<typeof ReplaceState>;

/** spec 001 §4: set_volume, log_out, replace_state and ping are handled; anything else is an unknown command. */
export type DeviceCommand =
  | { readonly kind: 'set_volume'; readonly volume: number; readonly commandId: string | null }
  | { readonly kind: 'log_out' }
  | { readonly kind: 'ping' }
  | { readonly kind: 'replace_state'; readonly command: ReplaceStateCommand }
  | { readonly kind: 'play_token_lost' }
  | { readonly kind: 'rejected'; readonly code: string; readonly err: string };

const unknownCommand = (what: string): DeviceCommand => ({ kind: 'rejected', code: TP_UNKNOWN_COMMAND, err: `Unknown command: ${what}` });

/** Decodes one dealer message meant for the device; the volume arrives on the 0..65535 scale (spec 001 §9). */
export function decodeDeviceCommand(uri: string, payload: unknown): DeviceCommand | null {
  if (uri === PLAY_TOKEN_LOST_URI) return { kind: 'play_token_lost' };
  if (uri !== COMMAND_URI) return null;
  const type = typeof payload === 'object' && payload !== null ? (payload as { type?: unknown }).type : undefined;
  const bad = (errors: t.Errors): DeviceCommand => ({ kind: 'rejected', code: TP_UNKNOWN_COMMAND, err: formatDecodeErrors(errors) });
  switch (type) {
    case 'set_volume': {
      const r = SetVolume.decode(payload);
      if (!isRight(r)) return bad(r.left);
      return { kind: 'set_volume', volume: Math.min(1, Math.max(0, r.right.volume / VOLUME_SCALE)), commandId: r.right.message_id ?? null };
    }
    case 'log_out':
      return isRight(LogOut.decode(payload)) ? { kind: 'log_out' } : unknownCommand('log_out');
    case 'ping':
      return isRight(Ping.decode(payload)) ? { kind: 'ping' } : unknownCommand('ping');
    case 'replace_state': {
      const r = ReplaceState.decode(payload);
      return isRight(r) ? { kind: 'replace_state', command: r.right } : bad(r.left);
    }
    default:
      return unknownCommand(String(type));
  }
}
