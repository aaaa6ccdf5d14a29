import { newAccountId } from '../accounts/accounts-store';
import { sql, SqliteAdapter, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { ownerId, playlistVisibleTo } from '../catalogue/web-api-objects';

/** The colour the embed page paints a listener's playlist with until it has a cover of its own. */
export const USER_PLAYLIST_COLOR = '#535353';

export interface NewPlaylist {
  readonly name: string;
  readonly public: boolean;
  readonly description: string;
}

/**
 * Playlists listeners make and follow. A made playlist is a row of `playlists` (name, the owner's
 * display name, colour) with its tracks in `playlist_tracks`, so every reader of playlists (the
 * Web API objects, the embed page) sees it; `user_playlists` adds owner, public flag and version.
 * Each change is one transaction and bumps the version, so the snapshot id changes every time. In the
 * configured database (issue 14).
 */
export function createPlaylistStore(db: Kysely<Database>, now: () => number) {
  type Db = Kysely<Database>;
  const trackIds = async (trx: Db, id: string) =>
    (await trx.selectFrom('playlist_tracks').select('track_id').where('playlist_id', '=', id).orderBy('position').execute()).map((r) => r.track_id);
  const bump = (trx: Db, id: string) =>
    trx
      .updateTable('user_playlists')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('playlist_id', '=', id)
      .execute();
  const follow = async (trx: Db, id: string, userId: string, isPublic: boolean) => {
    // seq (migration 003): the order within one millisecond, newest last.
    const last = await trx
      .selectFrom('playlist_followers')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await trx
      .insertInto('playlist_followers')
      .values({ playlist_id: id, user_id: userId, public: isPublic ? 1 : 0, followed_at: now(), seq: Number(last?.seq ?? 0) + 1 })
      .onConflict((oc) => oc.columns(['playlist_id', 'user_id']).doUpdateSet({ public: isPublic ? 1 : 0 }))
      .execute();
  };

  return {
    /** Makes a playlist owned (and followed) by `userId`; answers its new id. */
    create: (userId: string, displayName: string, playlist: NewPlaylist): Promise<string> =>
      db.transaction().execute(async (trx) => {
        const id = newAccountId();
        await trx.insertInto('playlists').values({ id, name: playlist.name, owner_display_name: displayName, dominant_color: USER_PLAYLIST_COLOR }).execute();
        await trx
          .insertInto('user_playlists')
          .values({ playlist_id: id, owner_id: userId, public: playlist.public ? 1 : 0, description: playlist.description, version: 1, created_at: now() })
          .execute();
        await follow(trx, id, userId, playlist.public);
        return id;
      }),
    /** The owning account, or null for a catalogue playlist (no listener may change those). */
    ownerOf: async (id: string) =>
      (await db.selectFrom('user_playlists').select('owner_id').where('playlist_id', '=', id).executeTakeFirst())?.owner_id ?? null,
    update: (id: string, change: { name?: string; public?: boolean; description?: string }): Promise<void> =>
      db.transaction().execute(async (trx) => {
        if (change.name !== undefined) await trx.updateTable('playlists').set({ name: change.name }).where('id', '=', id).execute();
        if (change.public !== undefined)
          await trx
            .updateTable('user_playlists')
            .set({ public: change.public ? 1 : 0 })
            .where('playlist_id', '=', id)
            .execute();
        if (change.description !== undefined)
          await trx.updateTable('user_playlists').set({ description: change.description }).where('playlist_id', '=', id).execute();
        await bump(trx, id);
      }),
    trackIds: (id: string) => trackIds(db, id),
    /** Replaces the track list, computed from the current one inside the same transaction (`edit` may throw: nothing is written). */
    editTracks: (id: string, edit: (current: string[]) => string[]): Promise<void> =>
      db.transaction().execute(async (trx) => {
        // On Postgres the playlist's row is locked first, so two edits at once apply one after the other.
        if (!(db.getExecutor().adapter instanceof SqliteAdapter))
          await trx.selectFrom('user_playlists').select('playlist_id').where('playlist_id', '=', id).forUpdate().execute();
        const next = edit(await trackIds(trx, id));
        await trx.deleteFrom('playlist_tracks').where('playlist_id', '=', id).execute();
        if (next.length > 0)
          await trx
            .insertInto('playlist_tracks')
            .values(next.map((trackId, position) => ({ playlist_id: id, track_id: trackId, position })))
            .execute();
        await bump(trx, id);
      }),
    follow: (id: string, userId: string, isPublic: boolean): Promise<void> => follow(db, id, userId, isPublic),
    unfollow: async (id: string, userId: string): Promise<void> => {
      await db.deleteFrom('playlist_followers').where('playlist_id', '=', id).where('user_id', '=', userId).execute();
    },
    follows: async (id: string, userId: string) =>
      (await db.selectFrom('playlist_followers').select('user_id').where('playlist_id', '=', id).where('user_id', '=', userId).executeTakeFirst()) !==
      undefined,
    /**
     * The playlists a user owns or follows (spec 001 §7 GET /users/{id}/playlists, /me/playlists).
     * Followed (made ones included: their maker follows them), newest first; then catalogue
     * playlists whose owner name gives this id (ownerId), by name. Private follows only for the user;
     * a playlist that is not public only in its owner's list, even where others followed it before.
     */
    ofUser: async (userId: string, self: boolean): Promise<string[]> => {
      const followed = await db
        .selectFrom('playlist_followers as f')
        .leftJoin('user_playlists as u', 'u.playlist_id', 'f.playlist_id')
        .select('f.playlist_id as id')
        .where('f.user_id', '=', userId)
        .where(playlistVisibleTo(userId))
        .$if(!self, (q) => q.where('f.public', '=', 1).where(sql<boolean>`COALESCE(u.public, 1) = 1`))
        .orderBy('f.followed_at', 'desc')
        .orderBy('f.seq', 'desc')
        .execute();
      const catalogue = await db
        .selectFrom('playlists as p')
        .select(['p.id', 'p.name', 'p.owner_display_name as owner'])
        .where('p.id', 'not in', db.selectFrom('user_playlists').select('playlist_id'))
        .execute();
      // By name, then id, sorted here so both databases give one order (their collations differ).
      const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const owned = catalogue
        .filter((r) => ownerId(r.owner) === userId)
        .sort((a, b) => cmp(a.name, b.name) || cmp(a.id, b.id))
        .map((r) => r.id);
      return [...new Set([...followed.map((r) => r.id), ...owned])];
    },
  };
}

export type PlaylistStore = ReturnType<typeof createPlaylistStore>;
