import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { StateMachine } from './state-machine';
import { DeviceInfo, StateRef } from './wire';

/*
 * The devices registered with the track-playback service and their player state, kept in the
 * configured database (table playback_devices; SQLite or Postgres, issue 14: any instance finds them). A trusted service keeps what a device plays over its own restart: the
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
  get(userId: string, deviceId: string): Promise<Device | undefined>;
  /** The user's devices whose connection is among the user's live connections. */
  live(userId: string, liveConnections: ReadonlySet<string>): Promise<Device[]>;
  /** Adds or replaces (same id: a re-registration on a new connection). false when the user is at the limit (counting devices on live connections). */
  register(device: Device, liveConnections: ReadonlySet<string>): Promise<boolean>;
  /**
   * Stores every field of the device as given (a whole copy: what another instance changed since it
   * was read is overwritten). The routes use update, which writes only what they change.
   */
  save(device: Device): Promise<void>;
  /**
   * Changes only the named fields of a stored device, in one statement, and answers the device as
   * stored after it (undefined when there is none). `seqNum` raises the sequence number, never lowers it.
   * `alongside` writes more in the same transaction (a state update's stored body): a reader sees both or neither.
   */
  update(userId: string, deviceId: string, changes: DeviceChanges, alongside?: Alongside): Promise<Device | undefined>;
  remove(userId: string, deviceId: string): Promise<boolean>;
}

/** Writes that must land with a device change, on its transaction. */
export type Alongside = (trx: Kysely<Database>, device: Device) => Promise<void>;

/** What one request changes in a stored device (issue 14: two instances change one device at once). */
export interface DeviceChanges {
  readonly connectionId?: string;
  readonly info?: DeviceInfo;
  readonly clientVersion?: string;
  readonly volume?: number;
  readonly machine?: StateMachine | null;
  readonly commandedRef?: StateRef | null;
  readonly stateRef?: StateRef | null;
  /** A sequence number seen: the stored one becomes the larger of the two. */
  readonly seqNum?: number;
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

type StoredValues = Omit<Row, 'account_id' | 'device_id'> & { readonly updated_at: number };

/**
 * What a re-registration (spec 001 §4: the same device on a new connection id) overwrites: the
 * player state (machine, refs, sequence number) stays as stored, whatever instance changed it last.
 */
const REGISTRATION_COLUMNS: ReadonlyArray<keyof StoredValues> = ['connection_id', 'info', 'client_version', 'volume', 'updated_at'];

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

export function createDeviceRegistry(db: Kysely<Database>, options: { readonly max?: number; readonly now?: () => number } = {}): DeviceRegistry {
  const max = options.max ?? MAX_DEVICES_PER_USER;
  const now = options.now ?? Date.now;
  const rowsOf = (trx: Kysely<Database>, userId: string) =>
    trx.selectFrom('playback_devices').selectAll().where('account_id', '=', userId).orderBy('updated_at').execute();
  /** Inserts the device, or overwrites the stored one's `columns` (all of them by default). */
  const store = async (trx: Kysely<Database>, device: Device, columns?: ReadonlyArray<keyof StoredValues>): Promise<void> => {
    const values: StoredValues = {
      connection_id: device.connectionId,
      info: JSON.stringify(device.info),
      client_version: device.clientVersion ?? null,
      volume: device.volume,
      machine: json(device.machine),
      commanded_ref: json(device.commandedRef),
      state_ref: json(device.stateRef),
      last_seq_num: device.lastSeqNum,
      updated_at: now(),
    };
    await trx
      .insertInto('playback_devices')
      .values({ account_id: device.userId, device_id: device.id, ...values })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'device_id'])
          .doUpdateSet(columns === undefined ? values : Object.fromEntries(columns.map((column) => [column, values[column]]))),
      )
      .execute();
  };
  const deleteOne = async (trx: Kysely<Database>, userId: string, deviceId: string) =>
    Number((await trx.deleteFrom('playback_devices').where('account_id', '=', userId).where('device_id', '=', deviceId).executeTakeFirst()).numDeletedRows);
  const updateOn = async (trx: Kysely<Database>, userId: string, deviceId: string, changes: DeviceChanges): Promise<Device | undefined> => {
    const row = await trx
      .updateTable('playback_devices')
      .set((eb) => ({
        ...(changes.connectionId === undefined ? {} : { connection_id: changes.connectionId }),
        ...(changes.info === undefined ? {} : { info: JSON.stringify(changes.info) }),
        ...(changes.clientVersion === undefined ? {} : { client_version: changes.clientVersion }),
        ...(changes.volume === undefined ? {} : { volume: changes.volume }),
        ...(changes.machine === undefined ? {} : { machine: json(changes.machine) }),
        ...(changes.commandedRef === undefined ? {} : { commanded_ref: json(changes.commandedRef) }),
        ...(changes.stateRef === undefined ? {} : { state_ref: json(changes.stateRef) }),
        ...(changes.seqNum === undefined
          ? {}
          : { last_seq_num: eb.case().when('last_seq_num', '<', changes.seqNum).then(changes.seqNum).else(eb.ref('last_seq_num')).end() }),
        updated_at: now(),
      }))
      .where('account_id', '=', userId)
      .where('device_id', '=', deviceId)
      .returningAll()
      .executeTakeFirst();
    return row === undefined ? undefined : deviceOf(row);
  };
  return {
    get: async (userId, deviceId) => {
      const row = await db.selectFrom('playback_devices').selectAll().where('account_id', '=', userId).where('device_id', '=', deviceId).executeTakeFirst();
      return row === undefined ? undefined : deviceOf(row);
    },
    live: async (userId, liveConnections) =>
      (await rowsOf(db, userId)).filter((row) => liveConnections.has(row.connection_id)).flatMap((row) => deviceOf(row) ?? []),
    // Purge, count and store hold together: two registrations at once never both take the last place.
    register: (device, liveConnections) =>
      db.transaction().execute(async (trx) => {
        // On Postgres, registrations of one user queue on a lock of theirs (SQLite has one writer already).
        if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`SELECT pg_advisory_xact_lock(hashtext(${device.userId}))`.execute(trx);
        const cutoff = now() - DEVICE_RETENTION_MS;
        const rows = await rowsOf(trx, device.userId);
        // Deletes the user's devices whose connection has been gone for the retention period.
        for (const row of rows) {
          if (row.updated_at < cutoff && !liveConnections.has(row.connection_id)) await deleteOne(trx, device.userId, row.device_id);
        }
        const others = rows.filter((row) => row.device_id !== device.id && liveConnections.has(row.connection_id));
        if (others.length >= max) return false;
        await store(trx, device, REGISTRATION_COLUMNS);
        return true;
      }),
    save: (device) => store(db, device),
    // One UPDATE … RETURNING: a state update through one instance and a command through another
    // each write their own columns, and neither puts back what the other changed since its read.
    update: async (userId, deviceId, changes, alongside) => {
      if (alongside === undefined) return updateOn(db, userId, deviceId, changes);
      return db.transaction().execute(async (trx) => {
        const device = await updateOn(trx, userId, deviceId, changes);
        if (device !== undefined) await alongside(trx, device);
        return device;
      });
    },
    remove: async (userId, deviceId) => (await deleteOne(db, userId, deviceId)) > 0,
  };
}
