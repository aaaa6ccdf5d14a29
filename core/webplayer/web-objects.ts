import type { WebCard, WebLink, WebTrack } from './state';

/*
 * Web API objects (spec 001 §7 Catalogue API answers) as the page's rows and cards. The server
 * builds pages with these, and the now-playing epic reads a track answer with them, so a row looks
 * the same whichever way it came. Loose on purpose: a missing field gives an empty value.
 */

type Json = Record<string, unknown>;

export const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
export const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'object' && x !== null).map(obj) : []);
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The page of an item: the open URL path of spec 000 §7 (/{type}/{id}). */
export const itemHref = (o: Json): string | null => {
  const type = str(o.type);
  const id = str(o.id);
  return type === '' || id === '' ? null : `/${type}/${id}`;
};

export const linkOf = (o: Json): WebLink => ({ name: str(o.name), href: itemHref(o) });

/**
 * The image closest to `width` px wide (the open page's choice, server/open: a page shows its
 * cover at 232 px, rows and the player bar at 56 px); images without a width count as wide ones.
 */
export function pickImage(images: unknown, width: number): string | null {
  const candidates = list(images).filter((i) => strOrNull(i.url) !== null);
  const distance = (i: Json) => Math.abs((typeof i.width === 'number' ? i.width : 640) - width);
  const best = [...candidates].sort((a, b) => distance(a) - distance(b))[0];
  return best === undefined ? null : str(best.url);
}

/** A track (or an episode) object as a row; `album` is given for an album's own tracks, which carry none. */
export function webTrackOf(o: Json, album: Json | null = null): WebTrack {
  const ofAlbum = album ?? (Object.keys(obj(o.album)).length > 0 ? obj(o.album) : null);
  const show = Object.keys(obj(o.show)).length > 0 ? obj(o.show) : null;
  const isEpisode = str(o.type) === 'episode';
  return {
    id: str(o.id),
    uri: str(o.uri),
    name: str(o.name),
    artists: isEpisode ? (show === null ? [] : [linkOf(show)]) : list(o.artists).map(linkOf),
    album: ofAlbum === null ? null : linkOf(ofAlbum),
    imageUrl: pickImage(o.images, 64) ?? (ofAlbum === null ? null : pickImage(ofAlbum.images, 64)) ?? (show === null ? null : pickImage(show.images, 64)),
    durationMs: typeof o.duration_ms === 'number' ? o.duration_ms : 0,
    previewUrl: strOrNull(o.preview_url) ?? strOrNull(o.audio_preview_url),
    // is_playable false: not sold in the listener's market (spec 000 §5); absent: playable.
    playable: o.is_playable !== false,
  };
}

const year = (date: unknown) => str(date).slice(0, 4);

/** An album, artist, playlist, show or episode object as a card of a grid. */
export function webCardOf(o: Json): WebCard {
  const type = str(o.type);
  const subtitle =
    type === 'album'
      ? [
          year(o.release_date),
          list(o.artists)
            .map((a) => str(a.name))
            .join(', '),
        ]
          .filter((s) => s !== '')
          .join(' • ')
      : type === 'artist'
        ? 'Artist'
        : type === 'playlist'
          ? `By ${str(obj(o.owner).display_name) || 'the provider'}`
          : type === 'show'
            ? str(o.publisher)
            : type === 'episode'
              ? str(obj(o.show).name)
              : '';
  return {
    uri: str(o.uri),
    href: itemHref(o) ?? '#',
    name: str(o.name),
    subtitle,
    imageUrl: pickImage(o.images, 300) ?? pickImage(obj(o.show).images, 300),
    round: type === 'artist',
    playable: type !== 'episode' || o.is_playable !== false,
  };
}
