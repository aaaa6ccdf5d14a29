// Issue 14 Storage: the track-playback service's devices live in the configured database, SQLite or
// Postgres: what one instance stores (machine, refs, sequence number, volume) another over the same
// database reads; the per-user limit counts live devices only, and two registrations at once never
// both take the last place (issue 12 limits, spec 001 §7 '429 Max connections reached').
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDbHandle, type DbHandle } from '../db/database';
import { DIALECTS, useDialect } from '../testing/dialects';
import { FIXTURES_DIR } from '../testing/demo-catalogue';
import { createDeviceRegistry, DEVICE_RETENTION_MS, type Device } from './device-registry';

jest.setTimeout(60_000);

const device = (userId: string, id: string, connectionId: string): Device => ({
  id,
  userId,
  connectionId,
  info: {
    device_id: id,
    name: `Web Player ${id}`,
    brand: 'spotify',
    model: 'embedded',
    device_type: 'computer',
    platform_identifier: 'web',
  } as unknown as Device['info'],
  clientVersion: 'harmony:3.22.1',
  volume: 65535,
  machine: null,
  commandedRef: null,
  stateRef: null,
  lastSeqNum: 0,
});

describe.each(DIALECTS)('the device registry on %s', (dialect) => {
  const database = useDialect(dialect);
  let dataDir: string;
  const handles: DbHandle[] = [];
  const open = async (url: string | undefined) => {
    const handle = await openDbHandle({ dataDir, fixturesDir: FIXTURES_DIR, databaseUrl: url });
    handles.push(handle);
    return handle;
  };
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'embed-devices-'));
  });
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps a device's state across a reopened database: found again, saved fields read back", async () => {
    const url = await database.databaseUrl();
    const first = createDeviceRegistry((await open(url)).kysely);
    const d = device('u1', 'dev', 'c1');
    expect(await first.register(d, new Set(['c1']))).toBe(true);
    d.volume = 30000;
    d.lastSeqNum = 8;
    d.stateRef = { state_machine_id: 'm', state_id: 's1', paused: false };
    await first.save(d);
    await handles[0]!.close();
    const second = createDeviceRegistry((await open(url)).kysely);
    const found = await second.get('u1', 'dev');
    expect(found).toMatchObject({ id: 'dev', userId: 'u1', connectionId: 'c1', volume: 30000, lastSeqNum: 8, stateRef: d.stateRef, machine: null });
    expect(await second.live('u1', new Set(['c1']))).toHaveLength(1);
    expect(await second.live('u1', new Set(['c2']))).toHaveLength(0);
    expect(await second.remove('u1', 'dev')).toBe(true);
    expect(await second.remove('u1', 'dev')).toBe(false);
    expect(await second.get('u1', 'dev')).toBeUndefined();
  });

  it("a change and its alongside writes land together: a failing one undoes the device's change (a cluster never reads the new ref with the old position)", async () => {
    const registry = createDeviceRegistry((await open(await database.databaseUrl())).kysely);
    const db = handles[0]!.kysely;
    expect(await registry.register(device('u3', 'dev', 'c1'), new Set(['c1']))).toBe(true);
    const ref = { state_machine_id: 'm', state_id: 's1', paused: true };
    const storeUpdate = (position: number) => async (trx: typeof db, stored: Device) => {
      await trx
        .insertInto('playback_state_updates')
        .values({
          account_id: stored.userId,
          device_id: stored.id,
          seq_num: stored.lastSeqNum,
          reason: 'pause',
          track_uri: null,
          body: `{"position":${position}}`,
          received_at: 1,
        })
        .execute();
    };
    const updates = () => db.selectFrom('playback_state_updates').select(['seq_num', 'body']).where('account_id', '=', 'u3').execute();

    await expect(
      registry.update('u3', 'dev', { stateRef: ref, seqNum: 2 }, async (trx, stored) => {
        await storeUpdate(6000)(trx, stored);
        throw new Error('the second write failed');
      }),
    ).rejects.toThrow('the second write failed');
    expect(await registry.get('u3', 'dev')).toMatchObject({ stateRef: null, lastSeqNum: 0 });
    expect(await updates()).toEqual([]);

    expect(await registry.update('u3', 'dev', { stateRef: ref, seqNum: 2 }, storeUpdate(6000))).toMatchObject({ stateRef: ref, lastSeqNum: 2 });
    expect(await updates()).toEqual([{ seq_num: 2, body: '{"position":6000}' }]);
    // An unknown device writes nothing alongside.
    expect(await registry.update('u3', 'nobody', { seqNum: 3 }, storeUpdate(7000))).toBeUndefined();
    expect(await updates()).toHaveLength(1);
  });

  it('the limit counts live devices; concurrent registrations past it are refused; old gone devices are purged', async () => {
    let clock = 1_764_000_000_000;
    const registry = createDeviceRegistry((await open(await database.databaseUrl())).kysely, { max: 3, now: () => clock });
    const live = new Set(['a', 'b', 'c', 'd', 'e', 'f']);
    // Six devices on live connections register at once: exactly three are let in.
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((c) => registry.register(device('u2', `dev-${c}`, c), live)));
    expect(answers.filter(Boolean)).toHaveLength(3);
    expect(await registry.live('u2', live)).toHaveLength(3);
    // A re-registration of a device already counted is let in at the limit.
    const admitted = (await registry.live('u2', live))[0]!;
    expect(await registry.register({ ...admitted, connectionId: 'a' }, live)).toBe(true);
    // Their connections gone, they no longer count; past the retention they are deleted.
    clock += DEVICE_RETENTION_MS + 1;
    expect(await registry.register(device('u2', 'fresh', 'z'), new Set(['z']))).toBe(true);
    expect(
      (await handles[0]!.kysely.selectFrom('playback_devices').select('device_id').where('account_id', '=', 'u2').execute()).map((r) => r.device_id),
    ).toEqual(['fresh']);
  });
});
