import * as t from 'io-ts';

/**
 * io-ts codecs of the Web API's JSON bodies (spec 001 §7 playlist writes). Each one says what it
 * expected, so a bad field answers 400 naming it, e.g. `name: a non-empty name of at most 100
 * characters, got ""`.
 */
const refined = <A>(name: string, expected: string, check: (u: unknown) => u is A) =>
  new t.Type<A, A, unknown>(name, check, (u, c) => (check(u) ? t.success(u) : t.failure(u, c, expected)), t.identity);

/** A playlist name: 1 to 100 characters, not only spaces. */
export const PlaylistName = refined(
  'PlaylistName',
  'a non-empty name of at most 100 characters',
  (u): u is string => typeof u === 'string' && u.trim() !== '' && u.length <= 100,
);
export const Description = refined('Description', 'a text of at most 300 characters', (u): u is string => typeof u === 'string' && u.length <= 300);
export const Flag = refined('Flag', 'true or false', (u): u is boolean => typeof u === 'boolean');
export const Index = refined('Index', 'an integer from 0', (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 0 && u <= 1_000_000);
const Count = refined('Count', 'an integer from 1', (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 1 && u <= 1_000_000);

/** spec 001 §3: a track URI, spotify:track: and a base62 id of at most 22 characters. */
export const TRACK_URI = /^spotify:track:([0-9A-Za-z]{1,22})$/;
const TrackUri = refined('TrackUri', 'a track URI such as spotify:track:<id>', (u): u is string => typeof u === 'string' && TRACK_URI.test(u));
/** The public API takes at most 100 items per playlist write. */
const TrackUris = refined(
  'TrackUris',
  'a list of 1 to 100 track URIs such as spotify:track:<id>',
  (u): u is string[] => Array.isArray(u) && u.length >= 1 && u.length <= 100 && u.every((x) => TrackUri.is(x)),
);

const optional = <C extends t.Mixed>(codec: C) => t.union([codec, t.undefined]);

/** POST /users/{id}/playlists: spec 001 §6 creation makes it public; public is true when left out. */
export const CreatePlaylistBody = t.type({ name: PlaylistName, public: optional(Flag), description: optional(Description) });

/** PUT /playlists/{id}: name, public or description; at least one. */
export const ChangePlaylistBody = t.type({ name: optional(PlaylistName), public: optional(Flag), description: optional(Description) });

/** POST /playlists/{id}/tracks: uris, and where to insert them (the end when left out). */
export const AddTracksBody = t.type({ uris: TrackUris, position: optional(Index) });

/** DELETE /playlists/{id}/tracks: each uri, at the given positions or everywhere it occurs. */
export const RemoveTracksBody = t.type({
  tracks: refined(
    'TrackRemovals',
    'a list of 1 to 100 objects { uri, positions? }',
    (u): u is Array<{ uri: string; positions?: number[] }> =>
      Array.isArray(u) &&
      u.length >= 1 &&
      u.length <= 100 &&
      u.every(
        (x) =>
          typeof x === 'object' &&
          x !== null &&
          TrackUri.is((x as { uri?: unknown }).uri) &&
          ((x as { positions?: unknown }).positions === undefined ||
            (Array.isArray((x as { positions?: unknown }).positions) && (x as { positions: unknown[] }).positions.every((p) => Index.is(p)))),
      ),
  ),
  snapshot_id: optional(t.string),
});

/** PUT /playlists/{id}/tracks: moves range_length items from range_start to before insert_before. */
export const ReorderTracksBody = t.type({
  range_start: Index,
  insert_before: Index,
  range_length: optional(Count),
  snapshot_id: optional(t.string),
});

/** PUT /playlists/{id}/followers: spec 001 §6 the follow is sent non-public; public is true when left out. */
export const FollowPlaylistBody = t.type({ public: optional(Flag) });
