import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** What a listener keeps in the library (spec 001 §4 collection: tracks, albums, shows, artists). */
export type LibraryKind = 'track' | 'album' | 'show' | 'artist';

export interface LibraryEntry {
  readonly id: string;
  /** Epoch milliseconds. */
  readonly addedAt: number;
}

/**
 * The listener's saved tracks, albums and shows and followed artists (table library_items), in the
 * configured database (issue 14). Every write is one transaction; saving what is saved keeps its
 * first added_at.
 */
export function createLibraryStore(db: Kysely<Database>, now: () => number) {
  return {
    save: (userId: string, kind: LibraryKind, ids: readonly string[]): Promise<void> =>
      db.transaction().execute(async (trx) => {
        if (ids.length === 0) return;
        const t = now();
        // seq (migration 003): the order within one millisecond, newest last.
        const last = await trx
          .selectFrom('library_items')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .where('user_id', '=', userId)
          .executeTakeFirst();
        const base = Number(last?.seq ?? 0);
        await trx
          .insertInto('library_items')
          .values(ids.map((id, i) => ({ user_id: userId, kind, item_id: id, added_at: t, seq: base + 1 + i })))
          .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doNothing())
          .execute();
      }),
    remove: async (userId: string, kind: LibraryKind, ids: readonly string[]): Promise<void> => {
      if (ids.length === 0) return;
      await db
        .deleteFrom('library_items')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('item_id', 'in', [...ids])
        .execute();
    },
    contains: async (userId: string, kind: LibraryKind, ids: readonly string[]): Promise<boolean[]> => {
      if (ids.length === 0) return [];
      const saved = await db
        .selectFrom('library_items')
        .select('item_id')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('item_id', 'in', [...ids])
        .execute();
      const set = new Set(saved.map((r) => r.item_id));
      return ids.map((id) => set.has(id));
    },
    /** Newest first (saved tracks, albums, shows). */
    list: async (userId: string, kind: LibraryKind): Promise<LibraryEntry[]> =>
      db
        .selectFrom('library_items')
        .select(['item_id as id', 'added_at as addedAt'])
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .orderBy('added_at', 'desc')
        .orderBy('seq', 'desc')
        .execute(),
    /** By id (followed artists: the cursor `after` is an artist id); sorted here, so both databases give one order. */
    listById: async (userId: string, kind: LibraryKind): Promise<LibraryEntry[]> =>
      (
        await db.selectFrom('library_items').select(['item_id as id', 'added_at as addedAt']).where('user_id', '=', userId).where('kind', '=', kind).execute()
      ).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  };
}

export type LibraryStore = ReturnType<typeof createLibraryStore>;
