import { isLeft, isRight } from 'fp-ts/Either';
import { formatDecodeErrors } from './decode-errors';
import {
  BASE62_MAX_LENGTH,
  HEX_ID_LENGTH,
  InvalidUriError,
  SpotifyUri,
  URI_TYPES,
  formatUri,
  openUrl,
  parseUri,
  tryParseUri,
  type ParsedUri,
  type UriType,
} from './uri';

const ID22 = '4aawyAB9vmqN3uQ7FjRGTy'; // 22 base62 characters: the longest valid base62 id
const ID23 = `${ID22}x`;
const HEX32 = '0123456789abcdef0123456789ABCDEF';

/** An id that is valid for each type: base62 for catalogue entities, a word for the rest. */
function sampleId(type: UriType): string {
  return ['album', 'artist', 'track', 'playlist', 'playlist-v2', 'show', 'episode'].includes(type) ? ID22 : 'pop';
}

function errorOf(input: string): InvalidUriError {
  try {
    parseUri(input);
  } catch (error) {
    if (error instanceof InvalidUriError) return error;
    throw error;
  }
  throw new Error(`expected ${input} to be rejected`);
}

describe('spec 000 §3 URI grammar: every listed type in the colon and URL forms', () => {
  it('the spec list is all in URI_TYPES', () => {
    const named = ['album', 'artist', 'track', 'playlist', 'playlist-v2', 'show', 'episode', 'user', 'search', 'station', 'radio', 'local', 'collection'];
    expect(URI_TYPES).toEqual(expect.arrayContaining(named));
  });

  it.each(URI_TYPES.map((type) => [type]))('%s parses in both forms', (type) => {
    const id = sampleId(type);
    const expected: ParsedUri = { type, id };
    expect(parseUri(`spotify:${type}:${id}`)).toEqual(expected);
    expect(parseUri(`https://open.spotify.com/${type}/${id}`)).toEqual(expected);
    expect(parseUri(`/${type}/${id}`)).toEqual(expected);
  });
});

describe('spec 000 §3 URL path form: any host, optional embed prefix', () => {
  it.each<[string, ParsedUri]>([
    [`https://open.spotify.com/album/${ID22}`, { type: 'album', id: ID22 }],
    [`http://localhost:8080/album/${ID22}/`, { type: 'album', id: ID22 }],
    [`/album/${ID22}`, { type: 'album', id: ID22 }],
    [`/embed/album/${ID22}`, { type: 'album', id: ID22 }],
    [`https://open.spotify.com/embed-podcast/episode/${ID22}`, { type: 'episode', id: ID22 }],
    [`https://open.spotify.com/intl-de/track/${ID22}`, { type: 'track', id: ID22 }],
    [`open.spotify.com/user/x/playlist/${ID22}`, { type: 'playlist', id: ID22, user: 'x' }],
    [`https://open.spotify.com/album/${ID22}?si=abc123#top`, { type: 'album', id: ID22 }],
    ['/station/artist/abc', { type: 'station', id: 'artist:abc' }],
  ])('%s', (input, expected) => {
    expect(parseUri(input)).toEqual(expected);
  });
});

describe('spec 001 §3 Resource identifier: type/id pairs, the last pair gives type and id', () => {
  it.each<[string, ParsedUri]>([
    [`spotify:user:someone:playlist:${ID22}`, { type: 'playlist', id: ID22, user: 'someone' }],
    ['spotify:user:someone', { type: 'user', id: 'someone' }],
    [`spotify:artist:${ID22}:top:tracks`, { type: 'top', id: 'tracks' }],
    ['spotify:local:Some+Artist:Album:Title:200', { type: 'local', id: 'Some+Artist:Album:Title:200' }],
    ['spotify:local:::Title:200', { type: 'local', id: '::Title:200' }],
    [`spotify:station:artist:${ID22}`, { type: 'station', id: `artist:${ID22}` }],
    ['spotify:collection:tracks', { type: 'collection', id: 'tracks' }],
  ])('%s', (input, expected) => {
    expect(parseUri(input)).toEqual(expected);
  });
});

describe('spec 001 §3: user ids are URL-decoded with plus as space; search queries alike', () => {
  it.each<[string, ParsedUri]>([
    [`spotify:user:john+doe%21:playlist:${ID22}`, { type: 'playlist', id: ID22, user: 'john doe!' }],
    ['spotify:user:john+doe%21', { type: 'user', id: 'john doe!' }],
    ['spotify:user:a%2Bb', { type: 'user', id: 'a+b' }],
    [`https://open.spotify.com/user/john+doe%21/playlist/${ID22}`, { type: 'playlist', id: ID22, user: 'john doe!' }],
    ['spotify:search:daft+punk', { type: 'search', id: 'daft punk' }],
    ['spotify:search:a:b', { type: 'search', id: 'a:b' }],
    ['https://open.spotify.com/search/daft%20punk', { type: 'search', id: 'daft punk' }],
  ])('%s', (input, expected) => {
    expect(parseUri(input)).toEqual(expected);
  });
});

describe('spec 000 §3/§5 ids: base62 at most 22 characters, hex ids of 32', () => {
  it('pins the spec constants', () => {
    expect([BASE62_MAX_LENGTH, HEX_ID_LENGTH]).toEqual([22, 32]);
  });

  it.each<[string, string, ParsedUri | 'invalid-id' | 'malformed']>([
    ['22 base62 characters', `spotify:track:${ID22}`, { type: 'track', id: ID22 }],
    ['1 base62 character', 'spotify:track:a', { type: 'track', id: 'a' }],
    ['23 base62 characters', `spotify:track:${ID23}`, 'invalid-id'],
    ['23 base62 characters, URL form', `https://open.spotify.com/album/${ID23}`, 'invalid-id'],
    ['32 hex characters', `spotify:track:${HEX32}`, { type: 'track', id: HEX32 }],
    ['32 hex characters, URL form', `/episode/${HEX32}`, { type: 'episode', id: HEX32 }],
    ['32 base62 characters, not hex', `spotify:track:${HEX32.slice(0, 31)}z`, 'invalid-id'],
    ['33 hex characters', `spotify:track:${HEX32}a`, 'invalid-id'],
    ['a non-base62 character', `spotify:track:${ID22.slice(0, 21)}-`, 'malformed'],
  ])('%s', (_name, input, expected) => {
    if (typeof expected === 'string') expect(errorOf(input).reason).toBe(expected);
    else expect(parseUri(input)).toEqual(expected);
  });
});

describe('spec 000 §3: a track or episode URI may carry context and play parameters', () => {
  it.each<[string, ParsedUri]>([
    [`https://open.spotify.com/track/${ID22}?context=spotify:album:abc&play=true`, { type: 'track', id: ID22, context: 'spotify:album:abc', play: true }],
    [`https://open.spotify.com/track/${ID22}?context=spotify%3Aalbum%3Aabc&play=false`, { type: 'track', id: ID22, context: 'spotify:album:abc', play: false }],
    [`/episode/${ID22}?si=1&context=https%3A%2F%2Fopen.spotify.com%2Fshow%2Fabc`, { type: 'episode', id: ID22, context: 'spotify:show:abc' }],
    [
      `spotify:track:${ID22}?context=spotify%3Auser%3Abob%3Aplaylist%3Aabc&play=true`,
      { type: 'track', id: ID22, context: 'spotify:user:bob:playlist:abc', play: true },
    ],
    [`spotify:episode:${ID22}?play=true`, { type: 'episode', id: ID22, play: true }],
    // Other types do not carry them: the parameters are ignored like any other query.
    [`https://open.spotify.com/album/${ID22}?context=spotify:album:abc&play=true`, { type: 'album', id: ID22 }],
  ])('%s', (input, expected) => {
    expect(parseUri(input)).toEqual(expected);
  });

  it.each([[`spotify:track:${ID22}?context=spotify:nope:abc`], [`spotify:track:${ID22}?context=`], [`spotify:track:${ID22}?play=yes`]])(
    'a bad context or play value is invalid: %s',
    (input) => {
      expect(tryParseUri(input)).toBeNull();
    },
  );
});

describe('spec 000 §3/§8: an unparseable URI raises exactly "Invalid Spotify URI!"', () => {
  it.each<[string, string]>([
    ['', 'malformed'],
    ['spotify:', 'malformed'],
    ['spotify:album', 'malformed'],
    ['spotify:album:', 'malformed'],
    ['spotify:album:!!', 'malformed'],
    [`spotify:album:${ID22}:`, 'malformed'],
    [`spotify:album:${ID22}:track`, 'malformed'],
    ['spotify:unknown:abc', 'unknown-type'],
    ['spotify::abc', 'malformed'],
    ['Spotify:album:abc', 'malformed'],
    ['http://x/', 'malformed'],
    ['https://open.spotify.com/', 'malformed'],
    ['https://open.spotify.com/unknown/abc', 'unknown-type'],
    ['album/abc', 'malformed'], // read as host `album` and path `/abc`
    ['just words', 'malformed'],
    ['spotify:user:%E0%A4%A', 'malformed'],
    ['spotify:user:+', 'malformed'],
    ['spotify:genre:a b', 'malformed'],
    ['spotify:local::::', 'malformed'],
  ])('%j is rejected (%s)', (input, reason) => {
    const error = errorOf(input);
    expect(error.message).toBe('Invalid Spotify URI!');
    expect(error).toBeInstanceOf(Error);
    expect(error.reason).toBe(reason);
    expect(tryParseUri(input)).toBeNull();
  });

  it('keeps the message for the invalid-id case too', () => {
    expect(() => parseUri(`spotify:album:${ID23}`)).toThrow(new InvalidUriError('invalid-id'));
    expect(errorOf(`spotify:album:${ID23}`).message).toBe('Invalid Spotify URI!');
  });
});

describe('formatUri: canonical colon form, round trip', () => {
  it.each([
    [`spotify:album:${ID22}`],
    [`spotify:track:${HEX32}`],
    [`spotify:user:someone:playlist:${ID22}`],
    [`spotify:user:john+doe%21:playlist:${ID22}`],
    ['spotify:user:a%2Bb%3Ac'],
    ['spotify:search:daft+punk%3A+live'],
    ['spotify:local:Some+Artist::Title:200'],
    [`spotify:station:artist:${ID22}`],
    ['spotify:collection:tracks'],
    [`spotify:track:${ID22}?context=spotify%3Aalbum%3Aabc&play=true`],
    [`spotify:episode:${ID22}?play=false`],
  ])('formatUri(parseUri(%s)) gives it back', (input) => {
    expect(formatUri(parseUri(input))).toBe(input);
  });

  it.each([
    [`https://open.spotify.com/embed/album/${ID22}`, `spotify:album:${ID22}`],
    [`https://open.spotify.com/user/john%20doe/playlist/${ID22}?si=x`, `spotify:user:john+doe:playlist:${ID22}`],
    [`/track/${ID22}?play=true&context=spotify:album:abc`, `spotify:track:${ID22}?context=spotify%3Aalbum%3Aabc&play=true`],
  ])('the URL form %s formats as %s', (input, expected) => {
    expect(formatUri(parseUri(input))).toBe(expected);
  });

  it('writes context and play only for tracks and episodes', () => {
    expect(formatUri({ type: 'album', id: 'abc', context: 'spotify:artist:x', play: true })).toBe('spotify:album:abc');
  });
});

describe('spec 000 §7 Open URL: the web player host plus type and id', () => {
  it.each<[string, Pick<ParsedUri, 'type' | 'id'>, string]>([
    ['https://open.spotify.com', { type: 'album', id: ID22 }, `https://open.spotify.com/album/${ID22}`],
    ['http://localhost:8080/', { type: 'track', id: ID22 }, `http://localhost:8080/track/${ID22}`],
    ['https://open.spotify.com', { type: 'user', id: 'john doe!' }, 'https://open.spotify.com/user/john+doe%21'],
    ['https://open.spotify.com', { type: 'station', id: 'artist:abc' }, 'https://open.spotify.com/station/artist/abc'],
  ])('%s + %j', (host, item, expected) => {
    expect(openUrl(host, item)).toBe(expected);
    expect(parseUri(expected)).toEqual(item);
  });
});

describe('SpotifyUri codec (spec 000 §8 error text)', () => {
  it('decodes parseable URIs of either form', () => {
    expect(isRight(SpotifyUri.decode(`spotify:album:${ID22}`))).toBe(true);
    expect(isRight(SpotifyUri.decode(`https://open.spotify.com/album/${ID22}`))).toBe(true);
    expect(SpotifyUri.is(`spotify:album:${ID22}`)).toBe(true);
  });

  it.each([[''], ['spotify:album:!!'], [`spotify:album:${ID23}`], [42], [null]])('refuses %j with "Invalid Spotify URI!"', (value) => {
    const result = SpotifyUri.decode(value);
    expect(isLeft(result)).toBe(true);
    if (isLeft(result)) expect(formatDecodeErrors(result.left)).toContain('Invalid Spotify URI!');
    expect(SpotifyUri.is(value)).toBe(false);
  });
});
