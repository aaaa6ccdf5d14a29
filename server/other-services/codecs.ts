import * as t from 'io-ts';
import { optional } from '../web-api/params';

/**
 * io-ts codecs of the other services' parameters and bodies (spec 001 §7 Other services). Each says
 * what it expected, so a bad one answers 400 naming it (server/web-api/params.ts decodeParams).
 */
export const textParam = <A>(name: string, expected: string, parse: (s: string) => A | undefined) =>
  new t.Type<A, string, unknown>(
    name,
    (u): u is A => typeof u === 'string' && parse(u) !== undefined,
    (u, c) => {
      const parsed = typeof u === 'string' ? parse(u) : undefined;
      return parsed === undefined ? t.failure(u, c, expected) : t.success(parsed);
    },
    String,
  );

const refined = <A>(name: string, expected: string, check: (u: unknown) => u is A) =>
  new t.Type<A, A, unknown>(name, check, (u, c) => (check(u) ? t.success(u) : t.failure(u, c, expected)), t.identity);

const BASE62 = /^[0-9A-Za-z]{1,22}$/;

/** spec 001 §3: a base62 id (at most 22 characters). */
export const Base62 = textParam('Base62', 'a base62 id of at most 22 characters', (s) => (BASE62.test(s) ? s : undefined));

/** A track given as spotify:track:<id> or its base62 id: the id. */
export const TrackRef = textParam('TrackRef', 'a track URI spotify:track:<id> or a base62 id', (s) => {
  const id = s.startsWith('spotify:track:') ? s.slice('spotify:track:'.length) : s;
  return BASE62.test(id) ? id : undefined;
});

export const STATION_SEED_TYPES = ['artist', 'album', 'track', 'playlist'] as const;
export type StationSeedType = (typeof STATION_SEED_TYPES)[number];
export interface StationSeed {
  readonly type: StationSeedType;
  readonly id: string;
}
/** The uri a station answers with: spotify:station:{type}:{id}. */
export const stationUri = (seed: StationSeed) => `spotify:station:${seed.type}:${seed.id}`;

/** A station: spotify:station:{type}:{id} or its seed's uri spotify:{type}:{id} (artist, album, track or playlist). */
export const StationRef = textParam(
  'StationRef',
  'a station URI spotify:station:{artist|album|track|playlist}:<id> or a seed URI',
  (s): StationSeed | undefined => {
    const match = /^spotify:(?:station:)?(artist|album|track|playlist):([0-9A-Za-z]{1,22})$/.exec(s);
    return match === null ? undefined : { type: match[1] as StationSeedType, id: match[2]! };
  },
);

/** A free text query parameter (salt, image_style, language): 1 to 64 printable characters. */
export const Text = textParam('Text', 'a text of 1 to 64 characters', (s) => (/^[\x21-\x7e]{1,64}$/.test(s) ? s : undefined));
export const OptionalText = optional(Text, null);

/** spec 001 §9 station count 20: the default and, here, the most a station answers. */
export const STATION_COUNT = 20;
export const StationCount = optional(
  textParam('StationCount', `an integer from 1 to ${STATION_COUNT}`, (s) =>
    /^\d{1,3}$/.test(s) && Number(s) >= 1 && Number(s) <= STATION_COUNT ? Number(s) : undefined,
  ),
  STATION_COUNT,
);

/** spec 001 §9 recently played 20: the default; at most 50. */
export const RECENTLY_PLAYED_LIMIT = 20;
export const RecentlyPlayedLimit = optional(
  textParam('Limit', 'an integer from 1 to 50', (s) => (/^\d{1,2}$/.test(s) && Number(s) >= 1 && Number(s) <= 50 ? Number(s) : undefined)),
  RECENTLY_PLAYED_LIMIT,
);

/** A revision of the root playlist list: a number from 0. */
export const Revision = textParam('Revision', 'a revision number', (s) => (/^\d{1,12}$/.test(s) ? Number(s) : undefined));

/** A playlist URI spotify:playlist:<id>: the id. */
export const PLAYLIST_URI = /^spotify:playlist:([0-9A-Za-z]{1,22})$/;
export const PlaylistUriParam = textParam('PlaylistUri', 'a playlist URI spotify:playlist:<id>', (s) => PLAYLIST_URI.exec(s)?.[1]);
const PlaylistUri = refined('PlaylistUri', 'a playlist URI spotify:playlist:<id>', (u): u is string => typeof u === 'string' && PLAYLIST_URI.test(u));

/** POST /extendp/: the playlist to extend and the track ids not to offer (spec 001 §3 recommended tracks with a skip list). */
export const ExtendBody = t.type({
  playlistURI: PlaylistUri,
  trackSkipIDs: t.union([
    t.undefined,
    refined(
      'TrackSkipIDs',
      'a list of at most 500 base62 track ids',
      (u): u is string[] => Array.isArray(u) && u.length <= 500 && u.every((x) => typeof x === 'string' && BASE62.test(x)),
    ),
  ]),
  numResults: t.union([
    t.undefined,
    refined('NumResults', 'an integer from 1 to 50', (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 1 && u <= 50),
  ]),
});

/** POST /user/{id}/rootlist/changes: the revision the changes apply to and the playlists added or removed. */
export const RootlistChangesBody = t.type({
  baseRevision: refined('BaseRevision', 'the revision number the changes apply to', (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 0),
  deltas: refined(
    'Deltas',
    'a list of 1 to 100 { kind: "add" | "remove", uri: spotify:playlist:<id> }',
    (u): u is Array<{ kind: 'add' | 'remove'; uri: string }> =>
      Array.isArray(u) &&
      u.length >= 1 &&
      u.length <= 100 &&
      u.every(
        (d) =>
          typeof d === 'object' &&
          d !== null &&
          ((d as { kind?: unknown }).kind === 'add' || (d as { kind?: unknown }).kind === 'remove') &&
          PlaylistUri.is((d as { uri?: unknown }).uri),
      ),
  ),
});

/** A social session token: 16 to 64 letters, digits, - and _. */
export const SessionToken = textParam('SessionToken', 'a session token', (s) => (/^[\w-]{16,64}$/.test(s) ? s : undefined));

/** A terms licence version: 1 to 64 letters, digits, '.', '-' and '_'. */
export const LicenceVersion = textParam('License', 'a licence version', (s) => (/^[\w.-]{1,64}$/.test(s) ? s : undefined));
