import * as t from 'io-ts';

/**
 * The item URI grammar (spec 000 §3 "URI grammar", spec 001 §3 "Resource identifier").
 *
 * Colon form: `spotify:` then type/id pairs, e.g. `spotify:album:ID`, `spotify:user:bob:playlist:ID`.
 * URL form: any host (or none) then the same pairs as path segments, e.g.
 * `https://open.spotify.com/album/ID`, `/embed/album/ID`, `open.spotify.com/user/bob/playlist/ID`;
 * a leading `intl-xx` locale segment and then `embed`/`embed-podcast` are skipped.
 * The last pair gives type and id (spec 001 §3); a `user` pair before it gives `user`.
 * Both forms may end in `?query`, where a track or episode reads `context` (any URI, kept in
 * canonical colon form) and `play` (`true`/`false`); other parameters (`si`, ...) are ignored.
 * The canonical colon form writes them the same way: `spotify:track:ID?context=...&play=true`.
 */

// spec 000 §3: "Supported types include album, artist, track, playlist, playlist-v2, show, episode,
// user, search, station, radio, local, collection and others"; the others are the provider's
// remaining URI kinds.
export const URI_TYPES = [
  'album',
  'artist',
  'track',
  'playlist',
  'playlist-v2',
  'show',
  'episode',
  'user',
  'search',
  'station',
  'radio',
  'local',
  'collection',
  'ad',
  'app',
  'application',
  'artist-toplist',
  'chart',
  'collectionmissingalbum',
  'concert',
  'daily-mix',
  'episode-playlist',
  'folder',
  'genre',
  'image',
  'interruption',
  'live',
  'mosaic',
  'profile',
  'socialsession',
  'starred',
  'top',
  'user-toplist',
] as const;
export type UriType = (typeof URI_TYPES)[number];

export interface ParsedUri {
  type: UriType;
  id: string;
  user?: string;
  context?: string;
  play?: boolean;
}

export const URI_SCHEME = 'spotify';
// spec 000 §3 / spec 001 §3: "Base62 ids have at most 22 characters; hex ids have 32."
export const BASE62_MAX_LENGTH = 22;
export const HEX_ID_LENGTH = 32;
// spec 000 §3, §8: the one error text of an unparseable URI.
export const INVALID_URI_MESSAGE = 'Invalid Spotify URI!';

/** `invalid-id`: a base62 id longer than 22 characters (spec 000 §5); the message stays the same. */
export type InvalidUriReason = 'malformed' | 'unknown-type' | 'invalid-id';

export class InvalidUriError extends Error {
  override readonly name = 'InvalidUriError';
  constructor(readonly reason: InvalidUriReason = 'malformed') {
    super(INVALID_URI_MESSAGE);
  }
}

/** Catalogue entities carry provider ids: base62 (at most 22) or 32 hex. */
const BASE62_TYPES: ReadonlySet<UriType> = new Set(['album', 'artist', 'track', 'playlist', 'playlist-v2', 'show', 'episode']);
/** Their id is URL-decoded with plus as space (spec 001 §3 for users; search queries alike). */
const DECODED_TYPES: ReadonlySet<UriType> = new Set(['user', 'search']);
/** Their id is the whole rest of the URI (`spotify:local:artist:album:title:200`, `spotify:station:artist:ID`). */
const REST_TYPES: ReadonlySet<UriType> = new Set(['search', 'local', 'station', 'radio', 'app']);
const WITH_PARAMS: ReadonlySet<UriType> = new Set(['track', 'episode']);

const BASE62 = /^[0-9A-Za-z]+$/;
const HEX = /^[0-9a-fA-F]+$/;
const TOKEN = /^[\w.~%+-]*$/;
const SCHEME_AND_HOST = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i;
const PATH_PREFIXES = [/^intl-[a-z]{2}(?:-[a-z]{2})?$/i, /^embed(?:-podcast)?$/];

const isType = (word: string): word is UriType => (URI_TYPES as readonly string[]).includes(word);

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw new InvalidUriError('malformed');
  }
}

/** The inverse of `decode`: strict RFC 3986 escaping, space as plus. */
function encode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

function checkId(type: UriType, raw: string): string {
  if (raw === '') throw new InvalidUriError('malformed');
  if (BASE62_TYPES.has(type)) {
    if (raw.length === HEX_ID_LENGTH && HEX.test(raw)) return raw;
    if (!BASE62.test(raw)) throw new InvalidUriError('malformed');
    // spec 000 §5: base62 ids longer than 22 characters are rejected as an invalid id.
    if (raw.length > BASE62_MAX_LENGTH) throw new InvalidUriError('invalid-id');
    return raw;
  }
  if (DECODED_TYPES.has(type)) {
    const text = decode(raw);
    if (text.trim() === '') throw new InvalidUriError('malformed');
    return text;
  }
  // Rest ids may have empty inner fields (`spotify:local:::Title:200`), never only empty ones.
  const parts = raw.split(':');
  if (!parts.every((part) => TOKEN.test(part)) || parts.every((part) => part === '')) throw new InvalidUriError('malformed');
  return raw;
}

/** Splits the input into its type/id segments and its query; a `#fragment` carries nothing for us. */
function segmentsOf(input: string): { segments: string[]; query: string } {
  const head = input.split('#')[0] ?? '';
  const mark = head.indexOf('?');
  const body = mark < 0 ? head : head.slice(0, mark);
  const query = mark < 0 ? '' : head.slice(mark + 1);
  if (body.startsWith(`${URI_SCHEME}:`)) return { segments: body.slice(URI_SCHEME.length + 1).split(':'), query };
  let path: string;
  const scheme = SCHEME_AND_HOST.exec(body);
  if (scheme) path = body.slice(scheme[0].length);
  else if (body.startsWith('/')) path = body;
  else if (body.includes('/'))
    path = body.slice(body.indexOf('/')); // `host/path` without a scheme
  else throw new InvalidUriError('malformed');
  const segments = path.split('/').filter((segment) => segment !== '');
  for (const prefix of PATH_PREFIXES) if (segments[0] !== undefined && prefix.test(segments[0])) segments.shift();
  return { segments, query };
}

function readParams(query: string): Pick<ParsedUri, 'context' | 'play'> {
  const params: Pick<ParsedUri, 'context' | 'play'> = {};
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    if (key === 'context') params.context = formatUri(parseUri(value));
    else if (key === 'play') {
      if (value !== 'true' && value !== 'false') throw new InvalidUriError('malformed');
      params.play = value === 'true';
    }
  }
  return params;
}

/** Parses either form; throws `InvalidUriError` ('Invalid Spotify URI!') when it cannot. */
export function parseUri(input: string): ParsedUri {
  const { segments, query } = segmentsOf(input);
  let user: string | undefined;
  for (let i = 0; ; i += 2) {
    const word = segments[i];
    if (word === undefined || segments[i + 1] === undefined) throw new InvalidUriError('malformed');
    if (!isType(word)) throw new InvalidUriError(word === '' ? 'malformed' : 'unknown-type');
    const rest = REST_TYPES.has(word);
    const last = rest || i + 2 === segments.length;
    // A rest id keeps its inner separators as ':' so that both forms give the same id.
    const raw = rest ? segments.slice(i + 1).join(':') : (segments[i + 1] ?? '');
    const id = checkId(word, raw);
    if (!last) {
      if (word === 'user') user = id;
      continue;
    }
    const parsed: ParsedUri = { type: word, id };
    if (user !== undefined) parsed.user = user;
    return WITH_PARAMS.has(word) && query !== '' ? { ...parsed, ...readParams(query) } : parsed;
  }
}

export function tryParseUri(input: string): ParsedUri | null {
  try {
    return parseUri(input);
  } catch (error) {
    if (error instanceof InvalidUriError) return null;
    throw error;
  }
}

type Formattable = Pick<ParsedUri, 'type' | 'id'> & Partial<Pick<ParsedUri, 'user' | 'context' | 'play'>>;

const encodeId = (p: Pick<ParsedUri, 'type' | 'id'>): string => (DECODED_TYPES.has(p.type) ? encode(p.id) : p.id);

/** The canonical colon form; context and play only on a track or episode (written as a query). */
export function formatUri(p: Formattable): string {
  const owner = p.user !== undefined && p.type !== 'user' ? `user:${encode(p.user)}:` : '';
  const base = `${URI_SCHEME}:${owner}${p.type}:${encodeId(p)}`;
  if (!WITH_PARAMS.has(p.type)) return base;
  const params = [...(p.context !== undefined ? [`context=${encodeURIComponent(p.context)}`] : []), ...(p.play !== undefined ? [`play=${p.play}`] : [])];
  return params.length === 0 ? base : `${base}?${params.join('&')}`;
}

/** spec 000 §7 "Open URL": the public web player host plus the item's type and id. */
export function openUrl(host: string, p: Pick<ParsedUri, 'type' | 'id'>): string {
  const id = DECODED_TYPES.has(p.type) ? encode(p.id) : p.id.split(':').join('/');
  return `${host.replace(/\/+$/, '')}/${p.type}/${id}`;
}

/** A string that parses as a URI; decode failures read 'Invalid Spotify URI!' (spec 000 §8). */
export const SpotifyUri = new t.Type<string, string, unknown>(
  'SpotifyUri',
  (u): u is string => typeof u === 'string' && tryParseUri(u) !== null,
  (u, c) => (typeof u === 'string' && tryParseUri(u) !== null ? t.success(u) : t.failure(u, c, INVALID_URI_MESSAGE)),
  t.identity,
);
export type SpotifyUri = t.TypeOf<typeof SpotifyUri>;
