import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import { formatDecodeErrors } from '../../model/decode-errors';
import { VOLUME_SCALE } from './constants';

/*
 * The cluster of spec 001 §3 (timestamp, devices map, active_device_id, player_state) as the
 * controller keeps it: the wire form is decoded leniently (numbers may come as strings, optional
 * fields may be missing) and normalised into the plain, strict shape below, which actions carry.
 */

/** spec 001 §3 Device (as seen by the controller); volume 0..1, -1 if volume is disabled. */
export const ConnectDevice = t.type({
  id: t.string,
  name: t.string,
  type: t.string,
  version: t.string,
  volume: t.number,
  is_active: t.boolean,
  is_controllable: t.boolean,
  is_observable: t.boolean,
  local: t.boolean,
  hidden: t.boolean,
  metadata: t.record(t.string, t.string),
});
export type ConnectDevice = t.TypeOf<typeof ConnectDevice>;

/** A track of the player state: its uri and whatever else the service sent (name, artists, album, duration...). */
export const ClusterTrack = t.intersection([t.type({ uri: t.string }), t.UnknownRecord]);
export type ClusterTrack = t.TypeOf<typeof ClusterTrack>;

export const PlayerOptions = t.type({ shuffling_context: t.boolean, repeating_context: t.boolean, repeating_track: t.boolean });
export type PlayerOptions = t.TypeOf<typeof PlayerOptions>;

/** spec 001 §3 Cluster player_state. */
export const ClusterPlayerState = t.type({
  track: t.union([ClusterTrack, t.null]),
  options: PlayerOptions,
  next_tracks: t.array(ClusterTrack),
  prev_tracks: t.array(ClusterTrack),
  position_as_of_timestamp: t.number,
  /** When the position was read (ms); the cluster's timestamp when the service gave none. */
  timestamp: t.number,
  duration: t.union([t.number, t.null]),
  is_paused: t.boolean,
  session_id: t.union([t.string, t.null]),
  context_uri: t.union([t.string, t.null]),
  context_url: t.union([t.string, t.null]),
});
export type ClusterPlayerState = t.TypeOf<typeof ClusterPlayerState>;

export const Cluster = t.type({
  timestamp: t.number,
  active_device_id: t.union([t.string, t.null]),
  devices: t.record(t.string, ConnectDevice),
  player_state: t.union([ClusterPlayerState, t.null]),
});
export type Cluster = t.TypeOf<typeof Cluster>;

// The wire form: lenient.
const Num = t.union([t.number, t.string]);
const Str = t.union([t.string, t.null, t.undefined]);
const WireDevice = t.partial({
  device_id: t.string,
  id: t.string,
  name: t.string,
  device_type: t.string,
  type: t.string,
  version: t.string,
  client_version: t.string,
  volume: Num,
  is_active: t.boolean,
  is_controllable: t.boolean,
  is_observable: t.boolean,
  hidden: t.boolean,
  metadata: t.UnknownRecord,
  capabilities: t.UnknownRecord,
});
const WireTrack = t.intersection([t.type({ uri: t.string }), t.UnknownRecord]);
const WirePlayerState = t.partial({
  track: t.union([WireTrack, t.null]),
  options: t.partial({ shuffling_context: t.boolean, repeating_context: t.boolean, repeating_track: t.boolean }),
  next_tracks: t.array(WireTrack),
  prev_tracks: t.array(WireTrack),
  position_as_of_timestamp: Num,
  position: Num,
  timestamp: Num,
  duration: Num,
  is_paused: t.boolean,
  session_id: Str,
  context_uri: Str,
  context_url: Str,
});
const WireCluster = t.intersection([
  t.type({ timestamp: Num }),
  t.partial({ active_device_id: Str, devices: t.record(t.string, WireDevice), player_state: t.union([WirePlayerState, t.null]) }),
]);

const num = (v: string | number | undefined, fallback: number): number => {
  const n = typeof v === 'string' ? Number(v) : v;
  return n === undefined || !Number.isFinite(n) ? fallback : n;
};
const text = (v: string | null | undefined): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** spec 001 §3: volume 0..1 (-1 disabled); a volume above 1 is on the §9 scale of 65535. */
export function normaliseVolume(volume: number): number {
  if (volume < 0) return -1;
  return volume > 1 ? Math.min(1, volume / VOLUME_SCALE) : volume;
}

function device(id: string, d: t.TypeOf<typeof WireDevice>, activeId: string | null, localId: string): ConnectDevice {
  const capabilities = d.capabilities ?? {};
  const metadata = Object.fromEntries(Object.entries(d.metadata ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const deviceId = d.device_id ?? d.id ?? id;
  return {
    id: deviceId,
    name: d.name ?? deviceId,
    // spec 001 §3: the type lowercased.
    type: (d.device_type ?? d.type ?? 'unknown').toLowerCase(),
    version: d.version ?? d.client_version ?? '',
    volume: capabilities.change_volume === false ? -1 : normaliseVolume(num(d.volume, -1)),
    is_active: d.is_active ?? deviceId === activeId,
    is_controllable: d.is_controllable ?? true,
    is_observable: d.is_observable ?? true,
    local: deviceId === localId,
    hidden: d.hidden ?? false,
    metadata,
  };
}

/** The wire cluster (a dealer payload or the registration's answer), normalised; `localId` is this client's device. */
export function decodeCluster(raw: unknown, localId: string): { ok: true; cluster: Cluster } | { ok: false; err: string } {
  const decoded = WireCluster.decode(raw);
  if (isLeft(decoded)) return { ok: false, err: `Invalid cluster: ${formatDecodeErrors(decoded.left)}` };
  const w = decoded.right;
  const timestamp = num(w.timestamp, NaN);
  if (!Number.isFinite(timestamp)) return { ok: false, err: 'Invalid cluster: timestamp is not a number' };
  const activeId = text(w.active_device_id);
  const devices = Object.fromEntries(Object.entries(w.devices ?? {}).map(([id, d]) => [id, device(id, d, activeId, localId)]));
  const p = w.player_state ?? null;
  const player_state: ClusterPlayerState | null =
    p === null || p.track === undefined
      ? null
      : {
          track: p.track,
          options: {
            shuffling_context: p.options?.shuffling_context ?? false,
            repeating_context: p.options?.repeating_context ?? false,
            repeating_track: p.options?.repeating_track ?? false,
          },
          next_tracks: p.next_tracks ?? [],
          prev_tracks: p.prev_tracks ?? [],
          position_as_of_timestamp: num(p.position_as_of_timestamp ?? p.position, 0),
          timestamp: num(p.timestamp, timestamp),
          duration: p.duration === undefined ? null : num(p.duration, 0),
          is_paused: p.is_paused ?? true,
          session_id: text(p.session_id),
          context_uri: text(p.context_uri),
          context_url: text(p.context_url),
        };
  return { ok: true, cluster: { timestamp, active_device_id: activeId, devices, player_state } };
}

/** A cluster message's payload: `{ cluster, ack_id?, update_reason? }`, or the cluster itself with its ack_id beside. */
export function decodeClusterMessage(payload: unknown, localId: string): { ok: true; cluster: Cluster; ackId: string | null } | { ok: false; err: string } {
  const record = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const inner = typeof record.cluster === 'object' && record.cluster !== null ? record.cluster : payload;
  const ack = record.ack_id ?? (inner as Record<string, unknown> | null)?.ack_id;
  const decoded = decodeCluster(inner, localId);
  return decoded.ok ? { ...decoded, ackId: typeof ack === 'string' && ack !== '' ? ack : null } : decoded;
}

/** spec 001 §4 Remote-control client: "a state is orphaned when there is a player state but no active device". */
export const isOrphaned = (cluster: Cluster | null): boolean => cluster !== null && cluster.player_state !== null && cluster.active_device_id === null;

/** The position of the player state at `now` (ms), as it advances while playing, clamped to the duration. */
export function positionAt(state: ClusterPlayerState, now: number): number {
  const elapsed = state.is_paused ? 0 : Math.max(0, now - state.timestamp);
  const position = state.position_as_of_timestamp + elapsed;
  return state.duration === null ? position : Math.min(position, state.duration);
}

const WireDeviceList = t.type({ devices: t.array(WireDevice) });

/** spec 001 §3 device list (devices), as GET /me/player/devices answers it: each entry normalised as the cluster's. */
export function decodeDeviceList(raw: unknown, localId: string): { ok: true; devices: ConnectDevice[] } | { ok: false; err: string } {
  const decoded = WireDeviceList.decode(raw);
  if (isLeft(decoded)) return { ok: false, err: `Invalid device list: ${formatDecodeErrors(decoded.left)}` };
  const activeId = decoded.right.devices.find((d) => d.is_active === true);
  return {
    ok: true,
    devices: decoded.right.devices.map((d, i) => device(d.device_id ?? d.id ?? String(i), d, activeId?.device_id ?? activeId?.id ?? null, localId)),
  };
}
