import { PostgresAdapter, sql, type Kysely } from 'kysely';
import * as t from 'io-ts';
import type { Database } from '../db/tables';
import type { Realtime } from '../realtime/hub';
import type { StateRef } from '../playback/wire';
import {
  activeDeviceOf,
  clusterDevice,
  createClusterCatalogue,
  decodeJson,
  lastUpdateOf,
  liveDeviceRows,
  NO_OPTIONS,
  playerStateOf,
  PlayerOptions,
  type Cluster,
  type DeviceRow,
  type LastUpdate,
} from './cluster';

/*
 * The connect-state service of one user (spec 001 §7 Remote-control service, §3 Cluster): builds the
 * cluster from the shared database and pushes it to every dealer connection of the user, on any
 * instance (app.realtime.push), each message newer than the last (spec 001 §4: the client ignores
 * older ones). Per user the last timestamp, the active device and the options are rows of
 * connect_state_users; observers and pending ack ids rows of their own (migration 004).
 */

/** spec 001 §7 Realtime socket "Push messages carry cluster updates": the dealer uri of a cluster message. */
export const CLUSTER_URI = 'hm://connect-state/v1/cluster';
/** spec 001 §7 "429 = max subscriptions": how many live hidden observers one user may have (ours, as the device limit). */
export const MAX_OBSERVERS_PER_USER = 10;
/** An ack id no cluster confirmed by then is dropped (ours; the client gives up sooner, core ACK_TIMEOUT_MS). */
export const ACK_TTL_MS = 60_000;

/** What a device must report for a command's ack id to be confirmed. */
export const AckExpectation = t.union([
  t.type({ kind: t.literal('state'), ref: t.union([t.type({ state_machine_id: t.string, state_id: t.string, paused: t.boolean }), t.null]) }),
  t.type({ kind: t.literal('volume'), volume: t.number }),
  // A command that cannot change what the device reports (spec 001 §4: its state ref and position are what it
  // reports; the options are the provider's): the next cluster built after it, which carries the options, confirms it.
  t.type({ kind: t.literal('published') }),
]);
export type AckExpectation = t.TypeOf<typeof AckExpectation>;

/** The dealer message of a cluster (payload `{ cluster, update_reason, ack_id? }`). */
export interface ClusterMessage {
  readonly cluster: Cluster;
  readonly update_reason: string;
  readonly ack_id?: string;
}

export interface ConnectState {
  /** Builds the user's cluster, pushes it to their connections, answers it (the first message's). */
  publish(userId: string, reason: string, closedConnection?: string): Promise<Cluster>;
  /** Waits for the pushes under way and takes no more (the server is closing: its database closes next). */
  stop(): Promise<void>;
  /** publish, without waiting; a failure is logged. `closedConnection`: a connection just closed, dead whatever the routing says yet. */
  changed(userId: string, reason?: string, closedConnection?: string): void;
  options(userId: string): Promise<PlayerOptions>;
  setOptions(userId: string, options: PlayerOptions): Promise<void>;
  setActive(userId: string, deviceId: string | null): Promise<void>;
  /** A command sent to a device: its ack id is confirmed by the first cluster in which the device reports what is expected. */
  expectAck(userId: string, device: { readonly id: string; readonly lastSeqNum: number }, ackId: string, expect: AckExpectation): Promise<void>;
  /** The active device (spec 001 §3 active_device_id), of the live ones; null when none is. */
  active(userId: string, live: ReadonlyArray<DeviceRow>): Promise<DeviceRow | null>;
  /** The user's devices on live connections, and their last state updates. */
  liveDevices(userId: string): Promise<DeviceRow[]>;
  lastUpdate(userId: string, deviceId: string): Promise<LastUpdate | null>;
  /** Registers a hidden observer on one of the user's live connections; false past MAX_OBSERVERS_PER_USER. */
  addObserver(userId: string, observerId: string, connectionId: string): Promise<boolean>;
  removeObserver(userId: string, observerId: string): Promise<boolean>;
}

export interface ConnectStateDeps {
  readonly db: Kysely<Database>;
  readonly realtime: Realtime;
  readonly now: () => number;
  /** Where catalogue images are (the public URL; '' for the server's own origin). */
  readonly mediaBase: string;
  readonly logError: (error: unknown, context: string) => void;
  readonly maxObservers?: number;
}

const sameRef = (a: StateRef | null, b: StateRef | null): boolean =>
  a === null || b === null ? a === b : a.state_machine_id === b.state_machine_id && a.state_id === b.state_id && a.paused === b.paused;

function confirmed(expect: AckExpectation, device: DeviceRow | undefined, seqAtSend: number): boolean {
  if (device === undefined) return false;
  if (expect.kind === 'volume') return device.volume === expect.volume;
  if (expect.kind === 'published') return true;
  // A state the device reported after the command (a seek keeps the ref: the later update confirms it).
  return device.lastSeqNum > seqAtSend && sameRef(device.stateRef, expect.ref);
}

export function createConnectState(deps: ConnectStateDeps): ConnectState {
  const { db, realtime, now } = deps;
  const maxObservers = deps.maxObservers ?? MAX_OBSERVERS_PER_USER;
  const catalogue = createClusterCatalogue(db, deps.mediaBase);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  const userRow = (trx: Kysely<Database>, userId: string) =>
    trx.selectFrom('connect_state_users').selectAll().where('account_id', '=', userId).executeTakeFirst();
  const ensureUser = (trx: Kysely<Database>, userId: string) =>
    trx
      .insertInto('connect_state_users')
      .values({ account_id: userId, cluster_timestamp: 0, active_device_id: null, options: JSON.stringify(NO_OPTIONS) })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();

  const publish = async (userId: string, reason: string, closedConnection?: string): Promise<Cluster> => {
    // The route of a closed connection is released asynchronously (Redis): it is left out here already.
    const live = new Set([...(await realtime.liveConnections(userId))].filter((id) => id !== closedConnection));
    const at = now();
    // One transaction that first takes the user's row (its write lock): two builds of one user run one
    // after the other, so the later timestamp is always the one built from the later rows.
    const built = await db.transaction().execute(async (trx) => {
      const bumped = await trx
        .insertInto('connect_state_users')
        .values({ account_id: userId, cluster_timestamp: at, active_device_id: null, options: JSON.stringify(NO_OPTIONS) })
        .onConflict((oc) =>
          oc.column('account_id').doUpdateSet({
            cluster_timestamp: sql<number>`CASE WHEN excluded.cluster_timestamp > connect_state_users.cluster_timestamp THEN excluded.cluster_timestamp ELSE connect_state_users.cluster_timestamp + 1 END`,
          }),
        )
        .returning(['cluster_timestamp', 'active_device_id', 'options'])
        .executeTakeFirstOrThrow();
      const devices = await liveDeviceRows(trx, userId, live);
      const active = activeDeviceOf(devices, bumped.active_device_id);
      const update = active === null ? null : await lastUpdateOf(trx, userId, active.id);
      const acks = await trx.selectFrom('connect_state_acks').selectAll().where('account_id', '=', userId).orderBy('created_at').execute();
      const done: string[] = [];
      const gone: string[] = [];
      for (const ack of acks) {
        const expect = decodeJson(AckExpectation, ack.expect);
        if (
          expect !== null &&
          confirmed(
            expect,
            devices.find((d) => d.id === ack.device_id),
            Number(ack.seq_num),
          )
        )
          done.push(ack.ack_id);
        else if (expect === null || Number(ack.created_at) < at - ACK_TTL_MS) gone.push(ack.ack_id);
      }
      if (done.length + gone.length > 0)
        await trx
          .deleteFrom('connect_state_acks')
          .where('ack_id', 'in', [...done, ...gone])
          .execute();
      // One message per confirmed ack (the client reads one ack_id a message), each one newer.
      const timestamp = Number(bumped.cluster_timestamp);
      if (done.length > 1) {
        await trx
          .updateTable('connect_state_users')
          .set({ cluster_timestamp: timestamp + done.length - 1 })
          .where('account_id', '=', userId)
          .execute();
      }
      return { timestamp, devices, active, update, done, options: decodeJson(PlayerOptions, bumped.options) ?? NO_OPTIONS };
    });
    const activeId = built.active?.id ?? null;
    const cluster: Cluster = {
      timestamp: built.timestamp,
      active_device_id: activeId,
      devices: Object.fromEntries(built.devices.map((d) => [d.id, clusterDevice(d, activeId)])),
      player_state: built.active === null ? null : await playerStateOf(built.active, built.update, built.options, catalogue),
    };
    const messages: ClusterMessage[] =
      built.done.length === 0
        ? [{ cluster, update_reason: reason }]
        : built.done.map((ackId, i) => ({ cluster: { ...cluster, timestamp: cluster.timestamp + i }, update_reason: reason, ack_id: ackId }));
    for (const message of messages) {
      await realtime.push(userId, { uri: CLUSTER_URI, headers: { 'Content-Type': 'application/json' }, payloads: [message] });
    }
    return messages[messages.length - 1]?.cluster ?? cluster;
  };

  return {
    publish,
    changed: (userId, reason = 'DEVICE_STATE_CHANGED', closedConnection) => {
      if (stopped) return;
      const push = publish(userId, reason, closedConnection)
        .then(() => undefined)
        .catch((error: unknown) => deps.logError(error, 'connect-state cluster'))
        .finally(() => inFlight.delete(push));
      inFlight.add(push);
    },
    stop: async () => {
      stopped = true;
      await Promise.all([...inFlight]);
    },
    options: async (userId) => decodeJson(PlayerOptions, (await userRow(db, userId))?.options ?? null) ?? NO_OPTIONS,
    setOptions: async (userId, options) => {
      await ensureUser(db, userId);
      await db
        .updateTable('connect_state_users')
        .set({ options: JSON.stringify(options) })
        .where('account_id', '=', userId)
        .execute();
    },
    setActive: async (userId, deviceId) => {
      await ensureUser(db, userId);
      await db.updateTable('connect_state_users').set({ active_device_id: deviceId }).where('account_id', '=', userId).execute();
    },
    expectAck: async (userId, device, ackId, expect) => {
      await db
        .insertInto('connect_state_acks')
        .values({ ack_id: ackId, account_id: userId, device_id: device.id, seq_num: device.lastSeqNum, expect: JSON.stringify(expect), created_at: now() })
        .execute();
    },
    active: async (userId, live) => activeDeviceOf(live, (await userRow(db, userId))?.active_device_id ?? null),
    liveDevices: async (userId) => liveDeviceRows(db, userId, await realtime.liveConnections(userId)),
    lastUpdate: (userId, deviceId) => lastUpdateOf(db, userId, deviceId),
    addObserver: async (userId, observerId, connectionId) => {
      const live = await realtime.liveConnections(userId);
      return db.transaction().execute(async (trx) => {
        // On Postgres, registrations of one user queue on a lock of theirs (SQLite has one writer already).
        if (postgres) await sql`SELECT pg_advisory_xact_lock(hashtext(${`connect-state:${userId}`}))`.execute(trx);
        const rows = await trx.selectFrom('connect_state_observers').selectAll().where('account_id', '=', userId).execute();
        const dead = rows.filter((r) => !live.has(r.connection_id)).map((r) => r.observer_id);
        if (dead.length > 0) await trx.deleteFrom('connect_state_observers').where('account_id', '=', userId).where('observer_id', 'in', dead).execute();
        const others = rows.filter((r) => live.has(r.connection_id) && r.observer_id !== observerId);
        if (others.length >= maxObservers) return false;
        const values = { connection_id: connectionId, registered_at: now() };
        await trx
          .insertInto('connect_state_observers')
          .values({ account_id: userId, observer_id: observerId, ...values })
          .onConflict((oc) => oc.columns(['account_id', 'observer_id']).doUpdateSet(values))
          .execute();
        return true;
      });
    },
    removeObserver: async (userId, observerId) =>
      Number(
        (await db.deleteFrom('connect_state_observers').where('account_id', '=', userId).where('observer_id', '=', observerId).executeTakeFirst())
          .numDeletedRows,
      ) > 0,
  };
}
