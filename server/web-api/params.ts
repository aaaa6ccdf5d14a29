import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import { formatDecodeErrors } from '../../core/model/decode-errors';
import { WebApiError } from './errors';

/**
 * io-ts codecs of the Web API's query and path parameters. Each one decodes the raw string (a
 * repeated parameter arrives as an array and is refused) and says what it expected, so a bad
 * parameter answers 400 with a message naming it, e.g. `limit: an integer from 1 to 50, got "0"`.
 */
const fromString = <A>(name: string, expected: string, parse: (s: string) => A | undefined) =>
  new t.Type<A, string, unknown>(
    name,
    (u): u is A => parse(String(u)) !== undefined,
    (u, c) => {
      const parsed = typeof u === 'string' ? parse(u) : undefined;
      return parsed === undefined ? t.failure(u, c, expected) : t.success(parsed);
    },
    String,
  );

/** A parameter that may be left out: absent means `fallback`. */
export const optional = <A, F>(codec: t.Type<A, string, unknown>, fallback: F) =>
  new t.Type<A | F, string | undefined, unknown>(
    codec.name,
    (u): u is A | F => u === fallback || codec.is(u),
    (u, c) => (u === undefined ? t.success(fallback) : codec.validate(u, c)),
    (a) => (a === fallback ? undefined : codec.encode(a as A)),
  );

/** A required parameter, with the Web API's wording when it is missing. */
const required = <A>(codec: t.Type<A, string, unknown>) =>
  new t.Type<A, string, unknown>(codec.name, codec.is, (u, c) => (u === undefined ? t.failure(u, c, 'required') : codec.validate(u, c)), codec.encode);

const integer = (min: number, max: number) =>
  fromString(`Int${min}_${max}`, `an integer from ${min} to ${max}`, (s) => {
    if (!/^\d{1,9}$/.test(s)) return undefined;
    const n = Number(s);
    return n >= min && n <= max ? n : undefined;
  });

/** spec 001 §3: base62 ids have at most 22 characters. */
const BASE62_ID = /^[0-9A-Za-z]{1,22}$/;
export const CatalogueId = fromString('CatalogueId', 'a base62 id of at most 22 characters', (s) => (BASE62_ID.test(s) ? s : undefined));

/** A comma-separated id list of at most `max` ids. */
export const IdList = (max: number) =>
  required(
    fromString('IdList', `a comma-separated list of 1 to ${max} base62 ids`, (s) => {
      const ids = s.split(',');
      return ids.length <= max && ids.every((id) => BASE62_ID.test(id)) ? ids : undefined;
    }),
  );

/** Paging: limit 1..50 (default 20), offset from 0 (search: at most 1000). */
export const Limit = optional(integer(1, 50), 20);
export const Offset = (max = 1_000_000_000) => optional(integer(0, max), 0);

/** An ISO 3166-1 alpha-2 code, or `from_token`: the market of the token's user. */
export const Market = optional(
  fromString('Market', 'an ISO 3166-1 alpha-2 country code or from_token', (s) => (/^[A-Z]{2}$/.test(s) || s === 'from_token' ? s : undefined)),
  null,
);

/** A comma-separated list of values from `allowed`, each at most once. */
export const ListOf = <V extends string>(allowed: readonly V[]) =>
  fromString(`ListOf(${allowed.join('|')})`, `a comma-separated list of ${allowed.join(', ')}`, (s) => {
    const values = s.split(',');
    const known = (v: string): v is V => (allowed as readonly string[]).includes(v);
    return values.every(known) && new Set(values).size === values.length ? values : undefined;
  });

export const SEARCH_TYPES = ['album', 'artist', 'playlist', 'track', 'show', 'episode', 'audiobook'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SearchQuery = t.type({
  q: required(fromString('Query', 'a non-empty search query', (s) => (s.trim() === '' ? undefined : s))),
  type: required(ListOf(SEARCH_TYPES)),
  limit: Limit,
  offset: Offset(1000),
  market: Market,
  include_external: optional(
    fromString('IncludeExternal', 'audio', (s) => (s === 'audio' ? s : undefined)),
    null,
  ),
  best_match: optional(
    fromString('Boolean', 'true or false', (s) => (s === 'true' ? true : s === 'false' ? false : undefined)),
    false,
  ),
  decorate_restrictions: optional(
    fromString('Boolean', 'true or false', (s) => (s === 'true' ? true : s === 'false' ? false : undefined)),
    true,
  ),
});

export const UserId = fromString('UserId', 'a user id of 1 to 64 characters', (s) => (s.length >= 1 && s.length <= 64 ? s : undefined));

/** Decodes a request's query or path parameters, or throws the 400 that names the first bad one. */
export function decodeParams<C extends t.Mixed>(codec: C, raw: unknown): t.TypeOf<C> {
  const decoded = codec.decode(raw ?? {});
  if (isLeft(decoded)) throw new WebApiError(400, `Invalid request parameter ${formatDecodeErrors(decoded.left, 1)}`);
  return decoded.right as t.TypeOf<C>;
}

/** The playlist `fields` selection (only its top-level names are honoured). */
export const FieldList = optional(
  fromString('Fields', 'a field list such as name,public', (s) => (/^[\w.(),!/]+$/.test(s) ? s : undefined)),
  null,
);

/** An audio file id of storage resolve, the CDN and seek tables: 1 to 64 letters and digits. */
export const FileId = fromString('FileId', 'a file id of 1 to 64 letters and digits', (s) => (/^[0-9A-Za-z]{1,64}$/.test(s) ? s : undefined));

/** A boolean query parameter: true or false. */
export const BooleanParam = fromString('Boolean', 'true or false', (s) => (s === 'true' ? true : s === 'false' ? false : undefined));

/** An integer query parameter from `min` to `max`. */
export const IntegerParam = integer;

/** A query parameter that must be one of `allowed` (e.g. type=artist). */
export const OneOf = <V extends string>(allowed: readonly V[]) =>
  fromString(`OneOf(${allowed.join('|')})`, allowed.length === 1 ? `${allowed[0]}` : `one of ${allowed.join(', ')}`, (s) =>
    (allowed as readonly string[]).includes(s) ? (s as V) : undefined,
  );

/** Required, as the Web API words a missing parameter. */
export const requiredParam = required;

/** A comma-separated list of 1 to `max` user ids (GET /playlists/{id}/followers/contains?ids). */
export const UserIdList = (max: number) =>
  required(
    fromString('UserIdList', `a comma-separated list of 1 to ${max} user ids`, (s) => {
      const ids = s.split(',');
      return ids.length <= max && ids.every((id) => id.length >= 1 && id.length <= 64) ? ids : undefined;
    }),
  );

/** An ISO 8601 date-time such as 2026-01-01T09:00:00 (GET /views/{viewId}?timestamp). */
export const Timestamp = fromString('Timestamp', 'an ISO 8601 date-time such as 2026-01-01T09:00:00', (s) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/.test(s) && !Number.isNaN(Date.parse(s)) ? s : undefined,
);

/** A view id of GET /views/{viewId}: letters, digits, '-' and '_'. */
export const ViewId = fromString('ViewId', 'a view id of letters, digits, - and _', (s) => (/^[\w-]{1,64}$/.test(s) ? s : undefined));

/** A short free text (locale, image_style): 1 to 64 printable characters. */
export const ShortText = fromString('ShortText', 'a text of 1 to 64 characters', (s) => (/^[\x21-\x7e]{1,64}$/.test(s) ? s : undefined));
