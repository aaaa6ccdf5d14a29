import * as t from 'io-ts';

/*
 * The decoded answers of spec 001 §7's catalogue calls. Loose on purpose: `t.type` checks the
 * fields the web player reads and keeps the rest, so a richer answer still decodes. The answers the
 * spec does not itemise ("Request bodies and responses not itemised above: not shown") are records.
 */

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);

export const Image = t.type({ url: t.string });
const Entity = t.type({ id: t.string, uri: t.string, type: t.string });
const Named = t.intersection([Entity, t.type({ name: t.string })]);

export const Artist = Named;
export const Album = Named;
export const Track = t.intersection([Named, t.type({ duration_ms: t.number })]);
export const Playlist = t.intersection([Named, t.type({ public: nullable(t.boolean) })]);
export const Show = Named;
export const Episode = t.intersection([Named, t.type({ duration_ms: t.number })]);

/** spec 001 §3 User info: display_name, followers, id, images, uri. */
export const User = t.intersection([Entity, t.type({ display_name: nullable(t.string), images: t.array(Image) })]);

export const Paging = <C extends t.Mixed>(item: C) =>
  t.intersection([t.type({ items: t.array(item), total: t.number, limit: t.number }), t.partial({ offset: t.number, next: nullable(t.string) })]);

export const Several = <K extends string, C extends t.Mixed>(key: K, item: C) =>
  t.type({ [key]: t.array(nullable(item)) } as unknown as Record<K, t.ArrayC<t.UnionC<[C, t.NullC]>>>);

export const Saved = <K extends string, C extends t.Mixed>(key: K, item: C) =>
  t.intersection([t.type({ added_at: t.string }), t.type({ [key]: item } as unknown as Record<K, C>)]);

/** GET …/contains of the Web API: one flag per id. */
export const Flags = t.array(t.boolean);
/** spec 001 §7 Collection service: GET …/contains is read at items[0].found. */
export const CollectionFlags = t.type({ items: t.array(t.type({ found: t.boolean })) });
export const Snapshot = t.type({ snapshot_id: t.string });
export const TopTracks = t.type({ tracks: t.array(Track) });
export const RelatedArtists = t.type({ artists: t.array(Artist) });
export const Search = t.partial({
  albums: Paging(Album),
  artists: Paging(Artist),
  tracks: Paging(Track),
  playlists: Paging(nullable(Playlist)),
  shows: Paging(nullable(Show)),
  episodes: Paging(nullable(Episode)),
});
export const FollowedArtists = t.type({ artists: Paging(Artist) });
export const Devices = t.type({ devices: t.array(t.type({ id: nullable(t.string), name: t.string, type: t.string, is_active: t.boolean })) });
export const ViewSection = t.intersection([t.type({ id: t.string, name: t.string }), t.type({ content: Paging(t.unknown) })]);
export const View = t.intersection([t.type({ id: t.string, name: t.string }), t.type({ content: Paging(ViewSection) })]);
/** A write answered with no body (or one the caller does not need). */
export const NoContent = t.unknown;
/*
 * Other services: spec 001 §7 does not itemise their answers; these are the fields the web player
 * reads of the provider's (server/other-services/README.md).
 */
export const RadioClusters = t.type({
  clusters: t.array(t.type({ id: t.string, title: t.string, stations: t.array(t.type({ uri: t.string, title: t.string })) })),
});
export const Station = t.type({ uri: t.string, title: t.string, tracks: t.array(Track) });
export const ExtendedPlaylist = t.type({ recommendedTracks: t.array(Track) });
export const TermsMetadata = t.type({ license: t.string, reacceptanceRequired: t.boolean, documents: t.array(t.type({ name: t.string, url: t.string })) });
export const RecentlyPlayed = t.type({ playContexts: t.array(t.type({ uri: t.string, name: t.string })) });
export const Sponsorships = t.type({ sponsorships: t.array(t.type({ playlistUri: t.string })) });
export const SocialSession = t.type({ sessionToken: t.string, is_member: t.boolean, session_members: t.array(t.unknown) });
/** spec 001 §7 Seed-to-playlist: the similar episodes of an episode (server/other-services/seed-to-playlist.ts). */
export const SimilarEpisodes = t.type({ mediaItems: t.array(t.type({ uri: t.string })), episodes: t.array(Episode) });
/** The answers nobody reads a field of yet (root list: its fields follow `decorate`). */
export const Untyped = t.UnknownRecord;

// Request bodies (spec 001 §7 Catalogue API).
export const CreatePlaylistBody = t.type({ name: t.string, public: t.boolean });
export const ChangePlaylistBody = t.union([t.type({ name: t.string }), t.type({ public: t.boolean })]);
export const AddTracksBody = t.intersection([t.type({ uris: t.array(t.string) }), t.partial({ position: t.number })]);
export const RemoveTracksBody = t.type({ tracks: t.array(t.intersection([t.type({ uri: t.string }), t.partial({ positions: t.array(t.number) })])) });
export const ReorderTracksBody = t.type({ range_start: t.number, range_length: t.number, insert_before: t.number });
export const FollowPlaylistBody = t.type({ public: t.boolean });
/** spec 001 §7 Recommendations. */
export const ExtendPlaylistBody = t.intersection([t.type({ playlistURI: t.string, trackSkipIDs: t.array(t.string) }), t.partial({ numResults: t.number })]);
