import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { ContextTrack } from './state-machine';
import { playlistVisibleTo } from '../catalogue/web-api-objects';
import { episodeSoldIn } from '../catalogue/markets';
import { createRadio } from '../other-services/radio';
import { STATION_COUNT, type StationSeedType } from '../other-services/codecs';

/*
 * The tracks of a context uri from the catalogue (issue 5: album, playlist, an artist's top tracks,
 * a show's episodes, one track or episode), in play order, each with its MP4 files. Read from the
 * configured database (issue 14): two queries, the items and their files.
 */

interface ItemRow {
  readonly id: string;
  readonly name: string;
  readonly duration_ms: number;
  readonly markets?: string;
  readonly show_markets?: string | null;
}

type Kind = 'album' | 'playlist' | 'artist' | 'track' | 'show' | 'episode';

function itemsOf(db: Kysely<Database>, kind: Kind, id: string, viewer: string | null): Promise<ItemRow[]> {
  const track = ['t.id', 't.name', 't.duration_ms'] as const;
  const episode = ['e.id', 'e.name', 'e.duration_ms', 'e.available_markets as markets', 's.available_markets as show_markets'] as const;
  switch (kind) {
    case 'album':
      return db.selectFrom('tracks as t').select(track).where('t.album_id', '=', id).orderBy('t.track_number').execute();
    // A listener's playlist that is not public plays for its owner only (issue 12), as the Web API shows it.
    case 'playlist':
      return db
        .selectFrom('playlist_tracks as p')
        .innerJoin('tracks as t', 't.id', 'p.track_id')
        .leftJoin('user_playlists as u', 'u.playlist_id', 'p.playlist_id')
        .select(track)
        .where('p.playlist_id', '=', id)
        .where(playlistVisibleTo(viewer))
        .orderBy('p.position')
        .execute();
    case 'artist':
      return db
        .selectFrom('artist_top_tracks as a')
        .innerJoin('tracks as t', 't.id', 'a.track_id')
        .select(track)
        .where('a.artist_id', '=', id)
        .orderBy('a.position')
        .execute();
    case 'track':
      return db.selectFrom('tracks as t').select(track).where('t.id', '=', id).execute();
    // Newest first, as a show page lists them.
    case 'show':
      return db
        .selectFrom('episodes as e')
        .leftJoin('shows as s', 's.id', 'e.show_id')
        .select(episode)
        .where('e.show_id', '=', id)
        .orderBy('e.release_date', 'desc')
        .orderBy('e.id')
        .execute();
    case 'episode':
      return db.selectFrom('episodes as e').leftJoin('shows as s', 's.id', 'e.show_id').select(episode).where('e.id', '=', id).execute();
  }
}

const CONTEXT_URI = /^spotify:(album|playlist|artist|track|show|episode):([A-Za-z0-9]{1,32})$/;
const STATION_URI = /^spotify:station:(artist|album|track|playlist):([A-Za-z0-9]{1,22})$/;

/** A station's tracks in the order it plays them (spec 001 §9 station count 20). */
async function stationItems(db: Kysely<Database>, type: StationSeedType, id: string, viewer: string | null): Promise<ItemRow[]> {
  const ids = await createRadio(db, Date.now).stationTracks({ type, id }, `spotify:station:${type}:${id}`, viewer, '', STATION_COUNT);
  if (ids === null || ids.length === 0) return [];
  const rows = await db.selectFrom('tracks as t').select(['t.id', 't.name', 't.duration_ms']).where('t.id', 'in', ids).execute();
  return ids.flatMap((trackId) => rows.filter((r) => r.id === trackId));
}

const COLLECTION_URI = /^spotify:user:([^:]{1,64}):collection$/;

/** Issue 17: a listener's saved tracks, newest first as /v1/me/tracks lists them; only their own (another's collection is not found). */
async function collectionItems(db: Kysely<Database>, owner: string, viewer: string | null): Promise<ItemRow[]> {
  if (viewer === null || viewer !== owner) return [];
  const saved = await db
    .selectFrom('library_items')
    .select('item_id')
    .where('user_id', '=', owner)
    .where('kind', '=', 'track')
    .orderBy('added_at', 'desc')
    .orderBy('seq', 'desc')
    .execute();
  const ids = saved.map((row) => row.item_id);
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('tracks as t').select(['t.id', 't.name', 't.duration_ms']).where('t.id', 'in', ids).execute();
  return ids.flatMap((trackId) => rows.filter((r) => r.id === trackId));
}

/**
 * `viewer`: the account asking to play (null: anonymous); another's private playlist is unknown to it.
 * `country`: the listener's (their token's); an episode not sold there comes without files, marked
 * unavailable (spec 000 §5): no playable media is handed out for it.
 */
export type ContextTracks = (contextUri: string, viewer: string | null, country?: string) => Promise<ContextTrack[] | null>;

/** null for a uri of another kind, an unknown item or one the viewer may not see; an empty list never (an item without tracks is null too). */
export function createContextTracks(db: Kysely<Database>): ContextTracks {
  return async (contextUri, viewer, country) => {
    const match = CONTEXT_URI.exec(contextUri);
    // Issue 17: a radio station (server/other-services/radio.ts) plays what it plays next for the viewer, their bans left out.
    const station = STATION_URI.exec(contextUri);
    const collection = COLLECTION_URI.exec(contextUri);
    if (match === null && station === null && collection === null) return null;
    const kind: Kind = match === null ? 'track' : (match[1] as Kind);
    const rows =
      collection !== null
        ? await collectionItems(db, collection[1]!, viewer)
        : match === null
          ? await stationItems(db, station![1] as StationSeedType, station![2]!, viewer)
          : await itemsOf(db, kind, match[2]!, viewer);
    if (rows.length === 0) return null;
    const itemKind = kind === 'show' || kind === 'episode' ? 'episode' : 'track';
    const unavailable = (row: ItemRow) => country !== undefined && row.markets !== undefined && !episodeSoldIn(row.markets, row.show_markets ?? null, country);
    const ids = rows.filter((row) => !unavailable(row)).map((row) => row.id);
    const files =
      ids.length === 0
        ? []
        : await db
            .selectFrom('audio_files')
            .select(['file_id', 'format', 'bitrate', 'track_id', 'episode_id'])
            .where((eb) => eb.or([eb('track_id', 'in', ids), eb('episode_id', 'in', ids)]))
            .where('format', 'like', 'MP4%')
            .orderBy('bitrate')
            .orderBy('file_id')
            .execute();
    // spec 001 §3 manifest_ids_video: a sold video episode names its video source (issue 18).
    const videos =
      itemKind !== 'episode' || ids.length === 0
        ? []
        : await db.selectFrom('video_sources').select(['source_id', 'episode_id']).where('episode_id', 'in', ids).orderBy('source_id').execute();
    return rows.map((row) => {
      const none = unavailable(row);
      const own = none ? [] : files.filter((f) => f.track_id === row.id || f.episode_id === row.id);
      const video = none ? [] : videos.filter((v) => v.episode_id === row.id).map((v) => v.source_id);
      return {
        uri: `spotify:${itemKind}:${row.id}`,
        name: row.name,
        durationMs: row.duration_ms,
        files: own.map((f) => ({ file_id: f.file_id, format: f.format, bitrate: f.bitrate ?? 0 })),
        ...(video.length === 0 ? {} : { videoSourceIds: video }),
        ...(none ? { unavailable: none } : {}),
      };
    });
  };
}
