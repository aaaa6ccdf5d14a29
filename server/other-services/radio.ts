import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { StationSeed } from './codecs';

/** What a listener told a station (spec 001 §7 Radio mixes): liked a song, banned a song, banned a song's artists. */
export type FeedbackKind = 'like_song' | 'ban_song' | 'ban_artist';

/** At most this many catalogue tracks are weighed for one station (the demo catalogue is far smaller). */
const CANDIDATES = 2000;

interface Candidate {
  readonly id: string;
  readonly albumId: string;
  readonly artists: string[];
}

/** A stable shuffle key: the same salt gives the same order, another salt another. */
const shuffleKey = (salt: string, id: string) => createHash('sha256').update(`${salt}\0${id}`).digest('hex');

/**
 * Radio over the catalogue: a station plays the seed's tracks first, then tracks of artists who
 * share a track or a playlist with the seed's artists, then the rest, each tier in an order set by
 * the salt. A user's likes on the station bring their artists' tracks forward; bans take the song,
 * or every track of the banned song's artists, off the station for good.
 */
export function createRadio(db: Kysely<Database>, now: () => number) {
  const candidates = async (): Promise<Map<string, Candidate>> => {
    const tracks = await db.selectFrom('tracks').select(['id', 'album_id']).orderBy('id').limit(CANDIDATES).execute();
    const ids = tracks.map((t) => t.id);
    const credits =
      ids.length === 0 ? [] : await db.selectFrom('track_artists').select(['track_id', 'artist_id']).where('track_id', 'in', ids).orderBy('position').execute();
    const byId = new Map<string, Candidate>(tracks.map((t) => [t.id, { id: t.id, albumId: t.album_id, artists: [] }]));
    for (const c of credits) byId.get(c.track_id)?.artists.push(c.artist_id);
    return byId;
  };

  /** The seed's own tracks, in their order; null when the seed is not in the catalogue. */
  const seedTracks = async (seed: StationSeed, all: Map<string, Candidate>): Promise<string[] | null> => {
    switch (seed.type) {
      case 'track':
        return all.has(seed.id) ? [seed.id] : null;
      case 'album': {
        const album = await db.selectFrom('albums').select('id').where('id', '=', seed.id).executeTakeFirst();
        if (album === undefined) return null;
        return (await db.selectFrom('tracks').select('id').where('album_id', '=', seed.id).orderBy('track_number').execute()).map((r) => r.id);
      }
      case 'playlist': {
        const playlist = await db.selectFrom('playlists').select('id').where('id', '=', seed.id).executeTakeFirst();
        if (playlist === undefined) return null;
        return (await db.selectFrom('playlist_tracks').select('track_id').where('playlist_id', '=', seed.id).orderBy('position').execute()).map(
          (r) => r.track_id,
        );
      }
      case 'artist': {
        const artist = await db.selectFrom('artists').select('id').where('id', '=', seed.id).executeTakeFirst();
        if (artist === undefined) return null;
        return [...all.values()].filter((c) => c.artists.includes(seed.id)).map((c) => c.id);
      }
    }
  };

  /** Artists sharing a track or a playlist with any of `artists`. */
  const relatedArtists = async (artists: Set<string>, all: Map<string, Candidate>): Promise<Set<string>> => {
    const related = new Set<string>();
    for (const c of all.values()) if (c.artists.some((a) => artists.has(a))) c.artists.forEach((a) => related.add(a));
    if (artists.size > 0) {
      const rows = await db
        .selectFrom('track_artists as mine')
        .innerJoin('playlist_tracks as p1', 'p1.track_id', 'mine.track_id')
        .innerJoin('playlist_tracks as p2', 'p2.playlist_id', 'p1.playlist_id')
        .innerJoin('track_artists as other', 'other.track_id', 'p2.track_id')
        .select('other.artist_id as id')
        .where('mine.artist_id', 'in', [...artists])
        .execute();
      rows.forEach((r) => related.add(r.id));
    }
    return related;
  };

  const feedbackOf = async (userId: string | null, station: string) => {
    const rows =
      userId === null
        ? []
        : await db.selectFrom('radio_feedback').select(['kind', 'item_id']).where('account_id', '=', userId).where('station_uri', '=', station).execute();
    const of = (kind: FeedbackKind) => new Set(rows.filter((r) => r.kind === kind).map((r) => r.item_id));
    return { liked: of('like_song'), bannedSongs: of('ban_song'), bannedArtists: of('ban_artist') };
  };

  return {
    /** The track ids a station plays next for `userId` (null: an anonymous listener, no feedback), at most `count`; null for an unknown seed. */
    async stationTracks(seed: StationSeed, station: string, userId: string | null, salt: string, count: number): Promise<string[] | null> {
      const all = await candidates();
      const own = await seedTracks(seed, all);
      if (own === null) return null;
      const feedback = await feedbackOf(userId, station);
      const likedArtists = new Set([...feedback.liked].flatMap((id) => all.get(id)?.artists ?? []));
      const seedArtists = new Set(own.flatMap((id) => all.get(id)?.artists ?? []));
      const related = await relatedArtists(seedArtists, all);
      const allowed = (id: string) => !feedback.bannedSongs.has(id) && !(all.get(id)?.artists ?? []).some((a) => feedback.bannedArtists.has(a));
      const tier = (id: string) => {
        const artists = all.get(id)?.artists ?? [];
        if (artists.some((a) => likedArtists.has(a))) return 0;
        if (own.includes(id)) return 1;
        if (artists.some((a) => related.has(a))) return 2;
        return 3;
      };
      const pool = [...new Set([...own, ...all.keys()])].filter((id) => all.has(id) && allowed(id));
      // A track seed plays first; the rest by tier, each tier shuffled by the salt.
      const first = seed.type === 'track' && pool.includes(seed.id) ? [seed.id] : [];
      const rest = pool
        .filter((id) => !first.includes(id))
        .map((id) => ({ id, tier: tier(id), key: shuffleKey(salt, id) }))
        .sort((a, b) => a.tier - b.tier || a.key.localeCompare(b.key))
        .map((c) => c.id);
      return [...first, ...rest].slice(0, count);
    },

    /** Records a like or ban; a ban of an artist bans every artist of the track. Unknown track: false. */
    async feedback(userId: string, station: string, kind: FeedbackKind, trackId: string): Promise<boolean> {
      const track = await db.selectFrom('tracks').select('id').where('id', '=', trackId).executeTakeFirst();
      if (track === undefined) return false;
      const items =
        kind === 'ban_artist'
          ? (await db.selectFrom('track_artists').select('artist_id').where('track_id', '=', trackId).execute()).map((r) => r.artist_id)
          : [trackId];
      const at = now();
      await db.transaction().execute(async (trx) => {
        for (const item of items) {
          await trx
            .insertInto('radio_feedback')
            .values({ account_id: userId, station_uri: station, kind, item_id: item, created_at: at })
            .onConflict((oc) => oc.columns(['account_id', 'station_uri', 'kind', 'item_id']).doNothing())
            .execute();
        }
        // A ban undoes a like of the same song, and a like a ban.
        if (kind === 'ban_song')
          await trx
            .deleteFrom('radio_feedback')
            .where('account_id', '=', userId)
            .where('station_uri', '=', station)
            .where('kind', '=', 'like_song')
            .where('item_id', '=', trackId)
            .execute();
        if (kind === 'like_song')
          await trx
            .deleteFrom('radio_feedback')
            .where('account_id', '=', userId)
            .where('station_uri', '=', station)
            .where('kind', '=', 'ban_song')
            .where('item_id', '=', trackId)
            .execute();
      });
      return true;
    },
  };
}
