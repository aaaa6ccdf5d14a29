// Test support for the connect-state service: dealer frames waited for by what they are (every
// connection of a user receives the cluster messages, so a device's commands and the clusters interleave).
import type { Dealer, PlaybackTestServer } from '../playback/test-client';
import { COMMAND_MESSAGE_IDENT } from '../playback/device-commands';
import { TRACK_PLAYBACK_DEVICES_PATH } from '../playback/track-playback-routes';
import { CLUSTER_URI } from './service';

/** How many frames a wait reads, and how long it waits for one, before it fails (bounds, not timings asserted). */
const MAX_FRAMES = 60;
const FRAME_WAIT_MS = 8000;

export async function nextMatching(dealer: Dealer, match: (frame: any) => boolean, what: string): Promise<any> {
  for (let i = 0; i < MAX_FRAMES; i += 1) {
    let timer: NodeJS.Timeout | undefined;
    const frame = await Promise.race([
      dealer.next(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no frame for ${what}`)), FRAME_WAIT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    if (match(frame)) return frame;
  }
  throw new Error(`${MAX_FRAMES} frames without ${what}`);
}

/** The payload of the next cluster message that satisfies `match`. */
export const nextCluster = (dealer: Dealer, match: (payload: any) => boolean = () => true, what = 'a cluster'): Promise<any> =>
  nextMatching(dealer, (f) => f.type === 'message' && f.uri === CLUSTER_URI && match(f.payloads?.[0]), what).then((f) => f.payloads[0]);

/** The message of the next player command (request frame) the device receives. */
export const nextCommand = (dealer: Dealer, type?: string): Promise<any> =>
  nextMatching(
    dealer,
    (f) => f.type === 'request' && f.message_ident === COMMAND_MESSAGE_IDENT && (type === undefined || f.message?.type === type),
    `a ${type ?? ''} command`,
  ).then((f) => f.message);

/** A track-playback device of the token's user on its own dealer connection. */
export async function registerDevice(
  t: PlaybackTestServer,
  token: string,
  deviceId: string,
  capabilities: Record<string, unknown> = { audio_podcasts: true },
): Promise<Dealer> {
  const dealer = await t.dealer(token, { clusters: true });
  const body = {
    device: { device_id: deviceId, device_type: 'computer', brand: 'partner', model: 'embed', name: `Web Player ${deviceId}`, capabilities },
    connection_id: dealer.connectionId,
    client_version: '3.22.1',
    volume: 65535,
  };
  const answer = await t.request('POST', TRACK_PLAYBACK_DEVICES_PATH, { token, body });
  if (answer.status !== 200) throw new Error(`registration: ${answer.status} ${answer.text}`);
  return dealer;
}

/** The device reports the state it was told (spec 001 §4 state update), at `position` ms. */
export async function reportState(
  t: PlaybackTestServer,
  token: string,
  deviceId: string,
  seq: number,
  stateRef: unknown,
  position: number,
  duration = 200_000,
) {
  const body = { seq_num: seq, state_ref: stateRef, sub_state: { playback_speed: 1, position, duration }, reason: 'started_playing' };
  const answer = await t.request('PUT', `${TRACK_PLAYBACK_DEVICES_PATH}/${deviceId}/state`, { token, body });
  if (answer.status !== 200) throw new Error(`state update: ${answer.status} ${answer.text}`);
}
