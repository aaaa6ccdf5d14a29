import type { Db } from '../db/open-database';

/** What a listener keeps in the library (spec 001 §4 collection: tracks, albums, shows, artists). */
export type LibraryKind = 'track' | 'album' | 'show' | 'artist';

export interface LibraryEntry {
  readonly id: string;
  /** Epoch milliseconds. */
  readonly addedAt: number;
}

/**
 * The listener's saved tracks, albums and shows and followed artists (table library_items). Every
 * write is one transaction; saving what is saved keeps its first added_at.
 */
export function createLibraryStore(db: Db, now: () => number) {
  const insert = db.prepare('INSERT OR IGNORE INTO library_items (user_id, kind, item_id, added_at) VALUES (?, ?, ?, ?)');
  const remove = db.prepare('DELETE FROM library_items WHERE user_id = ? AND kind = ? AND item_id = ?');
  const has = db.prepare('SELECT 1 FROM library_items WHERE user_id = ? AND kind = ? AND item_id = ?');
  // Most recently added first; rowid breaks ties within one millisecond.
  const list = db.prepare(
    'SELECT item_id AS id, added_at AS addedAt FROM library_items WHERE user_id = ? AND kind = ? ORDER BY added_at DESC, rowid DESC',
  );
  const listById = db.prepare('SELECT item_id AS id, added_at AS addedAt FROM library_items WHERE user_id = ? AND kind = ? ORDER BY item_id');

  const save = db.transaction((userId: string, kind: LibraryKind, ids: readonly string[]) => {
    const t = now();
    for (const id of ids) insert.run(userId, kind, id, t);
  });
  const unsave = db.transaction((userId: string, kind: LibraryKind, ids: readonly string[]) => {
    for (const id of ids) remove.run(userId, kind, id);
  });
  return {
    save: (userId: string, kind: LibraryKind, ids: readonly string[]) => save(userId, kind, ids),
    remove: (userId: string, kind: LibraryKind, ids: readonly string[]) => unsave(userId, kind, ids),
    contains: (userId: string, kind: LibraryKind, ids: readonly string[]) => ids.map((id) => has.get(userId, kind, id) !== undefined),
    /** Newest first (saved tracks, albums, shows). */
    list: (userId: string, kind: LibraryKind) => list.all(userId, kind) as LibraryEntry[],
    /** By id (followed artists: the cursor `after` is an artist id). */
    listById: (userId: string, kind: LibraryKind) => listById.all(userId, kind) as LibraryEntry[],
  };
}

export type LibraryStore = ReturnType<typeof createLibraryStore>;
