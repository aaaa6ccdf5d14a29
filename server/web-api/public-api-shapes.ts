import * as t from 'io-ts';

/**
 * io-ts codecs of the public Web API's objects, as the official `@spotify/web-api-ts-sdk` types
 * them (its src/types.ts), used by the tests to check that every answer decodes. Where the SDK's
 * types claim more than the public API's reference returns, the codecs follow the reference:
 * - a simplified album (track.album, search) has no genres, label, popularity, copyrights or external_ids;
 * - album.artists are simplified artists (the SDK says full);
 * - `resume_point` of an episode comes only with a user's playback-position scope;
 * - `episode`/`track` flags of a track exist only inside playlist items, external_ids fields are optional.
 */
const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);
const strings = t.array(t.string);

const Image = t.type({ url: t.string, width: nullable(t.number), height: nullable(t.number) }, 'Image');
const ExternalUrls = t.type({ spotify: t.string }, 'ExternalUrls');
const Followers = t.type({ href: nullable(t.string), total: t.number }, 'Followers');
const Restrictions = t.type({ reason: t.string }, 'Restrictions');
const ExternalIds = t.partial({ isrc: t.string, ean: t.string, upc: t.string }, 'ExternalIds');
const ReleaseDatePrecision = t.keyof({ year: null, month: null, day: null });

const linked = <T extends string>(type: T) => t.type({ external_urls: ExternalUrls, href: t.string, id: t.string, type: t.literal(type), uri: t.string });

export const Page = <C extends t.Mixed>(item: C) =>
  t.type(
    { href: t.string, items: t.array(item), limit: t.number, next: nullable(t.string), offset: t.number, previous: nullable(t.string), total: t.number },
    `Page<${item.name}>`,
  );

export const SimplifiedArtist = t.intersection([linked('artist'), t.type({ name: t.string })], 'SimplifiedArtist');
export const Artist = t.intersection(
  [SimplifiedArtist, t.type({ followers: Followers, genres: strings, images: t.array(Image), popularity: t.number })],
  'Artist',
);

export const SimplifiedAlbum = t.intersection(
  [
    linked('album'),
    t.type({
      album_type: t.string,
      total_tracks: t.number,
      available_markets: strings,
      images: t.array(Image),
      name: t.string,
      release_date: t.string,
      release_date_precision: ReleaseDatePrecision,
      artists: t.array(SimplifiedArtist),
    }),
    t.partial({ restrictions: Restrictions, is_playable: t.boolean, album_group: t.string }),
  ],
  'SimplifiedAlbum',
);

export const SimplifiedTrack = t.intersection(
  [
    linked('track'),
    t.type({
      artists: t.array(SimplifiedArtist),
      available_markets: strings,
      disc_number: t.number,
      duration_ms: t.number,
      explicit: t.boolean,
      is_local: t.boolean,
      name: t.string,
      preview_url: nullable(t.string),
      track_number: t.number,
    }),
    t.partial({ is_playable: t.boolean, restrictions: Restrictions }),
  ],
  'SimplifiedTrack',
);
export const Track = t.intersection([SimplifiedTrack, t.type({ album: SimplifiedAlbum, external_ids: ExternalIds, popularity: t.number })], 'Track');

export const Album = t.intersection(
  [
    SimplifiedAlbum,
    t.type({
      tracks: Page(SimplifiedTrack),
      copyrights: t.array(t.type({ text: t.string, type: t.string })),
      external_ids: ExternalIds,
      genres: strings,
      label: t.string,
      popularity: t.number,
    }),
  ],
  'Album',
);

const UserReference = t.intersection([linked('user'), t.type({ display_name: nullable(t.string) })], 'UserReference');
export const PlaylistedTrack = t.type(
  { added_at: nullable(t.string), added_by: nullable(linked('user')), is_local: t.boolean, track: Track },
  'PlaylistedTrack',
);
const PlaylistBase = t.intersection([
  linked('playlist'),
  t.type({
    collaborative: t.boolean,
    description: nullable(t.string),
    images: t.array(Image),
    name: t.string,
    owner: UserReference,
    public: nullable(t.boolean),
    snapshot_id: t.string,
  }),
]);
export const SimplifiedPlaylist = t.intersection([PlaylistBase, t.type({ tracks: t.type({ href: t.string, total: t.number }) })], 'SimplifiedPlaylist');
export const Playlist = t.intersection([PlaylistBase, t.type({ followers: Followers, tracks: Page(PlaylistedTrack) })], 'Playlist');

export const SimplifiedShow = t.intersection(
  [
    linked('show'),
    t.type({
      available_markets: strings,
      copyrights: t.array(t.type({ text: t.string, type: t.string })),
      description: t.string,
      html_description: t.string,
      explicit: t.boolean,
      images: t.array(Image),
      is_externally_hosted: t.boolean,
      languages: strings,
      media_type: t.string,
      name: t.string,
      publisher: t.string,
      total_episodes: t.number,
    }),
  ],
  'SimplifiedShow',
);
export const SimplifiedEpisode = t.intersection(
  [
    linked('episode'),
    t.type({
      audio_preview_url: nullable(t.string),
      description: t.string,
      html_description: t.string,
      duration_ms: t.number,
      explicit: t.boolean,
      images: t.array(Image),
      is_externally_hosted: t.boolean,
      is_playable: t.boolean,
      language: t.string,
      languages: strings,
      name: t.string,
      release_date: t.string,
      release_date_precision: ReleaseDatePrecision,
    }),
    t.partial({ restrictions: Restrictions, resume_point: t.type({ fully_played: t.boolean, resume_position_ms: t.number }) }),
  ],
  'SimplifiedEpisode',
);
export const Show = t.intersection([SimplifiedShow, t.type({ episodes: Page(SimplifiedEpisode) })], 'Show');
export const Episode = t.intersection([SimplifiedEpisode, t.type({ show: SimplifiedShow })], 'Episode');

export const TopTracksResult = t.type({ tracks: t.array(Track) }, 'TopTracksResult');
export const SearchResults = t.partial(
  {
    tracks: Page(Track),
    albums: Page(SimplifiedAlbum),
    artists: Page(Artist),
    playlists: Page(SimplifiedPlaylist),
    shows: Page(SimplifiedShow),
    episodes: Page(SimplifiedEpisode),
  },
  'SearchResults',
);
