/**
 * The ingest's input: a folder holding `metadata.json`, the audio files and cover images it names.
 * Three kinds, told apart by `kind`:
 *
 *   { "kind": "album", "name": "Harbour Lights", "releaseDate": "2018-10-05", "cover": "cover.png",
 *     "genres": ["Ambient"],                                                  // optional: else its artists'
 *     "artists": [{ "name": "Marlow Tide", "image": "marlow.png",             // image, biography, genres optional
 *                   "genres": ["Ambient", "Chill"],
 *                   "biography": "A duo.\n\nThey tour with <a href=\"spotify:artist:ID\">Name</a>." }],
 *     "tracks": [{ "file": "01.wav", "title": "Lantern Swell", "trackNumber": 1,
 *                  "artists": ["Marlow Tide"], "availableMarkets": ["SE", "US"] }] }
 *
 *   { "kind": "show", "name": "Tidal Notes", "publisher": "Driftwood Audio", "cover": "cover.png",
 *     "availableMarkets": ["SE", "US"], "genres": ["Music talk"],            // genres optional
 *     "episodes": [{ "file": "ep1.wav", "title": "Ep. 1", "releaseDate": "2019-08-02",
 *                    "description": "...", "availableMarkets": ["SE"], "cover": "ep1.png" },   // cover optional
 *                  { "video": "ep4.mp4", "title": "Ep. 4", ... }] }   // a video episode (issue 18): `file` optional;
 *                  // its WebVTT subtitles are the folder's `ep4.<language>.vtt` files (e.g. ep4.en.vtt, ep4.sv.vtt)
 *
 *   { "kind": "playlists",
 *     "playlists": [{ "name": "Evening Drift", "owner": "Ines Varga", "cover": "drift.png",  // cover, genres optional
 *                     "genres": ["Chill"],
 *                     "tracks": [{ "album": "../harbour-lights", "trackNumber": 1 }, { "title": "Amber Hours" }] }] }
 *
 * File names are relative to the folder and may not leave it; a playlist's `album` is a folder
 * (relative to the playlists folder) that was ingested before. Release dates are YYYY, YYYY-MM or
 * YYYY-MM-DD; markets are ISO 3166-1 alpha-2 codes. A track artist not among the album's artists
 * is created without an image of its own (it gets the album cover). An artist's image and biography
 * are taken when the artist is first created (its first album); a biography is kept as written, line
 * breaks and `<a href="spotify:...">` links included (spec 000 §5 Bio text). Genres (issue 17: the
 * web player's genre pages and browse categories) are names; one spelled alike ignoring case is one genre.
 */
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import { formatDecodeErrors } from '../../core/model/decode-errors';

interface NonEmptyBrand {
  readonly NonEmpty: unique symbol;
}
const NonEmpty = t.brand(t.string, (s): s is t.Branded<string, NonEmptyBrand> => s.trim() !== '', 'NonEmpty');

interface FileNameBrand {
  readonly FileName: unique symbol;
}
/** A path inside the folder: relative, no `..` segment. */
const FileName = t.brand(
  t.string,
  (s): s is t.Branded<string, FileNameBrand> => s !== '' && !s.startsWith('/') && !s.includes('\\') && s.split('/').every((seg) => seg !== '..' && seg !== ''),
  'FileName',
);

interface ReleaseDateBrand {
  readonly ReleaseDate: unique symbol;
}
const ReleaseDate = t.brand(
  t.string,
  (s): s is t.Branded<string, ReleaseDateBrand> => /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/.test(s),
  'ReleaseDate',
);

interface MarketBrand {
  readonly Market: unique symbol;
}
const Market = t.brand(t.string, (s): s is t.Branded<string, MarketBrand> => /^[A-Z]{2}$/.test(s), 'Market');

interface PositiveIntBrand {
  readonly PositiveInt: unique symbol;
}
const PositiveInt = t.brand(t.number, (n): n is t.Branded<number, PositiveIntBrand> => Number.isInteger(n) && n >= 1, 'PositiveInt');

const Markets = t.array(Market);
const Genres = t.array(NonEmpty);

export const AlbumTrack = t.type(
  { file: FileName, title: NonEmpty, trackNumber: PositiveInt, artists: t.array(NonEmpty), availableMarkets: Markets },
  'AlbumTrack',
);
export const AlbumArtist = t.intersection([t.type({ name: NonEmpty }), t.partial({ image: FileName, biography: NonEmpty, genres: Genres })], 'AlbumArtist');
export const AlbumMetadata = t.intersection(
  [
    t.type({
      kind: t.literal('album'),
      name: NonEmpty,
      releaseDate: ReleaseDate,
      cover: FileName,
      artists: t.array(AlbumArtist),
      tracks: t.array(AlbumTrack),
    }),
    t.partial({ genres: Genres }),
  ],
  'AlbumMetadata',
);
export type AlbumMetadata = t.TypeOf<typeof AlbumMetadata>;

export const ShowEpisode = t.intersection(
  [
    t.type({ title: NonEmpty, releaseDate: ReleaseDate, description: t.string, availableMarkets: Markets }),
    // `file` (audio) or `video` or both; a video episode's audio files are made from the video when `file` is left out.
    t.partial({ file: FileName, video: FileName, cover: FileName }),
  ],
  'ShowEpisode',
);
export const ShowMetadata = t.intersection(
  [
    t.type({
      kind: t.literal('show'),
      name: NonEmpty,
      publisher: NonEmpty,
      cover: FileName,
      availableMarkets: Markets,
      episodes: t.array(ShowEpisode),
    }),
    t.partial({ genres: Genres }),
  ],
  'ShowMetadata',
);
export type ShowMetadata = t.TypeOf<typeof ShowMetadata>;

export const PlaylistTrackRef = t.union([t.type({ album: t.string, trackNumber: PositiveInt }), t.type({ title: NonEmpty })], 'PlaylistTrackRef');
export type PlaylistTrackRef = t.TypeOf<typeof PlaylistTrackRef>;
export const PlaylistEntry = t.intersection(
  [t.type({ name: NonEmpty, owner: NonEmpty, tracks: t.array(PlaylistTrackRef) }), t.partial({ cover: FileName, genres: Genres })],
  'PlaylistEntry',
);
export const PlaylistsMetadata = t.type({ kind: t.literal('playlists'), playlists: t.array(PlaylistEntry) }, 'PlaylistsMetadata');
export type PlaylistsMetadata = t.TypeOf<typeof PlaylistsMetadata>;

export type IngestMetadata = AlbumMetadata | ShowMetadata | PlaylistsMetadata;

const BY_KIND = { album: AlbumMetadata, show: ShowMetadata, playlists: PlaylistsMetadata } as const;

/**
 * Decodes the parsed `metadata.json` (the trust boundary of the ingest). `source` names the file
 * in every error, e.g. `albums/x/metadata.json: tracks.0.title: expected NonEmpty, got nothing`.
 */
export function decodeMetadata(raw: unknown, source: string): IngestMetadata {
  const kind = typeof raw === 'object' && raw !== null ? (raw as { kind?: unknown }).kind : undefined;
  if (kind !== 'album' && kind !== 'show' && kind !== 'playlists') {
    throw new Error(`${source}: kind: expected "album", "show" or "playlists", got ${JSON.stringify(kind) ?? 'nothing'}`);
  }
  const decoded = (BY_KIND[kind] as t.Decoder<unknown, IngestMetadata>).decode(raw);
  if (isLeft(decoded)) throw new Error(`${source}: ${formatDecodeErrors(decoded.left)}`);
  const metadata = decoded.right;
  checkConsistency(metadata, source);
  return metadata;
}

/** Rules a codec cannot say: unique track numbers, at least one item, a named album artist. */
function checkConsistency(metadata: IngestMetadata, source: string): void {
  const fail = (field: string, message: string): never => {
    throw new Error(`${source}: ${field}: ${message}`);
  };
  if (metadata.kind === 'album') {
    if (metadata.artists.length === 0) fail('artists', 'expected at least one artist');
    if (metadata.tracks.length === 0) fail('tracks', 'expected at least one track');
    const seen = new Set<number>();
    metadata.tracks.forEach((track, i) => {
      if (seen.has(track.trackNumber)) fail(`tracks.${i}.trackNumber`, `track number ${track.trackNumber} is used twice`);
      seen.add(track.trackNumber);
      if (track.artists.length === 0) fail(`tracks.${i}.artists`, 'expected at least one artist');
    });
  } else if (metadata.kind === 'show') {
    if (metadata.episodes.length === 0) fail('episodes', 'expected at least one episode');
    metadata.episodes.forEach((episode, i) => {
      if (episode.file === undefined && episode.video === undefined) fail(`episodes.${i}`, 'expected a file (audio) or a video');
    });
  } else {
    metadata.playlists.forEach((playlist, i) => {
      if (playlist.tracks.length === 0) fail(`playlists.${i}.tracks`, 'expected at least one track');
    });
  }
}
