import * as t from 'io-ts';

/**
 * The JSON block the embed page carries (spec 000 §3): the resource with its uri, a translations
 * dictionary, its locale and a page config. Shapes follow the public Web API objects; only the
 * fields the widget reads are required.
 */

export const Image = t.intersection(
  [t.type({ url: t.string }), t.partial({ width: t.union([t.number, t.null]), height: t.union([t.number, t.null]) })],
  'Image',
);
export type Image = t.TypeOf<typeof Image>;

const ExternalUrls = t.type({ spotify: t.string }, 'ExternalUrls');

export const ArtistRef = t.intersection([t.type({ name: t.string }), t.partial({ uri: t.string })], 'ArtistRef');

/** Fields every resource has (spec 000 §3 "Every resource"). */
const ResourceBase = t.type({
  uri: t.string,
  name: t.string,
  external_urls: ExternalUrls,
  dominantColor: t.string,
});
/**
 * spec 000 §3 the big-cover-art flag. The provider sends it for every resource (server/embed/
 * embed-data.ts); optional here so that older logs and test data decode, and absent means no
 * (core/widget/big-cover-art.ts).
 */
const ResourceExtras = t.partial({ has_big_cover_art: t.boolean });

export const Track = t.intersection(
  [
    t.type({
      type: t.literal('track'),
      uri: t.string,
      name: t.string,
      is_playable: t.boolean,
      duration_ms: t.number,
      track_number: t.number,
      audio_preview_url: t.union([t.string, t.null]),
      artists: t.array(ArtistRef),
      // The web-player address (spec 000 §7 Open URL): the Web API gives it for every track.
      external_urls: ExternalUrls,
    }),
    t.partial({ album: t.partial({ uri: t.string, name: t.string, images: t.array(Image) }) }),
  ],
  'Track',
);
export type Track = t.TypeOf<typeof Track>;

/**
 * Issue 18: a video episode's anonymous preview (clear, progressive, at most 30 s, spec 000 §9 preview cap): what
 * the preview player plays for it instead of the MP3 preview, shown in the video frame with its subtitles.
 */
export const VideoPreview = t.type(
  { url: t.string, width: t.number, height: t.number, subtitles: t.array(t.type({ language: t.string, url: t.string })) },
  'VideoPreview',
);
export type VideoPreview = t.TypeOf<typeof VideoPreview>;

export const Episode = t.intersection(
  [
    t.type({
      type: t.literal('episode'),
      uri: t.string,
      name: t.string,
      duration_ms: t.number,
      audio_preview_url: t.union([t.string, t.null]),
      available_markets: t.array(t.string),
      external_urls: ExternalUrls,
    }),
    t.partial({
      is_playable: t.boolean,
      images: t.array(Image),
      video_preview: VideoPreview,
      show: t.partial({ uri: t.string, name: t.string, publisher: t.string, images: t.array(Image), available_markets: t.array(t.string) }),
    }),
  ],
  'Episode',
);
export type Episode = t.TypeOf<typeof Episode>;

/** A playable entry in a list: a track or an episode. */
export const Playable = t.union([Track, Episode], 'Playable');
export type Playable = t.TypeOf<typeof Playable>;

const withBase = <P extends t.Props>(name: string, props: P) => t.intersection([ResourceBase, ResourceExtras, t.type(props)], name);

export const AlbumResource = withBase('Album', {
  type: t.literal('album'),
  artists: t.array(ArtistRef),
  images: t.array(Image),
  tracks: t.type({ items: t.array(Track) }),
});
export const ArtistResource = t.intersection(
  [
    ResourceBase,
    ResourceExtras,
    t.type({ type: t.literal('artist'), images: t.array(Image), tracks: t.array(Track) }),
    // spec 000 §5 Bio text: raw, with line breaks and link markup (core/widget/bio-text.ts splits it).
    t.partial({ biography: t.string }),
  ],
  'Artist',
);
export const PlaylistResource = withBase('Playlist', {
  type: t.literal('playlist'),
  images: t.array(Image),
  owner: t.type({ display_name: t.string }),
  tracks: t.type({ items: t.array(t.type({ track: Track })) }),
});
export const TrackResource = t.intersection([Track, ResourceBase, ResourceExtras], 'TrackResource');
export const EpisodeResource = t.intersection([Episode, ResourceBase, ResourceExtras], 'EpisodeResource');
export const ShowResource = withBase('Show', {
  type: t.literal('show'),
  publisher: t.string,
  images: t.array(Image),
  available_markets: t.array(t.string),
  episodes: t.type({ items: t.array(Episode) }),
});

export const Resource = t.union([AlbumResource, ArtistResource, PlaylistResource, TrackResource, EpisodeResource, ShowResource], 'Resource');
export type Resource = t.TypeOf<typeof Resource>;
export type ResourceType = Resource['type'];

/** spec 000 §2: the mini-player variant (the page's `variant=mini`); absent for the normal embed. */
export const EmbedVariant = t.keyof({ mini: null }, 'EmbedVariant');
export type EmbedVariant = t.TypeOf<typeof EmbedVariant>;

export const EmbedConfig = t.intersection(
  [
    t.type({
      countryCode: t.string,
      features: t.record(t.string, t.boolean),
      /** Where the widget posts logs and finds its assets; the provider's hosts (spec 000 §7). */
      hosts: t.type({ api: t.string, open: t.string, accounts: t.string, static: t.string }),
      /** Build stamp shown to the error reporter and written into the action log header. */
      version: t.string,
    }),
    t.partial({ variant: EmbedVariant }),
  ],
  'EmbedConfig',
);
export type EmbedConfig = t.TypeOf<typeof EmbedConfig>;

/**
 * spec 000 §3 Session: loggedIn, accessToken, accessTokenExpirationTimestampMs, market; present
 * only for a visitor logged in to the provider (the page is then private to that visitor).
 */
export const EmbedSession = t.type(
  { loggedIn: t.boolean, accessToken: t.string, accessTokenExpirationTimestampMs: t.number, market: t.string },
  'EmbedSession',
);
export type EmbedSession = t.TypeOf<typeof EmbedSession>;

export const EmbedData = t.intersection(
  [
    t.type({
      resource: Resource,
      translations: t.record(t.string, t.string),
      locale: t.string,
      config: EmbedConfig,
    }),
    t.partial({ session: EmbedSession }),
  ],
  'EmbedData',
);
export type EmbedData = t.TypeOf<typeof EmbedData>;

/** The element id of the JSON block in the embed page. */
export const EMBED_DATA_ELEMENT_ID = 'resource';

/** The element id of the preview player's media element, which the embed page may carry already. */
export const PREVIEW_AUDIO_ELEMENT_ID = 'preview-audio';

/**
 * Issue 18: the preview player's one element is a <video> when the resource lists a video episode with a video
 * preview (a <video> plays the MP3 previews too), else an <audio>. Read by the server's page and the widget alike.
 */
export function previewElementTag(resource: Resource): 'video' | 'audio' {
  const episodes: ReadonlyArray<Episode> = resource.type === 'show' ? resource.episodes.items : resource.type === 'episode' ? [resource] : [];
  return episodes.some((episode) => episode.video_preview !== undefined) ? 'video' : 'audio';
}
