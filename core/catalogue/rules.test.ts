import { filter, map } from 'rxjs/operators';
import { TestScheduler } from 'rxjs/testing';
import { createFakeHttp, type HttpResponder } from '../../adapters/fake';
import type { HttpRequest } from '../ports';
import type { Action } from '../store/action';
import * as A from './actions';
import { metricsQueued } from '../engine/tracking/log-actions';
import { termsAccepted, termsCheckRequested, termsReacceptanceRequired } from './terms';
import { CACHE_LIMIT_DEFAULT, CACHE_LIMIT_METADATA, CACHE_LIMIT_TRACKS, REQUEST_TIMEOUT_MS } from './constants';
import { catalogueApi, collectionService, otherServices } from './endpoints';
import { ANONYMOUS, LOGGED_IN, NO_TOKEN, TEST_CONFIG, runCatalogue, type CatalogueTestState } from './testing/run-catalogue';
import type { SessionState } from '../engine/session/state';

/*
 * Issue 17 Must show: "Unit tables ... for the de-duplication, reset, market and error rules"
 * (spec 001 §4 Request de-duplication, §7, §8 Generic, §9 cache limits), with marble tests for the
 * 30000 ms timeout and the de-duplication.
 */

const album = { id: 'al1', uri: 'spotify:album:al1', type: 'album', name: 'A' };
const user = { id: 'demo', uri: 'spotify:user:demo', type: 'user', display_name: 'Demo', images: [] };
const ok =
  (body: unknown): HttpResponder =>
  () => ({ status: 200, headers: {}, body: JSON.stringify(body) });
const getAlbum = (requestId: string, id = 'al1') => catalogueApi.album.request({ requestId, args: { id } });
const getSearch = (requestId: string) => catalogueApi.search.request({ requestId, args: { q: 'a', type: ['album'] } });

interface Run {
  readonly calls: HttpRequest[];
  readonly log: Array<[number, Action]>;
  readonly state: CatalogueTestState;
}

function run(
  inputs: ReadonlyArray<readonly [number, Action]>,
  options: { session?: SessionState; responder?: HttpResponder; latencyMs?: number; config?: Action } = {},
): Run {
  const s = new TestScheduler((a, b) => expect(a).toEqual(b));
  const calls: HttpRequest[] = [];
  let out: Run | null = null;
  s.run(() => {
    const http = createFakeHttp(s, calls, options.responder ?? ok(album), options.latencyMs ?? 10);
    const { store, log } = runCatalogue({ scheduler: s, http, session: options.session ?? LOGGED_IN, inputs: [[0, options.config ?? TEST_CONFIG], ...inputs] });
    s.flush();
    out = { calls, log, state: store.getState() };
  });
  return out as unknown as Run;
}
const types = (r: Run) => r.log.map(([at, a]) => `${at} ${a.type}`);
const ofType = <T extends Action>(r: Run, c: { match: (a: Action) => a is T }): T[] => r.log.map(([, a]) => a).filter(c.match);

describe('marble: spec 001 §7 timeout 30000 ms', () => {
  it('is 30000 ms', () => expect(REQUEST_TIMEOUT_MS).toBe(30000));

  it('a call unanswered after 30000 ms fails with a null result, a request-failure metric and an analytics exception', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ expectObservable }) => {
      const http = createFakeHttp(s, [], ok(album), 40000);
      const { store } = runCatalogue({
        scheduler: s,
        http,
        session: LOGGED_IN,
        inputs: [
          [0, TEST_CONFIG],
          [1, getAlbum('r1')],
        ],
      });
      const out = store.envelopes$.pipe(
        filter((e) => e.src === 'epic'),
        map((e) => e.action.type.replace(/^(catalogue|logging)\//, '')),
      );
      expectObservable(out, '^ 40000ms !').toBe('- a 29999ms (bcde)', {
        a: 'requestSent',
        b: 'requestFailed',
        c: 'metricsQueued',
        d: 'exceptionReported',
        e: 'albumAnswered',
      });
    });
  });

  it('an answer at 29999 ms is in time', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ expectObservable }) => {
      const http = createFakeHttp(s, [], ok(album), 29999);
      const { store } = runCatalogue({
        scheduler: s,
        http,
        session: LOGGED_IN,
        inputs: [
          [0, TEST_CONFIG],
          [1, getAlbum('r1')],
        ],
      });
      const out = store.envelopes$.pipe(
        filter((e) => e.src === 'epic'),
        map((e) => e.action.type.replace('catalogue/', '')),
      );
      expectObservable(out, '^ 40000ms !').toBe('- a 29998ms b', { a: 'requestSent', b: 'albumAnswered' });
    });
  });

  it('the timed-out failure carries err, method, url and query', () => {
    const r = run([[1, getAlbum('r1')]], { latencyMs: 40000 });
    expect(ofType(r, A.requestFailed)).toEqual([
      {
        type: 'catalogue/requestFailed',
        requestId: 'r1',
        endpoint: 'album',
        method: 'GET',
        url: 'https://api.test/v1/albums/al1',
        query: 'market=from_token',
        status: null,
        err: 'Request timed out',
        fatal: false,
      },
    ]);
  });
});

describe("marble: spec 001 §4 a GET identical to one pending is refused with 'Already sent this request' (DUPLICATE_REQUEST_ERROR)", () => {
  it('the second GET while the first is pending is refused; once answered, the same GET is sent again', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ expectObservable }) => {
      const http = createFakeHttp(s, [], ok(album), 10);
      const { store } = runCatalogue({
        scheduler: s,
        http,
        session: LOGGED_IN,
        inputs: [
          [0, TEST_CONFIG],
          [1, getSearch('r1')],
          [5, getSearch('r2')],
          [20, getSearch('r3')],
        ],
      });
      const out = store.envelopes$.pipe(
        filter((e) => e.src === 'epic'),
        map((e) => `${e.action.type.replace('catalogue/', '')} ${(e.action as unknown as { requestId: string }).requestId}`),
      );
      // A search is not a cached catalogue item (spec 001 §9 cache), so the third is sent again.
      expectObservable(out, '^ 100ms !').toBe('- a 3ms b 5ms c 8ms d 9ms e', {
        a: 'requestSent r1',
        b: 'requestRefused r2',
        c: 'searchAnswered r1',
        d: 'requestSent r3',
        e: 'searchAnswered r3',
      });
    });
  });

  it.each([
    ['a GET of another URL', getAlbum('r2', 'al2'), 2],
    ['the same write (not a GET)', collectionService.collectionSaveTracks.request({ requestId: 'r2', args: { userId: 'demo', base62ids: ['tr1'] } }), 3],
  ] as const)('%s is not a duplicate', (_, second, calls) => {
    const first =
      second.type === getAlbum('x').type
        ? getAlbum('r1')
        : collectionService.collectionSaveTracks.request({ requestId: 'r1', args: { userId: 'demo', base62ids: ['tr1'] } });
    const r = run([
      [1, first],
      [2, second],
      [3, second],
    ]);
    expect(r.calls).toHaveLength(calls);
    const refused = ofType(r, A.requestRefused);
    expect(refused.every((x) => x.err === 'Already sent this request' && x.code === 'DUPLICATE_REQUEST_ERROR')).toBe(true);
  });

  it('the refusal names the text and the code', () => {
    const r = run([
      [1, getAlbum('r1')],
      [2, getAlbum('r2')],
    ]);
    expect(ofType(r, A.requestRefused)).toEqual([
      { type: 'catalogue/requestRefused', requestId: 'r2', endpoint: 'album', err: 'Already sent this request', code: 'DUPLICATE_REQUEST_ERROR' },
    ]);
    expect(r.calls).toHaveLength(1);
  });
});

describe('spec 001 §4: pending requests are reset when there is no token', () => {
  it('without a token an identical GET is sent, and the pending set holds only the newest', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(() => {
      const calls: HttpRequest[] = [];
      const http = createFakeHttp(s, calls, ok(album), 10);
      const { store } = runCatalogue({
        scheduler: s,
        http,
        session: NO_TOKEN,
        inputs: [
          [0, TEST_CONFIG],
          [1, getAlbum('r1')],
          [2, getAlbum('r2', 'al2')],
          [3, getAlbum('r3')],
        ],
      });
      s.schedule(() => {
        expect(store.getState().catalogue.pending).toEqual({ 'GET https://api.test/v1/albums/al1?market=SE': 'r3' });
      }, 4);
      s.flush();
      expect(calls).toHaveLength(3);
      expect(calls[0]?.headers?.['authorization']).toBeUndefined();
      expect(store.getState().catalogue.pending).toEqual({});
    });
  });

  it('with a token the pending GETs are kept', () => {
    const r = run([
      [1, getAlbum('r1')],
      [2, getAlbum('r2', 'al2')],
      [3, getAlbum('r3')],
    ]);
    expect(ofType(r, A.requestSent).map((x) => x.resetPending)).toEqual([false, false]);
    expect(ofType(r, A.requestRefused).map((x) => x.requestId)).toEqual(['r3']);
  });
});

describe("spec 001 §7: market 'from_token' for logged-in listeners, the session market for anonymous ones", () => {
  it.each([
    ['logged in', LOGGED_IN, 'market=from_token', 'Bearer tok'],
    ['anonymous', ANONYMOUS, 'market=SE', 'Bearer anon'],
    ['no token', NO_TOKEN, 'market=SE', undefined],
  ] as const)('%s', (_, session, market, bearer) => {
    const r = run([[1, catalogueApi.tracks.request({ requestId: 'r1', args: { ids: ['tr1'] } })]], { session, responder: ok({ tracks: [] }) });
    expect(r.calls[0]?.url).toBe(`https://api.test/v1/tracks?ids=tr1&${market}`);
    expect(r.calls[0]?.headers?.['authorization']).toBe(bearer);
  });

  it('a market given by the caller wins; endpoints without one send none', () => {
    const r = run([
      [1, catalogueApi.album.request({ requestId: 'r1', args: { id: 'al1', market: 'DE' } as never })],
      [2, catalogueApi.artist.request({ requestId: 'r2', args: { id: 'ar1' } })],
    ]);
    expect(r.calls.map((c) => c.url)).toEqual(['https://api.test/v1/albums/al1?market=DE', 'https://api.test/v1/artists/ar1']);
  });
});

describe('spec 001 §8 Generic: a failed request yields a null result, a request-failure metric and an analytics exception (fatal for /me endpoints)', () => {
  it.each([
    [
      'a 500 of /albums',
      getAlbum('r1'),
      () => ({ status: 500, headers: {}, body: '{}' }),
      500,
      'Request was not successful (status 500)',
      false,
      'albumAnswered',
    ],
    [
      'a 404 of /me',
      catalogueApi.me.request({ requestId: 'r1', args: {} }),
      () => ({ status: 404, headers: {}, body: '' }),
      404,
      'Request was not successful (status 404)',
      true,
      'meAnswered',
    ],
    [
      'a network error of /me/tracks',
      catalogueApi.savedTracks.request({ requestId: 'r1', args: {} }),
      () => new Error('Failed to fetch'),
      null,
      'Failed to fetch',
      true,
      'savedTracksAnswered',
    ],
    [
      "user info: /me answered empty is 'Unexpected empty response.'",
      catalogueApi.me.request({ requestId: 'r1', args: {} }),
      () => ({ status: 200, headers: {}, body: '' }),
      200,
      'Unexpected empty response.',
      true,
      'meAnswered',
    ],
    ['an answer its codec refuses', getAlbum('r1'), ok({ id: 1 }), 200, 'Invalid answer of album at id', false, 'albumAnswered'],
    [
      "'Failed to request similar episodes'",
      otherServices.seedToPlaylist.request({ requestId: 'r1', args: { uri: 'spotify:episode:ep1' } }),
      () => ({ status: 502, headers: {}, body: '' }),
      502,
      'Failed to request similar episodes',
      false,
      'seedToPlaylistAnswered',
    ],
  ] as const)('%s', (_, request, responder, status, err, fatal, answered) => {
    const r = run([[1, request]], { responder: responder });
    expect(
      types(r)
        .slice(1)
        .filter((x) => !x.endsWith('userInfoFailed')),
    ).toEqual(['11 catalogue/requestFailed', '11 logging/metricsQueued', '11 catalogue/exceptionReported', `11 catalogue/${answered}`]);
    const [failure] = ofType(r, A.requestFailed);
    expect(failure).toMatchObject({ requestId: 'r1', status, err, fatal });
    expect(ofType(r, metricsQueued)).toEqual([
      { type: 'logging/metricsQueued', meters: [{ what: 'request_failure', result: 'failure', reason: err, endpoint: failure?.endpoint }], timers: [] },
    ]);
    expect(ofType(r, A.exceptionReported)).toEqual([{ type: 'catalogue/exceptionReported', description: `${failure?.endpoint}: ${err}`, fatal }]);
    expect(r.log[r.log.length - 1]?.[1]).toEqual({ type: `catalogue/${answered}`, requestId: 'r1', result: null });
  });

  it('a write answered 204 with no body succeeds with a null result and no failure', () => {
    const r = run([[1, catalogueApi.followArtists.request({ requestId: 'r1', args: { ids: ['ar1'] } })]], {
      responder: () => ({ status: 204, headers: {}, body: '' }),
    });
    expect(types(r)).toEqual(['1 catalogue/requestSent', '11 catalogue/followArtistsAnswered']);
  });
});

describe('spec 001 §5, §8: library intents and their texts', () => {
  const save = (uri: string) => A.saveTrack({ requestId: 'r1', uri });
  it.each([
    ["saveTrack of an album: 'saveTrack will only save track URI's'", save('spotify:album:al1'), "saveTrack will only save track URI's"],
    [
      "removeTrack of an episode: 'removeTrack will only remove track URI's'",
      A.removeTrack({ requestId: 'r1', uri: 'spotify:episode:ep1' }),
      "removeTrack will only remove track URI's",
    ],
    [
      "containsTrack without a URI: 'No URI specified for containsTrack'",
      A.containsTrack({ requestId: 'r1', uri: null }),
      'No URI specified for containsTrack',
    ],
    [
      "containsTrack of an empty URI: 'No URI specified for containsTrack'",
      A.containsTrack({ requestId: 'r1', uri: '' }),
      'No URI specified for containsTrack',
    ],
    ["saveTrack of garbage: 'Spotify URI could not be parsed'", save('not a uri'), 'Spotify URI could not be parsed'],
    [
      "similar episodes of a track: 'Failed to request similar episodes'",
      A.similarEpisodes({ requestId: 'r1', uri: 'spotify:track:tr1' }),
      'Failed to request similar episodes',
    ],
  ] as const)('%s', (_, intent, err) => {
    const r = run([[1, intent]]);
    expect(r.calls).toEqual([]);
    expect(ofType(r, A.libraryRefused)).toEqual([
      { type: 'catalogue/library/refused', requestId: 'r1', action: intent.type.replace('catalogue/library/', ''), err },
    ]);
  });

  it.each([
    [save('spotify:track:tr1'), 'PUT', 'https://gw.test/collection/tracks/demo?model=bookmark&base62ids=tr1'],
    [A.removeTrack({ requestId: 'r1', uri: 'spotify:track:tr1' }), 'DELETE', 'https://gw.test/collection/tracks/demo?model=bookmark&base62ids=tr1'],
    [A.containsTrack({ requestId: 'r1', uri: 'spotify:track:tr1' }), 'GET', 'https://gw.test/collection/tracks/demo/contains?base62ids=tr1'],
    [A.saveAlbum({ requestId: 'r1', uri: 'spotify:album:al1' }), 'PUT', 'https://gw.test/collection/albums/demo?model=bookmark&base62ids=al1'],
    [A.removeAlbum({ requestId: 'r1', uri: 'spotify:album:al1' }), 'DELETE', 'https://gw.test/collection/albums/demo?model=bookmark&base62ids=al1'],
    [
      A.similarEpisodes({ requestId: 'r1', uri: 'spotify:episode:ep1' }),
      'GET',
      'https://gw.test/inspiredby-mix/v2/seed_to_playlist/spotify%3Aepisode%3Aep1?response-format=json',
    ],
  ] as const)('%j goes out as its request', (intent, method, url) => {
    const r = run([[1, intent]], { responder: () => ({ status: 200, headers: {}, body: '{"items":[{"found":true}]}' }) });
    expect(r.calls.map((c) => [c.method, c.url])).toEqual([[method, url]]);
  });

  it('the collection user is learnt from the user info (GET /me) when the configuration has none', () => {
    const config = A.catalogueConfigured({ ...TEST_CONFIG, userId: null });
    const r = run(
      [
        [1, save('spotify:track:tr1')],
        [2, catalogueApi.me.request({ requestId: 'm', args: {} })],
        [20, A.saveTrack({ requestId: 'r2', uri: 'spotify:track:tr1' })],
      ],
      { config, responder: ok(user) },
    );
    expect(ofType(r, A.libraryRefused).map((x) => x.err)).toEqual(['No user for the collection service']);
    expect(r.calls.map((c) => c.url)).toEqual(['https://api.test/v1/me', 'https://gw.test/collection/tracks/demo?model=bookmark&base62ids=tr1']);
    expect(r.state.catalogue.userId).toBe('demo');
  });
});

describe('spec 001 §9 Cache limit default: 100 entries; track cache 2; metadata cache 20', () => {
  it('the limits', () => expect([CACHE_LIMIT_DEFAULT, CACHE_LIMIT_TRACKS, CACHE_LIMIT_METADATA]).toEqual([100, 2, 20]));

  it.each([
    ['default (100)', 101, (i: number) => getAlbum(`r${i}`, `al${i}`), 'default', 100],
    ['tracks (2)', 3, (i: number) => catalogueApi.track.request({ requestId: `r${i}`, args: { id: `tr${i}` } }), 'tracks', 2],
    ['metadata (20)', 21, (i: number) => otherServices.backendArtist.request({ requestId: `r${i}`, args: { id: `ar${i}` } }), 'metadata', 20],
  ] as const)('%s keeps the newest answers', (_, count, request, kind, limit) => {
    const inputs = Array.from({ length: count }, (_, i) => [1 + i, request(i)] as const);
    const responder: HttpResponder = (req) => ({
      status: 200,
      headers: {},
      body: JSON.stringify({ id: req.url.replace(/.*\/([a-z]+\d+).*/, '$1'), uri: 'u', type: 'x', name: 'n', duration_ms: 1 }),
    });
    const r = run(inputs, { responder });
    const cache = r.state.catalogue.cache[kind];
    expect(cache).toHaveLength(limit);
    expect(cache[cache.length - 1]?.key).toContain(`${count - 1}`);
    expect(cache[0]?.key).toContain(`${count - limit}`);
  });
});

describe('spec 001 §9 cache: the layer reads the answers it keeps', () => {
  it('marble: a catalogue item asked again is answered from the cache at once, with no call', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ expectObservable }) => {
      const calls: HttpRequest[] = [];
      const http = createFakeHttp(s, calls, ok(album), 10);
      const { store } = runCatalogue({
        scheduler: s,
        http,
        session: LOGGED_IN,
        inputs: [
          [0, TEST_CONFIG],
          [1, getAlbum('r1')],
          [20, getAlbum('r2')],
        ],
      });
      const out = store.envelopes$.pipe(
        filter((e) => e.src === 'epic'),
        map((e) => `${e.action.type.replace('catalogue/', '')} ${(e.action as unknown as { requestId: string }).requestId}`),
      );
      expectObservable(out, '^ 100ms !').toBe('- a 9ms b 8ms (cd)', {
        a: 'requestSent r1',
        b: 'albumAnswered r1',
        c: 'answeredFromCache r2',
        d: 'albumAnswered r2',
      });
      s.flush();
      expect(calls).toHaveLength(1);
    });
  });

  it('the cached answer is the decoded one, and the entry read becomes the newest (least recently used leaves first)', () => {
    const responder: HttpResponder = (req) => ({
      status: 200,
      headers: {},
      body: JSON.stringify({ id: req.url.replace(/.*\/(tr\d+).*/, '$1'), uri: 'u', type: 'track', name: 'n', duration_ms: 1 }),
    });
    const track = (requestId: string, id: string) => catalogueApi.track.request({ requestId, args: { id } });
    // Track cache 2: tr0 and tr1 kept; tr0 read again; then tr2 drops tr1, not tr0.
    const r = run(
      [
        [1, track('a', 'tr0')],
        [20, track('b', 'tr1')],
        [40, track('c', 'tr0')],
        [60, track('d', 'tr2')],
        [80, track('e', 'tr0')],
      ],
      { responder },
    );
    expect(r.calls.map((c) => c.url.replace(/\?.*/, ''))).toEqual([
      'https://api.test/v1/tracks/tr0',
      'https://api.test/v1/tracks/tr1',
      'https://api.test/v1/tracks/tr2',
    ]);
    expect(r.state.catalogue.cache.tracks.map((e) => e.key.replace(/\?.*/, ''))).toEqual([
      'GET https://api.test/v1/tracks/tr2',
      'GET https://api.test/v1/tracks/tr0',
    ]);
    const answers = ofType(r, catalogueApi.track.answered);
    expect(answers.map((a) => [a.requestId, (a.result as { id: string } | null)?.id])).toEqual([
      ['a', 'tr0'],
      ['b', 'tr1'],
      ['c', 'tr0'],
      ['d', 'tr2'],
      ['e', 'tr0'],
    ]);
  });

  it.each([
    ['the user info (/me)', catalogueApi.me.request({ requestId: 'x', args: {} }), user],
    ['saved tracks (/me/tracks)', catalogueApi.savedTracks.request({ requestId: 'x', args: {} }), { items: [], total: 0, limit: 20 }],
    [
      'a station (follows likes and bans)',
      otherServices.station.request({ requestId: 'x', args: { id: 'spotify:station:track:t1', salt: 1 } }),
      { uri: 's', title: 't', tracks: [] },
    ],
    ['a search', getSearch('x'), {}],
  ] as const)("%s is a listener's changing data: neither kept nor read, each ask is sent", (_, request, body) => {
    const again = { ...request, requestId: 'y' } as unknown as Action;
    const r = run(
      [
        [1, request],
        [30, again],
      ],
      { responder: ok(body) },
    );
    expect(r.calls).toHaveLength(2);
    expect(ofType(r, A.answeredFromCache)).toEqual([]);
    expect(Object.values(r.state.catalogue.cache).flat()).toEqual([]);
  });

  it('a failed answer is not kept, so the next ask is sent', () => {
    const r = run(
      [
        [1, getAlbum('r1')],
        [30, getAlbum('r2')],
      ],
      { responder: (_req) => ({ status: 503, headers: {}, body: '' }) },
    );
    expect(r.calls).toHaveLength(2);
  });
});

describe("spec 001 §8 User info: request failed with status; 'Unexpected empty response.' (USER_INFO_* codes)", () => {
  it.each([
    ['a 500', () => ({ status: 500, headers: {}, body: '' }), 500, 'USER_INFO_REQUEST_FAILED', 'Request was not successful (status 500)'],
    ['no answer', () => new Error('Failed to fetch'), null, 'USER_INFO_REQUEST_FAILED', 'Failed to fetch'],
    ['an empty body', () => ({ status: 200, headers: {}, body: '' }), 200, 'USER_INFO_EMPTY_RESPONSE', 'Unexpected empty response.'],
    ['a JSON null', () => ({ status: 200, headers: {}, body: 'null' }), 200, 'USER_INFO_EMPTY_RESPONSE', 'Unexpected empty response.'],
    ['an empty object', () => ({ status: 200, headers: {}, body: '{}' }), 200, 'USER_INFO_EMPTY_RESPONSE', 'Unexpected empty response.'],
    [
      'an answer that is no user',
      () => ({ status: 200, headers: {}, body: '{"id":1}' }),
      200,
      'USER_INFO_INVALID_RESPONSE',
      expect.stringContaining('Invalid answer of me'),
    ],
  ] as const)('%s', (_, responder, status, code, err) => {
    const r = run([[1, catalogueApi.me.request({ requestId: 'r1', args: {} })]], { responder: responder });
    expect(ofType(r, A.userInfoFailed)).toEqual([{ type: 'catalogue/userInfoFailed', requestId: 'r1', code, status, err }]);
    expect(ofType(r, catalogueApi.me.answered)).toEqual([{ type: 'catalogue/meAnswered', requestId: 'r1', result: null }]);
    // The collection user stays the configured one.
    expect(r.state.catalogue.userId).toBe('demo');
  });

  it('another endpoint failing reports no user info failure', () => {
    const r = run([[1, getAlbum('r1')]], { responder: () => ({ status: 500, headers: {}, body: '' }) });
    expect(ofType(r, A.userInfoFailed)).toEqual([]);
  });

  it('a user answer is no failure', () => {
    const r = run([[1, catalogueApi.me.request({ requestId: 'r1', args: {} })]], { responder: ok(user) });
    expect(ofType(r, A.userInfoFailed)).toEqual([]);
    expect(ofType(r, catalogueApi.me.answered)[0]?.result).toMatchObject({ id: 'demo', display_name: 'Demo' });
  });
});

describe('spec 001 §7 Terms: the reacceptance flow', () => {
  const metadata = (reacceptanceRequired: boolean) => ({
    language: 'en',
    license: '2026-11',
    acceptedLicense: '2026-10',
    reacceptanceRequired,
    documents: [{ name: 'Terms', url: 'https://x.test/terms' }],
  });

  it('a licence to reaccept is held until its acceptance is answered', () => {
    const responder: HttpResponder = (req) =>
      req.method === 'GET' ? { status: 200, headers: {}, body: JSON.stringify(metadata(true)) } : { status: 204, headers: {}, body: '' };
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(() => {
      const calls: HttpRequest[] = [];
      const { store, log } = runCatalogue({
        scheduler: s,
        http: createFakeHttp(s, calls, responder, 10),
        session: LOGGED_IN,
        inputs: [
          [0, TEST_CONFIG],
          [1, termsCheckRequested({ requestId: 't1', language: 'en' })],
          [50, termsAccepted({ requestId: 't2', license: '2026-11' })],
        ],
      });
      s.schedule(
        () =>
          expect(store.getState().catalogue.terms).toEqual({
            license: '2026-11',
            documents: [{ name: 'Terms', url: 'https://x.test/terms' }],
            accepting: null,
          }),
        40,
      );
      s.flush();
      expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
        'GET https://gw.test/reaccept-my-legal/v1/reacceptance-metadata?language=en',
        'PUT https://gw.test/reaccept-my-legal/v1/license/2026-11',
      ]);
      expect(log.map(([, a]) => a).filter(termsReacceptanceRequired.match)).toHaveLength(1);
      expect(store.getState().catalogue.terms).toBeNull();
    });
  });

  it('nothing to reaccept: no prompt; a refused acceptance keeps the prompt', () => {
    expect(run([[1, termsCheckRequested({ requestId: 't1', language: 'en' })]], { responder: ok(metadata(false)) }).state.catalogue.terms).toBeNull();
    const responder: HttpResponder = (req) =>
      req.method === 'GET' ? { status: 200, headers: {}, body: JSON.stringify(metadata(true)) } : { status: 409, headers: {}, body: '' };
    const r = run(
      [
        [1, termsCheckRequested({ requestId: 't1', language: 'en' })],
        [50, termsAccepted({ requestId: 't2', license: '2026-10' })],
      ],
      { responder },
    );
    expect(r.state.catalogue.terms).toMatchObject({ license: '2026-11', accepting: null });
  });
});
