import { DEVICE_ID_STORAGE_KEY } from '../../core/engine/device/constants';
import { DEVICE_POOL_STORAGE_KEY } from '../../core/engine/device/device-pool';
import { claimBrowserDeviceId, claimDeviceId, DEVICE_POOL_LOCK, type DeviceLocks, type PageMemory } from './device-id-lock';

/** One browser's lock manager as its pages see it: a lock belongs to the page that took it until it lets go or the page closes. */
function fakeBrowser() {
  const held = new Map<string, number>();
  const waiting = new Map<string, Array<() => void>>();
  const release = (name: string) => {
    held.delete(name);
    const next = waiting.get(name)?.shift();
    if (next !== undefined) next();
  };
  const locksOf = (page: number): DeviceLocks => ({
    request: <T>(name: string, options: LockOptions, callback: (lock: Lock | null) => T): Promise<T> => {
      if (held.has(name) && options.ifAvailable === true) return Promise.resolve(callback(null));
      return new Promise<T>((resolve, reject) => {
        const grant = () => {
          held.set(name, page);
          Promise.resolve(callback({ name, mode: 'exclusive' }))
            .then((value) => resolve(value as T), reject)
            .finally(() => {
              if (held.get(name) === page) release(name);
            });
        };
        if (held.has(name)) waiting.set(name, [...(waiting.get(name) ?? []), grant]);
        else grant();
      });
    },
    query: () => Promise.resolve({ held: [...held.keys()].map((name) => ({ name, mode: 'exclusive' as const, clientId: '' })), pending: [] }),
  });
  const close = (page: number) => {
    for (const [name, owner] of [...held]) if (owner === page) release(name);
  };
  return { locksOf, close, held };
}

const mapStorage = (entries = new Map<string, string>()) => ({
  entries,
  getItem: (key: string) => entries.get(key) ?? null,
  setItem: (key: string, value: string) => void entries.set(key, value),
  removeItem: (key: string) => void entries.delete(key),
});

let seed = 1;
/** A seeded generator (Park–Miller): the test's ids differ, and a run draws the same ones each time. */
const random = { next: () => (seed = (seed * 48271) % 2147483647) / 2147483647 };

describe('claimDeviceId (spec 001 §4 device service: a device id identifies one player; Web Locks keep one id per live page)', () => {
  let browser: ReturnType<typeof fakeBrowser>;
  let storage: ReturnType<typeof mapStorage>;
  let page = 0;
  /** A page opening in a tab with `memory` (its sessionStorage). */
  const open = (memory: PageMemory = mapStorage()) => {
    const id = ++page;
    return { page: id, memory, claim: claimDeviceId({ locks: browser.locksOf(id), storage, memory, memoryKey: 'device_id', random }) };
  };

  beforeEach(() => {
    browser = fakeBrowser();
    storage = mapStorage();
  });

  it('two live pages of one origin get two ids, both kept in the pool, numbered 1 and 2', async () => {
    const a = await open().claim;
    const b = await open().claim;
    expect(a.id).not.toBe(b.id);
    expect([a.ordinal, b.ordinal]).toEqual([1, 2]);
    expect(JSON.parse(storage.entries.get(DEVICE_POOL_STORAGE_KEY) ?? '[]')).toEqual([a.id, b.id]);
    // The pool's own lock was let go; each page's id stays held.
    expect(browser.held.has(DEVICE_POOL_LOCK)).toBe(false);
  });

  it('a reloaded page gets its own id back, even when an earlier id of the pool is free', async () => {
    const first = open();
    const second = open();
    await first.claim;
    const before = await second.claim;
    browser.close(first.page);
    browser.close(second.page);
    const reloaded = await open(second.memory).claim;
    expect(reloaded).toEqual(before);
  });

  it("a closed page's id goes to the next page; the pool does not grow", async () => {
    const first = open();
    const a = await first.claim;
    await open().claim;
    browser.close(first.page);
    const later = await open().claim;
    expect(later.id).toBe(a.id);
    expect(JSON.parse(storage.entries.get(DEVICE_POOL_STORAGE_KEY) ?? '[]')).toHaveLength(2);
  });

  it('a duplicated tab (its sessionStorage copied) still gets an id of its own', async () => {
    const original = open();
    const a = await original.claim;
    const copy = mapStorage(new Map([['device_id', a.id]]));
    expect((await open(copy).claim).id).not.toBe(a.id);
  });

  it('the single id stored before the pool is the first page’s, so the provider keeps that device', async () => {
    const single = 'a'.repeat(40);
    storage.entries.set(DEVICE_ID_STORAGE_KEY, single);
    expect((await open().claim).id).toBe(single);
    expect((await open().claim).id).not.toBe(single);
  });

  it('refused storage keeps nothing, yet two pages still get two ids', async () => {
    const refuse = (): never => {
      throw new DOMException('denied', 'SecurityError');
    };
    storage = { entries: new Map(), getItem: refuse, setItem: refuse, removeItem: refuse };
    const refusedMemory = { getItem: refuse, setItem: refuse };
    const a = await open(refusedMemory).claim;
    const b = await open(refusedMemory).claim;
    expect(a.id).not.toBe(b.id);
  });
});

describe('claimBrowserDeviceId', () => {
  it('is null where the browser has no Web Locks (the engine then keeps the single stored id)', async () => {
    const win = { navigator: {}, top: null, sessionStorage: mapStorage(), location: { pathname: '/' } } as unknown as Window;
    await expect(claimBrowserDeviceId(win, mapStorage(), random)).resolves.toBeNull();
  });
});
