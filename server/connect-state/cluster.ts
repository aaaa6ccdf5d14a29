import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { StateMachine } from '../playback/state-machine';
import { DeviceInfo, StateRef, SubState, VOLUME_MAX } from '../playback/wire';

/*
 * The cluster of spec 001 §3 (timestamp, devices map, active_device_id, player_state with track,
 * options, next_tracks, prev_tracks, position_as_of_timestamp, is_paused, session_id, context_uri),
 * derived from the database rows every instance shares: the track-playback devices
 * (playback_devices: descriptor, volume, the machine last commanded and the ref last reported), their
 * last state update (playback_state_updates: the position) and connect_state_users (active device,
 * options). Nothing of it lives only in one process's memory.
 */

/** spec 001 §3 Cluster player_state.options. */
export const PlayerOptions = t.type({ shuffling_context: t.boolean, repeating_context: t.boolean, repeating_track: t.boolean });
export type PlayerOptions = t.TypeOf<typeof PlayerOptions>;
export const NO_OPTIONS: PlayerOptions = { shuffling_context: false, repeating_context: false, repeating_track: false };

/** spec 001 §3 Device (as seen by the controller). */
export interface ClusterDevice {
  readonly id: string;
  readonly name: string;
  /** Lowercased (spec 001 §3). */
  readonly type: string;
  readonly version: string;
  /** 0..1, -1 when the device cannot change its volume (spec 001 §3). */
  readonly volume: number;
  readonly is_active: boolean;
  readonly is_controllable: boolean;
  readonly is_observable: boolean;
  /** The server cannot tell which device is the reader's own: always false, the client marks its own. */
  readonly local: boolean;
  readonly hidden: boolean;
  readonly metadata: Readonly<Record<string, string>>;
}

/** spec 001 §3 Track in a window (what the catalogue knows of it). */
export interface ClusterTrack {
  readonly uri: string;
  readonly id: string;
  readonly type: 'track' | 'episode';
  readonly media_type: 'audio';
  readonly name: string;
  readonly duration_ms: number;
  readonly artists: ReadonlyArray<{ readonly uri: string; readonly name: string }>;
  readonly album: {
    readonly uri: string;
    readonly name: string;
    readonly images: ReadonlyArray<{ readonly url: string; readonly width: number; readonly height: number }>;
  };
  readonly is_playable: boolean;
  /** spec 001 §4 add to queue: 'queue' for a track added to the queue, else 'context' (ours: the spec names no field). */
  readonly provider?: 'queue' | 'context';
}

export interface ClusterPlayerState {
  readonly track: ClusterTrack;
  readonly options: PlayerOptions;
  readonly next_tracks: ClusterTrack[];
  readonly prev_tracks: ClusterTrack[];
  /** The position the device last reported, at `timestamp` (ms since the epoch); it advances from there unless paused. */
  readonly position_as_of_timestamp: number;
  readonly timestamp: number;
  readonly duration: number;
  readonly playback_speed: number;
  readonly is_paused: boolean;
  /** One per play command (the state machine's id): update_context names it (spec 001 §5). */
  readonly session_id: string;
  readonly context_uri: string;
  readonly context_url: string;
}

export interface Cluster {
  readonly timestamp: number;
  readonly active_device_id: string | null;
  readonly devices: Record<string, ClusterDevice>;
  readonly player_state: ClusterPlayerState | null;
}

/**
 * spec 001 §9 Track window: "2 next and 2 previous (up to 5 from cluster)": the cluster carries up
 * to 5 each way, the client keeps 2 of them (core/engine/connect/track-window.ts).
 */
export const CLUSTER_TRACK_WINDOW = 5;

/** A playback device as the connect-state service reads it (the row of playback_devices, decoded). */
export interface DeviceRow {
  readonly id: string;
  readonly connectionId: string;
  readonly info: DeviceInfo;
  readonly clientVersion: string | null;
  /** 0..65535. */
  readonly volume: number;
  readonly machine: StateMachine | null;
  readonly commandedRef: StateRef | null;
  readonly stateRef: StateRef | null;
  readonly lastSeqNum: number;
}

export interface LastUpdate {
  readonly position: number;
  readonly duration: number;
  readonly playbackSpeed: number;
  readonly receivedAt: number;
}

function decoded<A>(codec: t.Decoder<unknown, A>, json: string | null): A | null {
  if (json === null) return null;
  try {
    const result = codec.decode(JSON.parse(json));
    return isRight(result) ? result.right : null;
  } catch {
    return null;
  }
}
export const decodeJson = decoded;

type Reader = Kysely<Database>;

/** The user's devices on live connections (the same rule as the track-playback service's). */
export async function liveDeviceRows(db: Reader, userId: string, live: ReadonlySet<string>): Promise<DeviceRow[]> {
  const rows = await db.selectFrom('playback_devices').selectAll().where('account_id', '=', userId).orderBy('updated_at').execute();
  return rows.flatMap((row) => {
    const info = decoded(DeviceInfo, row.info);
    if (info === null || !live.has(row.connection_id)) return [];
    return [
      {
        id: row.device_id,
        connectionId: row.connection_id,
        info,
        clientVersion: row.client_version,
        volume: Number(row.volume),
        machine: decoded(StateMachine, row.machine),
        commandedRef: decoded(StateRef, row.commanded_ref),
        stateRef: decoded(StateRef, row.state_ref),
        lastSeqNum: Number(row.last_seq_num),
      },
    ];
  });
}

const UpdateBody = t.type({ sub_state: SubState });

/** The device's last state update: where it was, and when that was heard. */
export async function lastUpdateOf(db: Reader, userId: string, deviceId: string): Promise<LastUpdate | null> {
  const row = await db
    .selectFrom('playback_state_updates')
    .select(['body', 'received_at'])
    .where('account_id', '=', userId)
    .where('device_id', '=', deviceId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row === undefined) return null;
  const body = decoded(UpdateBody, row.body);
  if (body === null) return null;
  return {
    position: body.sub_state.position,
    duration: body.sub_state.duration,
    playbackSpeed: body.sub_state.playback_speed,
    receivedAt: Number(row.received_at),
  };
}

/** Where a device's reported state is in its machine: the track index, or null (nothing loaded, or a machine it was not sent). */
export function currentIndexOf(device: DeviceRow): number | null {
  const ref = device.stateRef;
  if (ref === null || device.machine === null || ref.state_machine_id !== device.machine.state_machine_id) return null;
  const index = device.machine.states.findIndex((s) => s.state_id === ref.state_id);
  return index < 0 ? null : index;
}

/** The device's position now: the last reported one, advanced by the time since while playing. */
export function positionNow(device: DeviceRow, update: LastUpdate | null, now: number): number {
  if (update === null) return 0;
  const playing = device.stateRef !== null && !device.stateRef.paused;
  const advanced = update.position + (playing ? Math.max(0, now - update.receivedAt) * (update.playbackSpeed || 1) : 0);
  return Math.max(0, Math.min(Math.round(advanced), update.duration > 0 ? update.duration : advanced));
}

/** spec 001 §3 Device from a registration: volume 0..1 from the §9 scale, -1 without change_volume. */
export function clusterDevice(device: DeviceRow, activeId: string | null): ClusterDevice {
  const metadata = Object.fromEntries(Object.entries(device.info.metadata ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return {
    id: device.id,
    name: device.info.name,
    type: device.info.device_type.toLowerCase(),
    version: device.clientVersion ?? '',
    volume: device.info.capabilities?.change_volume === false ? -1 : Math.round((device.volume / VOLUME_MAX) * 1000) / 1000,
    is_active: device.id === activeId,
    is_controllable: true,
    is_observable: true,
    local: false,
    hidden: false,
    metadata,
  };
}

/**
 * The active device: the one stored (the target of the last play or transfer) while it is live;
 * otherwise the live device that last reported a loaded state; otherwise none.
 */
export function activeDeviceOf(devices: ReadonlyArray<DeviceRow>, stored: string | null): DeviceRow | null {
  const storedDevice = devices.find((d) => d.id === stored);
  if (storedDevice !== undefined) return storedDevice;
  const loaded = devices.filter((d) => currentIndexOf(d) !== null);
  return loaded[loaded.length - 1] ?? null;
}

/** The uris of the states reached from `from` by following one transition, at most `limit` of them (no cycles). */
function walk(machine: StateMachine, from: number, transition: 'skip_next' | 'skip_prev', limit: number): number[] {
  const indexes: number[] = [];
  const seen = new Set([from]);
  let state = machine.states[from];
  while (state !== undefined && indexes.length < limit) {
    const nextId = state.transitions[transition];
    const next = machine.states.findIndex((s) => s.state_id === nextId);
    if (next < 0 || seen.has(next)) break;
    seen.add(next);
    indexes.push(next);
    state = machine.states[next];
  }
  return indexes;
}

type Catalogue = (uris: readonly string[]) => Promise<Map<string, ClusterTrack>>;

/** The player state of the active device (null when it has nothing loaded). */
export async function playerStateOf(
  device: DeviceRow,
  update: LastUpdate | null,
  options: PlayerOptions,
  catalogue: Catalogue,
): Promise<ClusterPlayerState | null> {
  const index = currentIndexOf(device);
  const machine = device.machine;
  const ref = device.stateRef;
  if (index === null || machine === null || ref === null) return null;
  const trackOf = (i: number) => machine.tracks[machine.states[i]?.track ?? -1];
  const next = walk(machine, index, 'skip_next', CLUSTER_TRACK_WINDOW);
  const prev = walk(machine, index, 'skip_prev', CLUSTER_TRACK_WINDOW);
  const uris = [index, ...next, ...prev].flatMap((i) => trackOf(i)?.metadata.uri ?? []);
  const known = await catalogue(uris);
  const window = (i: number): ClusterTrack | null => {
    const meta = trackOf(i)?.metadata;
    if (meta === undefined) return null;
    const provider = meta.provider === 'queue' ? 'queue' : 'context';
    return { ...(known.get(meta.uri) ?? fallbackTrack(meta.uri, meta.name, meta.duration)), provider };
  };
  const track = window(index);
  const current = trackOf(index);
  if (track === null || current === undefined) return null;
  const contextUri = current.metadata.context_uri;
  return {
    track,
    options,
    next_tracks: next.flatMap((i) => window(i) ?? []),
    // In play order, as set_queue takes them: the track just before the current one last.
    prev_tracks: [...prev].reverse().flatMap((i) => window(i) ?? []),
    position_as_of_timestamp: update?.position ?? 0,
    timestamp: update?.receivedAt ?? 0,
    duration: update !== null && update.duration > 0 ? update.duration : current.metadata.duration,
    playback_speed: update?.playbackSpeed ?? 0,
    is_paused: ref.paused,
    session_id: machine.state_machine_id,
    context_uri: contextUri,
    context_url: `context://${contextUri}`,
  };
}

function fallbackTrack(uri: string, name: string, duration: number): ClusterTrack {
  const [, type = 'track', id = ''] = uri.split(':');
  return {
    uri,
    id,
    type: type === 'episode' ? 'episode' : 'track',
    media_type: 'audio',
    name,
    duration_ms: duration,
    artists: [],
    album: { uri: '', name: '', images: [] },
    is_playable: true,
  };
}

/**
 * The catalogue's view of window tracks: name, artists, album with its images (an episode: its show
 * as album and artist). A few queries for the whole window; images under `mediaBase`/media/.
 */
export function createClusterCatalogue(db: Reader, mediaBase: string): Catalogue {
  return async (uris) => {
    const ids = (kind: string) => [...new Set(uris.flatMap((u) => (u.startsWith(`spotify:${kind}:`) ? [u.slice(`spotify:${kind}:`.length)] : [])))];
    const tracks = ids('track');
    const episodes = ids('episode');
    const found = new Map<string, ClusterTrack>();
    const imagesOf = async (ownerType: string, owners: string[]) => {
      const map = new Map<string, Array<{ url: string; width: number; height: number }>>();
      if (owners.length === 0) return map;
      const rows = await db
        .selectFrom('images')
        .select(['owner_id', 'file', 'width', 'height'])
        .where('owner_type', '=', ownerType)
        .where('owner_id', 'in', owners)
        .orderBy('width', 'desc')
        .execute();
      for (const r of rows)
        map.set(r.owner_id, [...(map.get(r.owner_id) ?? []), { url: `${mediaBase}/media/${r.file}`, width: Number(r.width), height: Number(r.height) }]);
      return map;
    };
    if (tracks.length > 0) {
      const rows = await db
        .selectFrom('tracks as t')
        .innerJoin('albums as a', 'a.id', 't.album_id')
        .select(['t.id', 't.name', 't.duration_ms', 'a.id as album_id', 'a.name as album_name'])
        .where('t.id', 'in', tracks)
        .execute();
      const artists = await db
        .selectFrom('track_artists as ta')
        .innerJoin('artists as ar', 'ar.id', 'ta.artist_id')
        .select(['ta.track_id', 'ar.id', 'ar.name'])
        .where('ta.track_id', 'in', tracks)
        .orderBy('ta.position')
        .execute();
      const images = await imagesOf('album', [...new Set(rows.map((r) => r.album_id))]);
      for (const r of rows) {
        found.set(`spotify:track:${r.id}`, {
          uri: `spotify:track:${r.id}`,
          id: r.id,
          type: 'track',
          media_type: 'audio',
          name: r.name,
          duration_ms: Number(r.duration_ms),
          artists: artists.filter((a) => a.track_id === r.id).map((a) => ({ uri: `spotify:artist:${a.id}`, name: a.name })),
          album: { uri: `spotify:album:${r.album_id}`, name: r.album_name, images: images.get(r.album_id) ?? [] },
          is_playable: true,
        });
      }
    }
    if (episodes.length > 0) {
      const rows = await db
        .selectFrom('episodes as e')
        .innerJoin('shows as s', 's.id', 'e.show_id')
        .select(['e.id', 'e.name', 'e.duration_ms', 's.id as show_id', 's.name as show_name', 's.publisher'])
        .where('e.id', 'in', episodes)
        .execute();
      const images = await imagesOf('show', [...new Set(rows.map((r) => r.show_id))]);
      for (const r of rows) {
        found.set(`spotify:episode:${r.id}`, {
          uri: `spotify:episode:${r.id}`,
          id: r.id,
          type: 'episode',
          media_type: 'audio',
          name: r.name,
          duration_ms: Number(r.duration_ms),
          artists: [{ uri: `spotify:show:${r.show_id}`, name: r.publisher }],
          album: { uri: `spotify:show:${r.show_id}`, name: r.show_name, images: images.get(r.show_id) ?? [] },
          is_playable: true,
        });
      }
    }
    return found;
  };
}
