import { newAccountId } from '../accounts/accounts-store';
import type { Db } from '../db/open-database';
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
 * Each change is one transaction and bumps the version, so the snapshot id changes every time.
 */
export function createPlaylistStore(db: Db, now: () => number) {
  const q = {
    insertPlaylist: db.prepare('INSERT INTO playlists (id, name, owner_display_name, dominant_color) VALUES (?, ?, ?, ?)'),
    insertUserPlaylist: db.prepare(
      'INSERT INTO user_playlists (playlist_id, owner_id, public, description, version, created_at) VALUES (?, ?, ?, ?, 1, ?)',
    ),
    ownerOf: db.prepare('SELECT owner_id FROM user_playlists WHERE playlist_id = ?'),
    rename: db.prepare('UPDATE playlists SET name = ? WHERE id = ?'),
    setPublic: db.prepare('UPDATE user_playlists SET public = ? WHERE playlist_id = ?'),
    describe: db.prepare('UPDATE user_playlists SET description = ? WHERE playlist_id = ?'),
    bump: db.prepare('UPDATE user_playlists SET version = version + 1 WHERE playlist_id = ?'),
    trackIds: db.prepare('SELECT track_id FROM playlist_tracks WHERE playlist_id = ? ORDER BY position'),
    clearTracks: db.prepare('DELETE FROM playlist_tracks WHERE playlist_id = ?'),
    insertTrack: db.prepare('INSERT INTO playlist_tracks (playlist_id, track_id, position) VALUES (?, ?, ?)'),
    follow: db.prepare(
      `INSERT INTO playlist_followers (playlist_id, user_id, public, followed_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (playlist_id, user_id) DO UPDATE SET public = excluded.public`,
    ),
    unfollow: db.prepare('DELETE FROM playlist_followers WHERE playlist_id = ? AND user_id = ?'),
    follows: db.prepare('SELECT 1 FROM playlist_followers WHERE playlist_id = ? AND user_id = ?'),
    // Followed (made ones included: their maker follows them), newest first; then catalogue
    // playlists whose owner name gives this id (ownerId), by name. Private follows only for the user;
    // a playlist that is not public only in its owner's list, even where others followed it before.
    ofUser: db.prepare(
      `SELECT f.playlist_id AS id FROM playlist_followers f LEFT JOIN user_playlists u ON u.playlist_id = f.playlist_id
       WHERE f.user_id = @user AND ${playlistVisibleTo('@user')} AND (@self = 1 OR (f.public = 1 AND COALESCE(u.public, 1) = 1))
       ORDER BY f.followed_at DESC, f.rowid DESC`,
    ),
    catalogueOwned: db.prepare(
      `SELECT p.id, p.owner_display_name AS owner FROM playlists p
       WHERE p.id NOT IN (SELECT playlist_id FROM user_playlists) ORDER BY p.name, p.id`,
    ),
  };
  const trackIds = (id: string) => (q.trackIds.all(id) as Array<{ track_id: string }>).map((r) => r.track_id);
  const writeTracks = (id: string, ids: readonly string[]) => {
    q.clearTracks.run(id);
    ids.forEach((trackId, position) => q.insertTrack.run(id, trackId, position));
    q.bump.run(id);
  };

  return {
    /** Makes a playlist owned (and followed) by `userId`; answers its new id. */
    create: db.transaction((userId: string, displayName: string, playlist: NewPlaylist): string => {
      const id = newAccountId();
      q.insertPlaylist.run(id, playlist.name, displayName, USER_PLAYLIST_COLOR);
      q.insertUserPlaylist.run(id, userId, playlist.public ? 1 : 0, playlist.description, now());
      q.follow.run(id, userId, playlist.public ? 1 : 0, now());
      return id;
    }),
    /** The owning account, or null for a catalogue playlist (no listener may change those). */
    ownerOf: (id: string) => (q.ownerOf.get(id) as { owner_id: string } | undefined)?.owner_id ?? null,
    update: db.transaction((id: string, change: { name?: string; public?: boolean; description?: string }) => {
      if (change.name !== undefined) q.rename.run(change.name, id);
      if (change.public !== undefined) q.setPublic.run(change.public ? 1 : 0, id);
      if (change.description !== undefined) q.describe.run(change.description, id);
      q.bump.run(id);
    }),
    trackIds,
    /** Replaces the track list, computed from the current one inside the same transaction. */
    editTracks: db.transaction((id: string, edit: (current: string[]) => string[]) => {
      writeTracks(id, edit(trackIds(id)));
    }),
    follow: db.transaction((id: string, userId: string, isPublic: boolean) => {
      q.follow.run(id, userId, isPublic ? 1 : 0, now());
    }),
    unfollow: (id: string, userId: string) => {
      q.unfollow.run(id, userId);
    },
    follows: (id: string, userId: string) => q.follows.get(id, userId) !== undefined,
    /** The playlists a user owns or follows (spec 001 §7 GET /users/{id}/playlists, /me/playlists). */
    ofUser: (userId: string, self: boolean) => {
      const followed = (q.ofUser.all({ user: userId, self: self ? 1 : 0 }) as Array<{ id: string }>).map((r) => r.id);
      const owned = (q.catalogueOwned.all() as Array<{ id: string; owner: string }>).filter((r) => ownerId(r.owner) === userId).map((r) => r.id);
      return [...new Set([...followed, ...owned])];
    },
  };
}

export type PlaylistStore = ReturnType<typeof createPlaylistStore>;
