import type { ColumnDataType, Kysely, Migration } from 'kysely';

/*
 * Issue 16, the connect-state service (spec 001 §3 Cluster, §7 Remote-control service): what the
 * cluster needs beyond the track-playback rows (playback_devices, playback_state_updates), shared by
 * every instance: per user the last cluster timestamp (each push newer than the last), the active
 * device and the player options; the hidden observers; the ack ids awaiting their cluster.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Epoch milliseconds overflow Postgres's 4-byte integer. */
const INT: ColumnDataType = 'bigint';

export const migration004: Migration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('connect_state_users')
      .addColumn('account_id', 'text', (c) => c.primaryKey())
      .addColumn('cluster_timestamp', INT, (c) => c.notNull())
      .addColumn('active_device_id', 'text')
      .addColumn('options', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('connect_state_observers')
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('observer_id', 'text', (c) => c.notNull())
      .addColumn('connection_id', 'text', (c) => c.notNull())
      .addColumn('registered_at', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('connect_state_observers_pkey', ['account_id', 'observer_id'])
      .execute();
    await db.schema
      .createTable('connect_state_acks')
      .addColumn('ack_id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('seq_num', INT, (c) => c.notNull())
      .addColumn('expect', 'text', (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('connect_state_acks_account').on('connect_state_acks').column('account_id').execute();
  },
};
