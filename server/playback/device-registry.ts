import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import type { Db } from '../db/open-database';
import { StateMachine } from './state-machine';
import { DeviceInfo, StateRef } from './wire';

/*
 * The devices registered with the track-playback service and their player state, kept in SQLite
 * (table playback_devices). A trusted service keeps what a device plays over its own restart: the
 * engine reconnects to the dealer and re-registers on the new connection id (spec 001 §4), and
 * finds its machine, refs, sequence number and volume where they were, so a remote command (or a
 * state conflict) after the restart still knows the context. A device counts toward the per-user
 * limit, and is commanded, only while its dealer connection is live; one whose connection has been
 * gone for DEVICE_RETENTION_MS is deleted. Which connections are live is the caller's to say
 * (app.realtime.liveConnections: on any instance, issue 14), asked before each call.
 */

/** spec 001 §7 '429 Max connections reached': how many live devices one user may have (ours). */
export const MAX_DEVICES_PER_USER = 10;
/** How long a device without a live connection keeps its row (ours): long past any restart or reconnect. */
export const DEVICE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

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
  /** The device as stored (its connection may be gone: it is found again after a restart). */
  get(userId: string, deviceId: string): Device | undefined;
  /** The user's devices whose connection is among the user's live connections. */
  live(userId: string, liveConnections: ReadonlySet<string>): Device[];
  /** Adds or replaces (same id: a re-registration on a new connection). false when the user is at the limit (counting devices on live connections). */
  register(device: Device, liveConnections: ReadonlySet<string>): boolean;
  /** Stores a device's changed fields (the routes change a Device they got, then save it). */
  save(device: Device): void;
  remove(userId: string, deviceId: string): boolean;
}

interface Row {
  readonly account_id: string;
  readonly device_id: string;
  readonly connection_id: string;
  readonly info: string;
  readonly client_version: string | null;
  readonly volume: number;
  readonly machine: string | null;
  readonly commanded_ref: string | null;
  readonly state_ref: string | null;
  readonly last_seq_num: number;
}

/** A stored JSON column read back through its codec; a row that does not decode reads as nothing stored. */
function decoded<A>(codec: t.Decoder<unknown, A>, json: string | null): A | null {
  if (json === null) return null;
  try {
    const result = codec.decode(JSON.parse(json));
    return isRight(result) ? result.right : null;
  } catch {
    return null;
  }
}

function deviceOf(row: Row): Device | undefined {
  const info = decoded(DeviceInfo, row.info);
  if (info === null) return undefined;
  return {
    id: row.device_id,
    userId: row.account_id,
    connectionId: row.connection_id,
    info,
    clientVersion: row.client_version ?? undefined,
    volume: row.volume,
    machine: decoded(StateMachine, row.machine),
    commandedRef: decoded(StateRef, row.commanded_ref),
    stateRef: decoded(StateRef, row.state_ref),
    lastSeqNum: row.last_seq_num,
  };
}

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

export function createDeviceRegistry(db: Db, options: { readonly max?: number; readonly now?: () => number } = {}): DeviceRegistry {
  const max = options.max ?? MAX_DEVICES_PER_USER;
  const now = options.now ?? Date.now;
  const one = db.prepare('SELECT * FROM playback_devices WHERE account_id = ? AND device_id = ?');
  const ofUser = db.prepare('SELECT * FROM playback_devices WHERE account_id = ? ORDER BY updated_at');
  const upsert = db.prepare(
    `INSERT INTO playback_devices (account_id, device_id, connection_id, info, client_version, volume, machine, commanded_ref, state_ref, last_seq_num, updated_at)
     VALUES (@account_id, @device_id, @connection_id, @info, @client_version, @volume, @machine, @commanded_ref, @state_ref, @last_seq_num, @updated_at)
     ON CONFLICT (account_id, device_id) DO UPDATE SET connection_id = excluded.connection_id, info = excluded.info,
       client_version = excluded.client_version, volume = excluded.volume, machine = excluded.machine,
       commanded_ref = excluded.commanded_ref, state_ref = excluded.state_ref, last_seq_num = excluded.last_seq_num,
       updated_at = excluded.updated_at`,
  );
  const deleteOne = db.prepare('DELETE FROM playback_devices WHERE account_id = ? AND device_id = ?');
  const rowsOf = (userId: string): Row[] => ofUser.all(userId) as Row[];
  const store = (device: Device): void => {
    upsert.run({
      account_id: device.userId,
      device_id: device.id,
      connection_id: device.connectionId,
      info: JSON.stringify(device.info),
      client_version: device.clientVersion ?? null,
      volume: device.volume,
      machine: json(device.machine),
      commanded_ref: json(device.commandedRef),
      state_ref: json(device.stateRef),
      last_seq_num: device.lastSeqNum,
      updated_at: now(),
    });
  };
  /** Deletes the user's devices whose connection has been gone for the retention period. */
  const purge = (userId: string, liveConnections: ReadonlySet<string>): void => {
    const cutoff = now() - DEVICE_RETENTION_MS;
    for (const row of ofUser.all(userId) as Array<Row & { updated_at: number }>) {
      if (row.updated_at < cutoff && !liveConnections.has(row.connection_id)) deleteOne.run(userId, row.device_id);
    }
  };
  return {
    get: (userId, deviceId) => {
      const row = one.get(userId, deviceId) as Row | undefined;
      return row === undefined ? undefined : deviceOf(row);
    },
    live: (userId, liveConnections) => rowsOf(userId).filter((row) => liveConnections.has(row.connection_id)).flatMap((row) => deviceOf(row) ?? []),
    register: db.transaction((device: Device, liveConnections: ReadonlySet<string>): boolean => {
      purge(device.userId, liveConnections);
      const others = rowsOf(device.userId).filter((row) => row.device_id !== device.id && liveConnections.has(row.connection_id));
      if (others.length >= max) return false;
      store(device);
      return true;
    }),
    save: store,
    remove: (userId, deviceId) => deleteOne.run(userId, deviceId).changes > 0,
  };
}
