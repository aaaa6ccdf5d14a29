import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

export interface RootlistRevision {
  readonly revision: number;
  readonly items: string[];
  readonly timestamp: number;
}

export type RootlistOperation = { readonly kind: 'add'; readonly uri: string; readonly index: number } | { readonly kind: 'remove'; readonly uri: string };

/** The playlists a user follows (makers follow what they make: server/web-api/), newest first, as /v1/me/playlists. */
async function followed(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('playlist_followers')
    .select('playlist_id')
    .where('user_id', '=', userId)
    .orderBy('followed_at', 'desc')
    .orderBy('seq', 'desc')
    .execute();
  return rows.map((r) => `spotify:playlist:${r.playlist_id}`);
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** What turns `from` into `to`: removals, then additions at their index in `to`. */
export function diff(from: readonly string[], to: readonly string[]): RootlistOperation[] {
  const removed = from.filter((u) => !to.includes(u)).map((uri) => ({ kind: 'remove' as const, uri }));
  const added = to.flatMap((uri, index) => (from.includes(uri) ? [] : [{ kind: 'add' as const, uri, index }]));
  return [...removed, ...added];
}

/**
 * The root playlist list (spec 001 §7 Root playlist): the playlists a user follows, with a revision
 * that counts its changes. Follows change through /v1 as well, so each read compares the list with
 * the last revision kept and keeps a new one when it differs; older revisions stay readable for diffs.
 */
export function createRootlist(db: Kysely<Database>, now: () => number) {
  const latest = async (userId: string) =>
    db.selectFrom('rootlist_revisions').selectAll().where('account_id', '=', userId).orderBy('revision', 'desc').limit(1).executeTakeFirst();
  const toRevision = (row: { revision: number; items: string; created_at: number }): RootlistRevision => ({
    revision: Number(row.revision),
    items: JSON.parse(row.items) as string[],
    timestamp: Number(row.created_at),
  });

  const current = async (userId: string): Promise<RootlistRevision> => {
    const items = await followed(db, userId);
    const last = await latest(userId);
    if (last !== undefined && same(JSON.parse(last.items) as string[], items)) return toRevision(last);
    const row = { account_id: userId, revision: last === undefined ? 1 : Number(last.revision) + 1, items: JSON.stringify(items), created_at: now() };
    // Two readers at once may both find it changed: the second insert of the same revision is dropped.
    await db
      .insertInto('rootlist_revisions')
      .values(row)
      .onConflict((oc) => oc.columns(['account_id', 'revision']).doNothing())
      .execute();
    return toRevision((await latest(userId))!);
  };

  const at = async (userId: string, revision: number): Promise<RootlistRevision | null> => {
    await current(userId);
    const row = await db.selectFrom('rootlist_revisions').selectAll().where('account_id', '=', userId).where('revision', '=', revision).executeTakeFirst();
    return row === undefined ? null : toRevision(row);
  };

  return {
    current,
    at,
    /**
     * Applies additions (a follow, public as a made playlist's follow is) and removals (an unfollow)
     * made against `base`; null when `base` is not the current revision (the caller rereads).
     */
    async change(userId: string, base: number, deltas: ReadonlyArray<{ kind: 'add' | 'remove'; id: string }>): Promise<RootlistRevision | null> {
      const before = await current(userId);
      if (before.revision !== base) return null;
      const at = now();
      await db.transaction().execute(async (trx) => {
        for (const delta of deltas) {
          if (delta.kind === 'add') {
            await trx
              .insertInto('playlist_followers')
              .values({ playlist_id: delta.id, user_id: userId, public: 1, followed_at: at })
              .onConflict((oc) => oc.columns(['playlist_id', 'user_id']).doNothing())
              .execute();
          } else {
            await trx.deleteFrom('playlist_followers').where('playlist_id', '=', delta.id).where('user_id', '=', userId).execute();
          }
        }
      });
      return current(userId);
    },
  };
}
