import * as t from 'io-ts';

/**
 * The shape of `fixtures/catalogue.json`, written by `scripts/make-fixtures.ts` and read by the
 * seeder. It is decoded before use (ARCHITECTURE §5: stored values are decoded), so a hand edit
 * that breaks it fails at start with the field named, not later with an odd page.
 * File paths are relative to `fixtures/media`.
 */

const Id = t.string;

export const ImageFile = t.type({ file: t.string, width: t.number, height: t.number }, 'ImageFile');
export type ImageFile = t.TypeOf<typeof ImageFile>;

export const ArtistEntry = t.intersection(
  [
    t.type({ id: Id, name: t.string, dominantColor: t.string, images: t.array(ImageFile), topTrackIds: t.array(Id) }),
    // Optional: line breaks and <a href="spotify:artist:...">Name</a> links, as the Web API writes them.
    t.partial({ biography: t.string }),
  ],
  'ArtistEntry',
);
export const AlbumEntry = t.type(
  { id: Id, name: t.string, artistIds: t.array(Id), releaseDate: t.string, dominantColor: t.string, images: t.array(ImageFile) },
  'AlbumEntry',
);
/** A track's cover and dominant colour are its album's; its order in the album is trackNumber. */
export const TrackEntry = t.type(
  { id: Id, name: t.string, albumId: Id, artistIds: t.array(Id), trackNumber: t.number, durationMs: t.number, preview: t.string },
  'TrackEntry',
);
export const PlaylistEntry = t.type(
  { id: Id, name: t.string, ownerDisplayName: t.string, dominantColor: t.string, images: t.array(ImageFile), trackIds: t.array(Id) },
  'PlaylistEntry',
);
export const ShowEntry = t.type(
  { id: Id, name: t.string, publisher: t.string, dominantColor: t.string, images: t.array(ImageFile), availableMarkets: t.array(t.string) },
  'ShowEntry',
);
export const EpisodeEntry = t.type(
  {
    id: Id,
    name: t.string,
    showId: Id,
    releaseDate: t.string,
    durationMs: t.number,
    preview: t.string,
    dominantColor: t.string,
    images: t.array(ImageFile),
    availableMarkets: t.array(t.string),
  },
  'EpisodeEntry',
);

export const CatalogueFile = t.type(
  {
    schema: t.literal(1),
    artists: t.array(ArtistEntry),
    albums: t.array(AlbumEntry),
    tracks: t.array(TrackEntry),
    playlists: t.array(PlaylistEntry),
    shows: t.array(ShowEntry),
    episodes: t.array(EpisodeEntry),
  },
  'CatalogueFile',
);
export type CatalogueFile = t.TypeOf<typeof CatalogueFile>;
