import { DEVICE_ID_LENGTH } from './constants';
import { isValidDeviceId } from './descriptor';

/**
 * spec 001 §3 keeps the device id "in local storage", and §4's device service takes one id for one
 * player: two live pages of one origin (two web player tabs, two widget frames on a blog page)
 * share that storage, so one stored id would make them one device, the second page's state taking
 * over the first's. The browser therefore keeps a few ids, and each live page holds one of them
 * (adapters/browser/device-id-lock.ts holds it with a Web Lock for the page's life); this is the
 * rule for which one a starting page takes.
 */

/** Where the pool lives in local storage: a JSON array of ids, oldest first. */
export const DEVICE_POOL_STORAGE_KEY = 'device_ids';
/** Ours: more live players than this in one browser is not a listener's case; such a page's id is not kept. */
export const DEVICE_POOL_SIZE = 8;

/** The stored kind of id (storedDeviceId's): 40 characters inside the §3 id pattern. */
const isStoredId = (value: unknown): value is string => typeof value === 'string' && value.length === DEVICE_ID_LENGTH && isValidDeviceId(value);

/**
 * The pool as stored, its entries checked and without repeats. Where there is none yet, the single
 * id of before (DEVICE_ID_STORAGE_KEY) starts it, so that the first page keeps the device the
 * provider already knows (its stored state is not orphaned).
 */
export function parseDevicePool(raw: string | null, single: string | null): string[] {
  let parsed: unknown = null;
  if (raw !== null) {
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = null;
    }
  }
  const entries = Array.isArray(parsed) ? (parsed as unknown[]) : isStoredId(single) ? [single] : [];
  return [...new Set(entries.filter(isStoredId))].slice(0, DEVICE_POOL_SIZE);
}

export interface DevicePoolInput {
  readonly pool: ReadonlyArray<string>;
  /** The ids another live page holds now. */
  readonly held: ReadonlySet<string>;
  /** The id this page (tab or frame) had before a reload, if it remembers one. */
  readonly preferred: string | null;
  /** Draws a new id (randomDeviceId over the injected random port). */
  readonly fresh: () => string;
}

export interface DevicePoolChoice {
  readonly id: string;
  /** The pool to store: unchanged unless a new id was added. */
  readonly pool: ReadonlyArray<string>;
  /** 1-based place of the id among this browser's players (the device name numbers the second one on). */
  readonly ordinal: number;
}

/**
 * A page takes, in order: the id it had before a reload, if no other page holds it; else the
 * first id of the pool no page holds; else a new one, added to the pool while there is room. A
 * free id is always reused before a new one is made, so the pool grows only with the number of
 * pages open at once, and a closed page's id goes to the next page that starts.
 */
export function chooseDeviceId({ pool, held, preferred, fresh }: DevicePoolInput): DevicePoolChoice {
  const at = (id: string) => ({ id, pool, ordinal: pool.indexOf(id) + 1 });
  if (preferred !== null && pool.includes(preferred) && !held.has(preferred)) return at(preferred);
  const free = pool.find((id) => !held.has(id));
  if (free !== undefined) return at(free);
  let id = fresh();
  // A fresh draw that repeats a pooled id (a broken random source) would make two pages one device.
  for (let i = 0; pool.includes(id) && i < DEVICE_POOL_SIZE; i++) id = fresh();
  if (pool.length >= DEVICE_POOL_SIZE) return { id, pool, ordinal: pool.length + 1 };
  const grown = [...pool, id];
  return { id, pool: grown, ordinal: grown.length };
}
