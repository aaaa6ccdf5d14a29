import { distinctUntilChanged, filter, map } from 'rxjs/operators';
import { TestScheduler } from 'rxjs/testing';
import type { SchedulerLike } from 'rxjs';
import { createFakeHttp, type HttpResponder } from '../../adapters/fake';
import { moveRange } from '../../server/web-api/move-range';
import { catalogueEpics, catalogueReducer, ENDPOINTS, initialCatalogueState, type CatalogueSlice } from '../catalogue';
import { LOGGED_IN, TEST_CONFIG } from '../catalogue/testing/run-catalogue';
import { sessionReducer } from '../engine/session/reducer';
import type { SessionSlice, SessionState } from '../engine/session/state';
import type { HttpPort, HttpRequest } from '../ports';
import type { Action } from '../store/action';
import { createStore, type Store } from '../store/store';
import {
  addMenuOpened,
  addToPlaylistChosen,
  applyEdit,
  editRequest,
  initialPlaylistEditingState,
  ownPlaylistsOf,
  playlistCreateRequested,
  playlistEditingEpic,
  playlistEditingReducer,
  playlistEditAnswered,
  playlistPublicToggled,
  playlistRenamed,
  playlistRowMoved,
  playlistRowRemoved,
  rowsOf,
  shownPlaylist,
  type OpenPlaylist,
  type PlaylistEdit,
  type PlaylistEditingSlice,
  type PlaylistEditingState,
  type EditableTrack,
} from './playlist-editing';

/*
 * Issue 17, playlist editing in the web player: unit tables of what each intent changes and sends
 * (spec 001 §7 Catalogue API playlist writes, §6 creation is public), and marbles of the queue
 * (one change in flight at a time, the next once it is answered) and of the put-back on failure.
 */

const track = (id: string): EditableTrack => ({
  id,
  uri: `spotify:track:${id}`,
  name: `Song ${id}`,
  artists: [{ name: 'Artist', href: null }],
  album: null,
  imageUrl: null,
  durationMs: 1000,
  previewUrl: null,
  playable: true,
});
const mineList: OpenPlaylist = { id: 'pl1', name: 'Mine', public: true, owned: true, rows: rowsOf(['a', 'b', 'c', 'd'].map(track)), snapshotId: 's1' };
const editing = (over: Partial<Parameters<typeof initialPlaylistEditingState>[0]> = {}): PlaylistEditingState =>
  initialPlaylistEditingState({ loggedIn: true, userId: 'demo', open: mineList, mine: [{ id: 'pl2', name: 'Other' }], ...over });
const idsOf = (s: PlaylistEditingState) => shownPlaylist(s)?.rows.map((r) => r.id);

describe('playlist intents: what the page shows at once and the change queued (spec 001 §7)', () => {
  it.each<[string, Action, string[], PlaylistEdit]>([
    ['move a row down (0 to 2)', playlistRowMoved({ from: 0, to: 2 }), ['b', 'c', 'a', 'd'], { kind: 'move', playlistId: 'pl1', from: 0, insertBefore: 3 }],
    ['move a row up (3 to 1)', playlistRowMoved({ from: 3, to: 1 }), ['a', 'd', 'b', 'c'], { kind: 'move', playlistId: 'pl1', from: 3, insertBefore: 1 }],
    ['move the last row to the top', playlistRowMoved({ from: 3, to: 0 }), ['d', 'a', 'b', 'c'], { kind: 'move', playlistId: 'pl1', from: 3, insertBefore: 0 }],
    [
      'remove a row (by its position and uri)',
      playlistRowRemoved({ index: 1 }),
      ['a', 'c', 'd'],
      { kind: 'remove', playlistId: 'pl1', position: 1, uri: 'spotify:track:b' },
    ],
    ['rename (trimmed)', playlistRenamed({ name: '  Road trip ' }), ['a', 'b', 'c', 'd'], { kind: 'rename', playlistId: 'pl1', name: 'Road trip' }],
    ['make private', playlistPublicToggled(), ['a', 'b', 'c', 'd'], { kind: 'publish', playlistId: 'pl1', public: false }],
    [
      'add a track to the page’s own playlist (at the end)',
      addToPlaylistChosen({ playlistId: 'pl1', track: track('e') }),
      ['a', 'b', 'c', 'd', 'e'],
      { kind: 'add', playlistId: 'pl1', playlistName: 'Mine', tracks: [track('e')], position: null },
    ],
    [
      'add a track to another own playlist (the page’s stays)',
      addToPlaylistChosen({ playlistId: 'pl2', track: track('e') }),
      ['a', 'b', 'c', 'd'],
      { kind: 'add', playlistId: 'pl2', playlistName: 'Other', tracks: [track('e')], position: null },
    ],
  ])('%s', (_name, intent, shown, edit) => {
    const next = playlistEditingReducer(editing(), intent);
    expect(idsOf(next)).toEqual(shown);
    expect(next.queue).toEqual([{ seq: 1, edit }]);
    // The confirmed playlist waits for the answer.
    expect(next.open).toBe(mineList);
  });

  it.each<[string, PlaylistEditingState, Action]>([
    ['another’s playlist', editing({ open: { ...mineList, owned: false } }), playlistRowRemoved({ index: 0 })],
    ['an empty name', editing(), playlistRenamed({ name: '   ' })],
    ['the same name', editing(), playlistRenamed({ name: 'Mine' })],
    ['a move to where it is', editing(), playlistRowMoved({ from: 1, to: 1 })],
    ['a move past the end', editing(), playlistRowMoved({ from: 1, to: 4 })],
    ['a row that is not there', editing(), playlistRowRemoved({ index: 9 })],
    ['a playlist not the listener’s', editing(), addToPlaylistChosen({ playlistId: 'theirs', track: track('e') })],
  ])('nothing is queued for %s', (_name, state, intent) => {
    expect(playlistEditingReducer(state, intent)).toBe(state);
  });

  it.each([playlistRowRemoved({ index: 0 }), playlistRenamed({ name: 'x' }), playlistCreateRequested({ name: 'x' }), addMenuOpened()])(
    'an anonymous visitor is offered the log-in page for %j, nothing queued (issue 17: never an error)',
    (intent) => {
      const next = playlistEditingReducer(editing({ loggedIn: false, userId: null }), intent);
      expect(next.loginOffer).toBe('playlist');
      expect(next.queue).toEqual([]);
      expect(next.creating).toBeNull();
      expect(next.mineRequest).toBeNull();
    },
  );

  it('changes made one after another apply on top of each other, each on what was shown', () => {
    let s = editing();
    s = playlistEditingReducer(s, playlistRowMoved({ from: 3, to: 0 }));
    s = playlistEditingReducer(s, playlistRowRemoved({ index: 1 }));
    expect(idsOf(s)).toEqual(['d', 'b', 'c']);
    expect(s.queue.map((q) => q.edit)).toEqual([
      { kind: 'move', playlistId: 'pl1', from: 3, insertBefore: 0 },
      { kind: 'remove', playlistId: 'pl1', position: 1, uri: 'spotify:track:a' },
    ]);
    // Rows keep their keys while they move.
    expect(shownPlaylist(s)?.rows.map((r) => r.key)).toEqual(['r3', 'r1', 'r2']);
  });

  it('a confirmed change moves into the confirmed playlist with its snapshot_id; a failed one is put back with the later ones of that playlist', () => {
    let s = editing();
    s = playlistEditingReducer(s, playlistRowMoved({ from: 0, to: 1 }));
    s = playlistEditingReducer(s, addToPlaylistChosen({ playlistId: 'pl2', track: track('e') }));
    s = playlistEditingReducer(s, playlistRowRemoved({ index: 0 }));
    const ok = playlistEditingReducer(s, playlistEditAnswered({ seq: 1, ok: true, snapshotId: 's2' }));
    expect(ok.open?.rows.map((r) => r.id)).toEqual(['b', 'a', 'c', 'd']);
    expect(ok.open?.snapshotId).toBe('s2');
    expect(ok.queue.map((q) => q.seq)).toEqual([2, 3]);
    const failed = playlistEditingReducer(s, playlistEditAnswered({ seq: 1, ok: false, snapshotId: null }));
    expect(idsOf(failed)).toEqual(['a', 'b', 'c', 'd']);
    // The add to the other playlist was not made on top of the failed move: it stays.
    expect(failed.queue.map((q) => q.seq)).toEqual([2]);
    expect(failed.notice?.text).toBe('Could not change the playlist; it is back as it was.');
    const added = playlistEditingReducer(failed, playlistEditAnswered({ seq: 2, ok: true, snapshotId: 'x' }));
    expect(added.notice).toEqual({ seq: 2, text: 'Added to Other' });
  });

  it("a moved row lands where the provider's reorder puts it (server/web-api/move-range.ts), for every from and to", () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const base: OpenPlaylist = { ...mineList, rows: rowsOf(ids.map(track)) };
    for (let from = 0; from < ids.length; from += 1) {
      for (let to = 0; to < ids.length; to += 1) {
        if (from === to) continue;
        const s = playlistEditingReducer(editing({ open: base }), playlistRowMoved({ from, to }));
        const edit = s.queue[0]!.edit as Extract<PlaylistEdit, { kind: 'move' }>;
        const shown = applyEdit(base, s.queue[0]!).rows.map((r) => r.id);
        expect([from, to, shown]).toEqual([from, to, moveRange(ids, edit.from, 1, edit.insertBefore)]);
        expect(shown.indexOf(ids[from]!)).toBe(to);
      }
    }
  });
});

describe('the request of each change (spec 001 §7 Catalogue API)', () => {
  it.each<[PlaylistEdit, Action]>([
    [{ kind: 'rename', playlistId: 'p', name: 'N' }, ENDPOINTS.changePlaylistDetails.request({ requestId: 'r', args: { id: 'p', body: { name: 'N' } } })],
    [
      { kind: 'publish', playlistId: 'p', public: true },
      ENDPOINTS.changePlaylistDetails.request({ requestId: 'r', args: { id: 'p', body: { public: true } } }),
    ],
    [
      { kind: 'add', playlistId: 'p', playlistName: 'N', tracks: [track('e')], position: null },
      ENDPOINTS.addToPlaylist.request({ requestId: 'r', args: { id: 'p', body: { uris: ['spotify:track:e'] } } }),
    ],
    [
      { kind: 'add', playlistId: 'p', playlistName: 'N', tracks: [track('e')], position: 2 },
      ENDPOINTS.addToPlaylist.request({ requestId: 'r', args: { id: 'p', body: { uris: ['spotify:track:e'], position: 2 } } }),
    ],
    [
      { kind: 'remove', playlistId: 'p', position: 3, uri: 'spotify:track:e' },
      ENDPOINTS.removeFromPlaylist.request({ requestId: 'r', args: { id: 'p', body: { tracks: [{ uri: 'spotify:track:e', positions: [3] }] } } }),
    ],
    [
      { kind: 'move', playlistId: 'p', from: 3, insertBefore: 0 },
      ENDPOINTS.reorderPlaylist.request({ requestId: 'r', args: { id: 'p', body: { range_start: 3, range_length: 1, insert_before: 0 } } }),
    ],
  ])('%j', (edit, request) => {
    expect(editRequest('r', edit)).toEqual(request);
  });

  it('the "Add to playlist" menu lists only the playlists the listener owns', () => {
    const page = {
      items: [
        { id: 'x', name: 'Made', owner: { id: 'demo' } },
        { id: 'y', name: 'Followed', owner: { id: 'someone' } },
      ],
    };
    expect(ownPlaylistsOf(page, 'demo')).toEqual([{ id: 'x', name: 'Made' }]);
    expect(ownPlaylistsOf(page, null)).toEqual([]);
  });
});

type State = SessionSlice & CatalogueSlice & PlaylistEditingSlice;

/** The request layer and this slice in one store, as the page has them, on a virtual clock. */
function runPage(
  scheduler: SchedulerLike,
  http: HttpPort,
  inputs: ReadonlyArray<readonly [number, Action]>,
  initial: PlaylistEditingState = editing(),
  session: SessionState = LOGGED_IN,
): Store<State> {
  const store = createStore<State, { clock: { now(): number }; scheduler: SchedulerLike; http: HttpPort }>({
    reducer: (s, a) => ({
      session: sessionReducer(s.session, a),
      catalogue: catalogueReducer(s.catalogue, a),
      playlistEditing: playlistEditingReducer(s.playlistEditing, a),
    }),
    epics: [...catalogueEpics, playlistEditingEpic],
    deps: { clock: { now: () => scheduler.now() }, scheduler, http },
    initialState: { session, catalogue: initialCatalogueState, playlistEditing: initial },
  });
  for (const [at, action] of [[0, TEST_CONFIG] as const, ...inputs]) scheduler.schedule(() => store.dispatch(action), at);
  return store;
}

const snapshot = (fail: (request: HttpRequest, n: number) => boolean = () => false): HttpResponder =>
  (() => {
    let n = 0;
    return (request: HttpRequest) => {
      n += 1;
      if (fail(request, n)) return { status: 500, headers: {}, body: '' };
      return request.method === 'PUT' && !request.url.endsWith('/tracks')
        ? { status: 200, headers: {}, body: '' }
        : { status: 200, headers: {}, body: JSON.stringify({ snapshot_id: `s${n + 1}` }) };
    };
  })();

describe('marble: changes go one at a time, the next when the one before is answered', () => {
  it('three changes made at 1, 2 and 3 ms are sent at 1, 11 and 21 ms (10 ms answers)', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ expectObservable }) => {
      const calls: HttpRequest[] = [];
      const http = createFakeHttp(s, calls, snapshot(), 10);
      const store = runPage(s, http, [
        [1, playlistRowMoved({ from: 3, to: 0 })],
        [2, playlistRowRemoved({ index: 1 })],
        [3, playlistPublicToggled()],
      ]);
      const sent = store.envelopes$.pipe(
        filter((e) => e.action.type === 'catalogue/requestSent'),
        map((e) => (e.action as unknown as { endpoint: string }).endpoint),
      );
      expectObservable(sent, '^ 40ms !').toBe('- a 9ms b 9ms c', { a: 'reorderPlaylist', b: 'removeFromPlaylist', c: 'changePlaylistDetails' });
      s.flush();
      expect(calls.map((c) => [c.method, c.url.replace('https://api.test', ''), c.body])).toEqual([
        ['PUT', '/v1/playlists/pl1/tracks', JSON.stringify({ range_start: 3, range_length: 1, insert_before: 0 })],
        ['DELETE', '/v1/playlists/pl1/tracks', JSON.stringify({ tracks: [{ uri: 'spotify:track:a', positions: [1] }] })],
        ['PUT', '/v1/playlists/pl1', JSON.stringify({ public: false })],
      ]);
      const done = store.getState().playlistEditing;
      expect(done.queue).toEqual([]);
      expect(done.open).toMatchObject({ public: false, snapshotId: 's3' });
      expect(done.open?.rows.map((r) => r.id)).toEqual(['d', 'b', 'c']);
    });
  });

  it('a failed change is put back at its answer (11 ms) with the later one of that playlist, never sent', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(({ expectObservable }) => {
      const calls: HttpRequest[] = [];
      const http = createFakeHttp(
        s,
        calls,
        snapshot((_r, n) => n === 1),
        10,
      );
      const store = runPage(s, http, [
        [1, playlistRowMoved({ from: 3, to: 0 })],
        [2, playlistRowRemoved({ index: 1 })],
      ]);
      const shown = store.state$.pipe(
        map((st) =>
          shownPlaylist(st.playlistEditing)
            ?.rows.map((r) => r.id)
            .join(''),
        ),
      );
      // abcd at first, dabc at 1 ms, dbc at 2 ms, abcd again when the move fails.
      expectObservable(shown.pipe(distinctUntilChanged()), '^ 40ms !').toBe('a b c 8ms d', {
        a: 'abcd',
        b: 'dabc',
        c: 'dbc',
        d: 'abcd',
      });
      s.flush();
      expect(calls.map((c) => c.method)).toEqual(['PUT']);
      expect(store.getState().playlistEditing.notice?.text).toBe('Could not change the playlist; it is back as it was.');
    });
  });
});

describe('creating a playlist and the listener’s own playlists', () => {
  it('"Create playlist" sends POST /users/{id}/playlists public (spec 001 §6); the answer is the page to go to', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(() => {
      const calls: HttpRequest[] = [];
      const http = createFakeHttp(
        s,
        calls,
        () => ({ status: 201, headers: {}, body: JSON.stringify({ id: 'new', uri: 'spotify:playlist:new', type: 'playlist', name: 'Trip', public: true }) }),
        10,
      );
      const store = runPage(s, http, [
        [1, playlistCreateRequested({ name: ' Trip ' })],
        [2, playlistCreateRequested({ name: 'Again' })],
      ]);
      s.flush();
      expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
        ['POST', 'https://api.test/v1/users/demo/playlists', JSON.stringify({ name: 'Trip', public: true })],
      ]);
      const st = store.getState().playlistEditing;
      expect(st.created).toEqual({ id: 'new', name: 'Trip' });
      expect(st.creating).toBeNull();
      expect(st.mine).toEqual([
        { id: 'new', name: 'Trip' },
        { id: 'pl2', name: 'Other' },
      ]);
    });
  });

  it('a failed creation says so and stays on the page', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(() => {
      const http = createFakeHttp(s, [], () => ({ status: 500, headers: {}, body: '' }), 10);
      const store = runPage(s, http, [[1, playlistCreateRequested({ name: 'Trip' })]]);
      s.flush();
      const st = store.getState().playlistEditing;
      expect([st.created, st.creating, st.notice?.text]).toEqual([null, null, 'Could not create the playlist. Try again.']);
    });
  });

  it('opening the "Add to playlist" menu asks GET /me/playlists once and keeps the owned ones', () => {
    const s = new TestScheduler((a, b) => expect(a).toEqual(b));
    s.run(() => {
      const calls: HttpRequest[] = [];
      const page = {
        items: [
          { id: 'x', uri: 'spotify:playlist:x', type: 'playlist', name: 'Made', public: true, owner: { id: 'demo' } },
          { id: 'y', uri: 'spotify:playlist:y', type: 'playlist', name: 'Followed', public: true, owner: { id: 'other' } },
        ],
        total: 2,
        limit: 50,
      };
      const http = createFakeHttp(s, calls, () => ({ status: 200, headers: {}, body: JSON.stringify(page) }), 10);
      const store = runPage(
        s,
        http,
        [
          [1, addMenuOpened()],
          [2, addMenuOpened()],
          [20, addMenuOpened()],
        ],
        editing({ mine: null }),
      );
      s.flush();
      expect(calls.map((c) => c.url)).toEqual(['https://api.test/v1/me/playlists?limit=50&offset=0']);
      expect(store.getState().playlistEditing.mine).toEqual([{ id: 'x', name: 'Made' }]);
    });
  });
});
