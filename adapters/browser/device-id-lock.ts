import type { RandomPort } from '../../core/ports';
import { DEVICE_ID_STORAGE_KEY } from '../../core/engine/device/constants';
import { randomDeviceId } from '../../core/engine/device/device-id';
import { chooseDeviceId, DEVICE_POOL_SIZE, DEVICE_POOL_STORAGE_KEY, parseDevicePool, type DevicePoolChoice } from '../../core/engine/device/device-pool';
import type { StorageLike } from './local-storage';

/**
 * One device id per live page (spec 001 §4: a device id identifies one player), over the Web
 * Locks API: a page holds the lock named after its id for its whole life, so another page of the
 * same origin (tab or frame; they share local storage) sees the id taken and takes another
 * (core/engine/device/device-pool.ts chooses). The browser drops the lock when the page goes, so a
 * reload or a later page gets the id back.
 */

/** The part of the Web Locks API used here (navigator.locks). */
export interface DeviceLocks {
  request<T>(name: string, options: LockOptions, callback: (lock: Lock | null) => T): Promise<T>;
  query(): Promise<LockManagerSnapshot>;
}

/** Where a page keeps the id it had, across its reloads (sessionStorage: one per tab, copied to a duplicated tab). */
export type PageMemory = Pick<Storage, 'getItem' | 'setItem'>;

export interface DeviceIdLockDeps {
  readonly locks: DeviceLocks;
  /** The origin's local storage, where the pool lives. */
  readonly storage: StorageLike;
  readonly memory: PageMemory | null;
  /** The page's key in `memory`: two frames of one tab share its sessionStorage. */
  readonly memoryKey: string;
  readonly random: RandomPort;
}

/** The lock a page holds while it plays as that device. */
export const deviceLockName = (id: string): string => `embed.device:${id}`;
/** Held while a page reads, chooses and writes the pool, so two pages starting at once do not both add to it. */
export const DEVICE_POOL_LOCK = 'embed.device-pool';

const PREFIX = deviceLockName('');

/** Storage may be refused (privacy settings): no pool is then an empty one, and nothing is kept. */
function read(storage: Pick<Storage, 'getItem'> | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: Pick<Storage, 'setItem'> | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Not kept: this page still plays on its id, a later one draws another.
  }
}

/** Takes the lock if no one holds it, and keeps it until the page goes; tells whether it was taken. */
function holdForPageLife(locks: DeviceLocks, name: string): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    locks
      .request(name, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        // A promise that never settles keeps the lock: the browser releases it when the page unloads.
        return lock === null ? undefined : new Promise<never>(() => undefined);
      })
      .catch(reject);
  });
}

/** The id this page plays on, held for its life, and its place among the browser's players (for the device name). */
export async function claimDeviceId(deps: DeviceIdLockDeps): Promise<DevicePoolChoice> {
  const { locks, storage, memory, memoryKey, random } = deps;
  return await locks.request(DEVICE_POOL_LOCK, {}, async () => {
    const snapshot = await locks.query();
    const held = new Set((snapshot.held ?? []).flatMap((lock) => (lock.name?.startsWith(PREFIX) === true ? [lock.name.slice(PREFIX.length)] : [])));
    const pool = parseDevicePool(read(storage, DEVICE_POOL_STORAGE_KEY), read(storage, DEVICE_ID_STORAGE_KEY));
    const preferred = read(memory, memoryKey);
    // The snapshot may miss a lock taken since: an id found taken is counted held and the choice made again.
    for (let attempt = 0; attempt <= DEVICE_POOL_SIZE + 1; attempt++) {
      const choice = chooseDeviceId({ pool, held, preferred, fresh: () => randomDeviceId(random) });
      if (await holdForPageLife(locks, deviceLockName(choice.id))) {
        if (choice.pool !== pool) write(storage, DEVICE_POOL_STORAGE_KEY, JSON.stringify(choice.pool));
        write(memory, memoryKey, choice.id);
        return choice;
      }
      held.add(choice.id);
    }
    throw new Error('no device id could be held');
  });
}

/**
 * The browser's: navigator.locks and local/session storage of `win`. Null where Web Locks are
 * missing or refused (an older browser, an insecure or opaque origin): the caller then keeps the
 * single stored id of before (storedDeviceId).
 */
export async function claimBrowserDeviceId(win: Window, storage: StorageLike, random: RandomPort): Promise<DevicePoolChoice | null> {
  const locks = (win.navigator as Partial<Navigator>).locks;
  if (locks === undefined || locks === null) return null;
  let memory: PageMemory | null;
  try {
    memory = win.sessionStorage;
  } catch {
    memory = null;
  }
  // A tab's frames share its sessionStorage: each frame remembers its id under its own page.
  const memoryKey = win.top === win ? 'device_id' : `device_id:${win.location.pathname}`;
  try {
    return await claimDeviceId({ locks, storage, memory, memoryKey, random });
  } catch {
    return null;
  }
}
