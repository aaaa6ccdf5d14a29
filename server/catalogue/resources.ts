import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { createWebApiObjects, playlistVisibleTo, type CatalogueView, type ObjectContext } from './web-api-objects';

/** The provider's hosts the objects link to (spec 000 §7); '' means this server, relative URLs. */
export interface Hosts {
  readonly open: string;
  readonly static: string;
}

export interface ReaderOptions extends Hosts {
  /** The visitor's market: an episode is playable only where it is available (spec 000 §5). */
  readonly country: string;
}

export type ResourceType = 'album' | 'artist' | 'playlist' | 'track' | 'show' | 'episode';
export const RESOURCE_TYPES: ReadonlyArray<ResourceType> = ['album', 'artist', 'playlist', 'track', 'show', 'episode'];

type Json = Record<string, unknown>;

/**
 * Builds catalogue objects shaped like the public Web API's (plus the embed's dominantColor),
 * as the embed page's JSON block carries them (spec 000 §3): projections of the Web API objects
 * (./web-api-objects.ts), narrowed to the fields the widget reads. Returns null for an unknown id.
 */
export function createResourceReader(db: Kysely<Database>, hosts: ReaderOptions) {
  const catalogue = createWebApiObjects(db);
  // The embed objects carry no `href`; is_playable of an episode follows the visitor's country.
  // The viewer is the logged-in visitor: a private playlist is read for its owner only (issue 12).
  const contextFor = (viewer: string | null, country: string): ObjectContext => ({
    hosts: { api: '', open: hosts.open, static: hosts.static },
    market: null,
    country,
    viewer,
  });
  const color = (objects: CatalogueView, type: 'artist' | 'album' | 'playlist' | 'show' | 'episode', id: string) => objects.row(type, id)?.dominant_color;
  const artistRefs = (artists: unknown) => (artists as Json[]).map((a) => ({ name: a.name, uri: a.uri, external_urls: a.external_urls }));

  function trackObject(objects: CatalogueView, id: string, ctx: ObjectContext): Json | null {
    const t = objects.track(id, ctx);
    if (t === null) return null;
    const album = t.album as Json;
    return {
      type: 'track',
      id,
      uri: t.uri,
      name: t.name,
      is_playable: true,
      duration_ms: t.duration_ms,
      track_number: t.track_number,
      audio_preview_url: t.preview_url,
      artists: artistRefs(t.artists),
      album: { uri: album.uri, name: album.name, images: album.images },
      external_urls: t.external_urls,
      dominantColor: color(objects, 'album', String(album.id)),
    };
  }

  function episodeObject(objects: CatalogueView, id: string, ctx: ObjectContext): Json | null {
    const e = objects.episode(id, ctx);
    if (e === null) return null;
    const show = e.show as Json;
    const video = objects.episodeVideoPreview(id, ctx);
    return {
      type: 'episode',
      id,
      uri: e.uri,
      name: e.name,
      release_date: e.release_date,
      duration_ms: e.duration_ms,
      // spec 000 §5: available only if the country is in the markets of the episode or its show; outside
      // them no playable media is handed out (the preview player then reports it unavailable, spec 001 §4).
      audio_preview_url: e.is_playable === true ? e.audio_preview_url : null,
      available_markets: e.available_markets,
      is_playable: e.is_playable,
      images: e.images,
      show: { uri: show.uri, name: show.name, publisher: show.publisher, images: show.images, available_markets: show.available_markets },
      external_urls: e.external_urls,
      dominantColor: color(objects, 'episode', id),
      // Issue 18: what the widget's preview player plays for a video episode (core/model/embed-data.ts VideoPreview).
      ...(video === null ? {} : { video_preview: video }),
    };
  }

  const tracks = (objects: CatalogueView, trackIds: string[], ctx: ObjectContext) =>
    trackIds.map((id) => trackObject(objects, id, ctx)).filter((t): t is Json => t !== null);

  const readers: Record<ResourceType, (objects: CatalogueView, id: string, ctx: ObjectContext, biography: string | undefined) => Json | null> = {
    track: trackObject,
    episode: episodeObject,
    album(objects, id, ctx) {
      const a = objects.simplifiedAlbum(id, ctx);
      if (a === null) return null;
      return {
        type: 'album',
        id,
        uri: a.uri,
        name: a.name,
        release_date: a.release_date,
        external_urls: a.external_urls,
        dominantColor: color(objects, 'album', id),
        artists: artistRefs(a.artists),
        images: a.images,
        tracks: { items: tracks(objects, objects.albumTrackIds(id), ctx) },
      };
    },
    artist(objects, id, ctx, biography) {
      const a = objects.artist(id, ctx);
      if (a === null) return null;
      return {
        // spec 000 §5 Bio text: sent as written; the widget splits it and strips the links.
        ...(biography === undefined ? {} : { biography }),
        type: 'artist',
        id,
        uri: a.uri,
        name: a.name,
        external_urls: a.external_urls,
        dominantColor: color(objects, 'artist', id),
        images: a.images,
        tracks: tracks(objects, objects.topTrackIds(id), ctx),
      };
    },
    playlist(objects, id, ctx) {
      const p = objects.simplifiedPlaylist(id, ctx);
      if (p === null) return null;
      return {
        type: 'playlist',
        id,
        uri: p.uri,
        name: p.name,
        external_urls: p.external_urls,
        dominantColor: color(objects, 'playlist', id),
        owner: { display_name: (p.owner as Json).display_name },
        images: p.images,
        tracks: { items: tracks(objects, objects.playlistTrackIds(id), ctx).map((track) => ({ track })) },
      };
    },
    show(objects, id, ctx) {
      const s = objects.simplifiedShow(id, ctx);
      if (s === null) return null;
      return {
        type: 'show',
        id,
        uri: s.uri,
        name: s.name,
        publisher: s.publisher,
        external_urls: s.external_urls,
        dominantColor: color(objects, 'show', id),
        available_markets: s.available_markets,
        images: s.images,
        episodes: {
          items: objects
            .showEpisodeIds(id)
            .map((e) => episodeObject(objects, e, ctx))
            .filter((e): e is Json => e !== null),
        },
      };
    },
  };

  const seedOf = (type: ResourceType, id: string) => ({ [`${type}s`]: [id], ...(type === 'artist' ? { topTracksOf: [id] } : {}) });
  const biographyOf = async (type: ResourceType, id: string) =>
    type === 'artist' ? (await db.selectFrom('artist_biographies').select('biography').where('artist_id', '=', id).executeTakeFirst())?.biography : undefined;

  return {
    /**
     * The resource as `viewer` (an account id, null when anonymous) may see it; null when unknown or not
     * theirs to see. `country`: the visitor's market (a logged-in visitor's account country), else the server's.
     * Its rows are read at once, a few queries (issue 14: the embed page's first byte waits for them).
     */
    read: async (type: ResourceType, id: string, viewer: string | null, country: string = hosts.country): Promise<Json | null> => {
      const ctx = contextFor(viewer, country);
      const [objects, biography] = await Promise.all([catalogue.view(seedOf(type, id)), biographyOf(type, id)]);
      return readers[type](objects, id, ctx, biography);
    },
    /** Every resource, for the demo index; the demo index lists what anyone may open: no listener's private playlist. */
    list: async (): Promise<Array<{ type: ResourceType; id: string; name: string }>> =>
      (await db
        .selectFrom('albums')
        .select([sql.lit<string>('album').as('type'), 'id', 'name'])
        .unionAll(db.selectFrom('artists').select([sql.lit<string>('artist').as('type'), 'id', 'name']))
        .unionAll(
          db
            .selectFrom('playlists as p')
            .leftJoin('user_playlists as u', 'u.playlist_id', 'p.id')
            .select([sql.lit<string>('playlist').as('type'), 'p.id', 'p.name'])
            .where(playlistVisibleTo(null)),
        )
        .unionAll(db.selectFrom('tracks').select([sql.lit<string>('track').as('type'), 'id', 'name']))
        .unionAll(db.selectFrom('shows').select([sql.lit<string>('show').as('type'), 'id', 'name']))
        .unionAll(db.selectFrom('episodes').select([sql.lit<string>('episode').as('type'), 'id', 'name']))
        .execute()) as Array<{ type: ResourceType; id: string; name: string }>,
  };
}

export type ResourceReader = ReturnType<typeof createResourceReader>;
