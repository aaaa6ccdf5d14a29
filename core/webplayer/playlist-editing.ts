import * as t from 'io-ts';
import { merge, type Observable } from 'rxjs';
import { filter, mergeMap } from 'rxjs/operators';
import { ENDPOINTS, libraryRefused, requestFailed, requestRefused } from '../catalogue';
import { defineAction, type Action } from '../store/action';
import type { StateObservable } from '../store/store';

/*
 * Playlist editing in the web player (issue 17; spec 001 §4 library actions "create playlist; add
 * to, rename, remove from, move within a playlist; publish or unpublish a playlist", sent as the
 * §7 Catalogue API calls of core/catalogue). Following and unfollowing are the page's library
 * toggles (library.ts), not here.
 *
 * Optimistic, like saving: a change shows at once and is put back when its request fails. The
 * changes of one listener go to the provider one at a time, in the order made, each against the
 * list the provider holds once the ones before it are done: a queue whose head is in flight. The
 * page shows the confirmed playlist with the queued changes applied. A failed change is dropped
 * with every later change of the same playlist (they were made on top of it).
 */

const Link = t.type({ name: t.string, href: t.union([t.string, t.null]) });
/** A playable row as the page has it (state.ts WebTrack; its own codec, so an action can carry it). */
export const EditableTrackCodec = t.type({
  id: t.string,
  uri: t.string,
  name: t.string,
  artists: t.readonlyArray(Link),
  album: t.union([Link, t.null]),
  imageUrl: t.union([t.string, t.null]),
  durationMs: t.number,
  previewUrl: t.union([t.string, t.null]),
  playable: t.boolean,
});
export type EditableTrack = t.TypeOf<typeof EditableTrackCodec>;

/** A row of a playlist page; `key` stays with the row while it moves (the UI's list key). */
export interface PlaylistRow extends EditableTrack {
  readonly key: string;
}

/** The playlist of a /playlist/{id} page. */
export interface OpenPlaylist {
  readonly id: string;
  readonly name: string;
  readonly public: boolean;
  /** The listener owns it: only then may they change it (the provider answers 403 otherwise). */
  readonly owned: boolean;
  readonly rows: readonly PlaylistRow[];
  /** The provider's version after the last confirmed track change (spec 001 §7 snapshot_id), if known. */
  readonly snapshotId: string | null;
}

/** One of the listener's own playlists (the "Add to playlist" menu). */
export interface OwnPlaylist {
  readonly id: string;
  readonly name: string;
}

export type PlaylistEdit =
  | { readonly kind: 'rename'; readonly playlistId: string; readonly name: string }
  | { readonly kind: 'publish'; readonly playlistId: string; readonly public: boolean }
  /** `position` null: at the end (spec 001 §7 "optional numeric position"). */
  | {
      readonly kind: 'add';
      readonly playlistId: string;
      readonly playlistName: string;
      readonly tracks: readonly EditableTrack[];
      readonly position: number | null;
    }
  | { readonly kind: 'remove'; readonly playlistId: string; readonly position: number; readonly uri: string }
  /** The row at `from` goes before the row now at `insertBefore` (spec 001 §7 range_start, range_length 1, insert_before). */
  | { readonly kind: 'move'; readonly playlistId: string; readonly from: number; readonly insertBefore: number };

export interface QueuedEdit {
  readonly seq: number;
  readonly edit: PlaylistEdit;
}

export interface PlaylistEditingState {
  readonly loggedIn: boolean;
  /** The listener's user id (the create call's path, and who owns what). */
  readonly userId: string | null;
  /** The confirmed playlist of the page, or null on other pages. */
  readonly open: OpenPlaylist | null;
  /** Changes not yet confirmed, oldest first; the head is the one in flight. */
  readonly queue: readonly QueuedEdit[];
  /** The number of the last change, creation or own-playlists request: request ids are made of it. */
  readonly seq: number;
  /** The listener's own playlists; null until asked for. */
  readonly mine: readonly OwnPlaylist[] | null;
  /** The request for them, while it runs. */
  readonly mineRequest: number | null;
  /** A creation asked for and not answered yet. */
  readonly creating: { readonly seq: number; readonly name: string } | null;
  /** The playlist just made: the page goes to it. */
  readonly created: OwnPlaylist | null;
  /** What the page says in its live region after a change; numbered so the same text is said again. */
  readonly notice: { readonly seq: number; readonly text: string } | null;
  /** An anonymous visitor tried to make or change a playlist: the page offers the log-in page (issue 17: never an error). */
  readonly loginOffer: 'playlist' | null;
}

export interface PlaylistEditingSlice {
  readonly playlistEditing: PlaylistEditingState;
}

/** Keys of the rows a page starts with. */
export const rowsOf = (tracks: readonly EditableTrack[]): PlaylistRow[] => tracks.map((track, i) => ({ ...track, key: `r${i}` }));

export function initialPlaylistEditingState(options: {
  readonly loggedIn: boolean;
  readonly userId: string | null;
  readonly open?: OpenPlaylist | null;
  readonly mine?: readonly OwnPlaylist[] | null;
}): PlaylistEditingState {
  return {
    loggedIn: options.loggedIn,
    userId: options.userId,
    open: options.open ?? null,
    queue: [],
    seq: 0,
    mine: options.mine ?? null,
    mineRequest: null,
    creating: null,
    created: null,
    notice: null,
    loginOffer: null,
  };
}

// Intents of the page.
export const playlistCreateRequested = defineAction('webplayer/playlist/createRequested', { name: t.string });
export const playlistRenamed = defineAction('webplayer/playlist/renamed', { name: t.string });
export const playlistPublicToggled = defineAction('webplayer/playlist/publicToggled');
/** Moves the row at `from` so that it ends at index `to`. */
export const playlistRowMoved = defineAction('webplayer/playlist/rowMoved', { from: t.number, to: t.number });
export const playlistRowRemoved = defineAction('webplayer/playlist/rowRemoved', { index: t.number });
/** The "Add to playlist" menu opened: the listener's own playlists are asked for once. */
export const addMenuOpened = defineAction('webplayer/playlist/addMenuOpened');
export const addToPlaylistChosen = defineAction('webplayer/playlist/addChosen', { playlistId: t.string, track: EditableTrackCodec });
export const playlistLoginOfferClosed = defineAction('webplayer/playlist/loginOfferClosed');

// Answers, from the epic.
export const playlistEditAnswered = defineAction('webplayer/playlist/editAnswered', { seq: t.number, ok: t.boolean, snapshotId: t.union([t.string, t.null]) });
export const playlistCreated = defineAction('webplayer/playlist/created', {
  seq: t.number,
  playlist: t.union([t.type({ id: t.string, name: t.string }), t.null]),
});
export const ownPlaylistsLoaded = defineAction('webplayer/playlist/ownLoaded', {
  seq: t.number,
  playlists: t.union([t.array(t.type({ id: t.string, name: t.string })), t.null]),
});

/** Ours: the longest name the provider takes (server/web-api/body.ts). */
export const PLAYLIST_NAME_MAX = 100;

const move = <T>(list: readonly T[], from: number, insertBefore: number): T[] => {
  const item = list[from];
  if (item === undefined) return [...list];
  const rest = [...list.slice(0, from), ...list.slice(from + 1)];
  const at = insertBefore > from ? insertBefore - 1 : insertBefore;
  return [...rest.slice(0, at), item, ...rest.slice(at)];
};

/** The playlist with one change applied (a change of another playlist leaves it as it is). */
export function applyEdit(playlist: OpenPlaylist, { seq, edit }: QueuedEdit): OpenPlaylist {
  if (edit.playlistId !== playlist.id) return playlist;
  switch (edit.kind) {
    case 'rename':
      return { ...playlist, name: edit.name };
    case 'publish':
      return { ...playlist, public: edit.public };
    case 'add': {
      const added = edit.tracks.map((track, i) => ({ ...track, key: `a${seq}.${i}` }));
      const at = edit.position ?? playlist.rows.length;
      return { ...playlist, rows: [...playlist.rows.slice(0, at), ...added, ...playlist.rows.slice(at)] };
    }
    case 'remove':
      return { ...playlist, rows: playlist.rows.filter((_, i) => i !== edit.position) };
    case 'move':
      return { ...playlist, rows: move(playlist.rows, edit.from, edit.insertBefore) };
  }
}

/** What the page shows: the confirmed playlist with the changes still on their way. */
export function shownPlaylist(state: PlaylistEditingState): OpenPlaylist | null {
  return state.open === null ? null : state.queue.reduce(applyEdit, state.open);
}

/** The listener may change the page's playlist. */
export const canEdit = (state: PlaylistEditingState): boolean => state.loggedIn && state.open !== null && state.open.owned;

const noticed = (state: PlaylistEditingState, text: string): PlaylistEditingState => ({ ...state, notice: { seq: (state.notice?.seq ?? 0) + 1, text } });

function enqueue(state: PlaylistEditingState, edit: PlaylistEdit): PlaylistEditingState {
  const seq = state.seq + 1;
  return { ...state, seq, queue: [...state.queue, { seq, edit }] };
}

/** A change of the page's playlist, made on what it shows; refused unless the listener owns it. */
function editOpen(state: PlaylistEditingState, make: (shown: OpenPlaylist) => PlaylistEdit | null): PlaylistEditingState {
  if (!state.loggedIn) return { ...state, loginOffer: 'playlist' };
  const shown = shownPlaylist(state);
  if (shown === null || !shown.owned) return state;
  const edit = make(shown);
  return edit === null ? state : enqueue(state, edit);
}

const failureText = (edit: PlaylistEdit): string =>
  edit.kind === 'add' ? `Could not add to ${edit.playlistName}. Try again.` : 'Could not change the playlist; it is back as it was.';

export function playlistEditingReducer(state: PlaylistEditingState, action: Action): PlaylistEditingState {
  if (playlistRenamed.match(action)) {
    const name = action.name.trim().slice(0, PLAYLIST_NAME_MAX);
    return editOpen(state, (shown) => (name === '' || name === shown.name ? null : { kind: 'rename', playlistId: shown.id, name }));
  }
  if (playlistPublicToggled.match(action)) return editOpen(state, (shown) => ({ kind: 'publish', playlistId: shown.id, public: !shown.public }));
  if (playlistRowRemoved.match(action)) {
    return editOpen(state, (shown) => {
      const row = shown.rows[action.index];
      return row === undefined ? null : { kind: 'remove', playlistId: shown.id, position: action.index, uri: row.uri };
    });
  }
  if (playlistRowMoved.match(action)) {
    return editOpen(state, (shown) => {
      const { from, to } = action;
      if (from === to || shown.rows[from] === undefined || to < 0 || to >= shown.rows.length) return null;
      return { kind: 'move', playlistId: shown.id, from, insertBefore: to > from ? to + 1 : to };
    });
  }
  if (addToPlaylistChosen.match(action)) {
    if (!state.loggedIn) return { ...state, loginOffer: 'playlist' };
    // One of the listener's own playlists: the menu's, or the page's when it is theirs.
    const shown = shownPlaylist(state);
    const target = shown !== null && shown.owned && shown.id === action.playlistId ? shown : (state.mine ?? []).find((p) => p.id === action.playlistId);
    if (target === undefined) return state;
    return enqueue(state, { kind: 'add', playlistId: target.id, playlistName: target.name, tracks: [action.track], position: null });
  }
  if (playlistEditAnswered.match(action)) {
    const index = state.queue.findIndex((q) => q.seq === action.seq);
    const done = state.queue[index];
    if (done === undefined) return state;
    if (action.ok) {
      const open = state.open === null ? null : applyEdit(state.open, done);
      const confirmed = open !== null && action.snapshotId !== null && done.edit.playlistId === open.id ? { ...open, snapshotId: action.snapshotId } : open;
      const next = { ...state, open: confirmed, queue: state.queue.filter((q) => q.seq !== action.seq) };
      const { edit } = done;
      return edit.kind === 'add' && state.open?.id !== edit.playlistId ? noticed(next, `Added to ${edit.playlistName}`) : next;
    }
    const queue = state.queue.filter((q) => q.seq < action.seq || q.edit.playlistId !== done.edit.playlistId);
    return noticed({ ...state, queue }, failureText(done.edit));
  }
  if (playlistCreateRequested.match(action)) {
    if (!state.loggedIn) return { ...state, loginOffer: 'playlist' };
    const name = action.name.trim().slice(0, PLAYLIST_NAME_MAX);
    if (name === '' || state.creating !== null || state.userId === null) return state;
    return { ...state, seq: state.seq + 1, creating: { seq: state.seq + 1, name } };
  }
  if (playlistCreated.match(action)) {
    if (state.creating?.seq !== action.seq) return state;
    const made = action.playlist;
    if (made === null) return noticed({ ...state, creating: null }, 'Could not create the playlist. Try again.');
    return { ...state, creating: null, created: made, mine: state.mine === null ? null : [made, ...state.mine] };
  }
  if (addMenuOpened.match(action)) {
    if (!state.loggedIn) return { ...state, loginOffer: 'playlist' };
    if (state.mine !== null || state.mineRequest !== null) return state;
    return { ...state, seq: state.seq + 1, mineRequest: state.seq + 1 };
  }
  if (ownPlaylistsLoaded.match(action)) {
    if (state.mineRequest !== action.seq) return state;
    return action.playlists === null
      ? noticed({ ...state, mineRequest: null }, 'Could not load your playlists. Try again.')
      : { ...state, mineRequest: null, mine: action.playlists };
  }
  if (playlistLoginOfferClosed.match(action)) return { ...state, loginOffer: null };
  return state;
}

const EDIT = 'webplayer-playlist-';
const CREATE = 'webplayer-create-';
const MINE = 'webplayer-mine-';
/** Ours: the "Add to playlist" menu lists up to this many of the listener's playlists (the Web API's page limit). */
export const OWN_PLAYLISTS_LIMIT = 50;

/** The catalogue request of a change (spec 001 §7 Catalogue API). */
export function editRequest(requestId: string, edit: PlaylistEdit): Action {
  const id = edit.playlistId;
  switch (edit.kind) {
    case 'rename':
      return ENDPOINTS.changePlaylistDetails.request({ requestId, args: { id, body: { name: edit.name } } });
    case 'publish':
      return ENDPOINTS.changePlaylistDetails.request({ requestId, args: { id, body: { public: edit.public } } });
    case 'add':
      return ENDPOINTS.addToPlaylist.request({
        requestId,
        args: { id, body: { uris: edit.tracks.map((track) => track.uri), ...(edit.position === null ? {} : { position: edit.position }) } },
      });
    case 'remove':
      return ENDPOINTS.removeFromPlaylist.request({ requestId, args: { id, body: { tracks: [{ uri: edit.uri, positions: [edit.position] }] } } });
    case 'move':
      return ENDPOINTS.reorderPlaylist.request({
        requestId,
        args: { id, body: { range_start: edit.from, range_length: 1, insert_before: edit.insertBefore } },
      });
  }
}

const record = (v: unknown): Readonly<Record<string, unknown>> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});

/** The listener's own playlists among a /me/playlists page (it lists followed ones too). */
export function ownPlaylistsOf(page: unknown, userId: string | null): OwnPlaylist[] {
  const items = record(page)['items'];
  return (Array.isArray(items) ? items : [])
    .map(record)
    .filter((p) => userId !== null && record(p['owner'])['id'] === userId && typeof p['id'] === 'string' && typeof p['name'] === 'string')
    .map((p) => ({ id: p['id'] as string, name: p['name'] as string }));
}

const requestIdOf = (a: Action): string => (a as { requestId?: unknown }).requestId as string;
const isFailure = (a: Action): boolean => requestFailed.match(a) || requestRefused.match(a) || libraryRefused.match(a);

/**
 * Sends what the reducer asked for, each once: the head of the change queue (the next only after
 * it is answered), a creation and the own-playlists request; and turns the request
 * layer's answers, failures and refusals back into this slice's answers.
 */
export function playlistEditingEpic(action$: Observable<Action>, state$: StateObservable<PlaylistEditingSlice>): Observable<Action> {
  const sent = new Set<string>();
  /** requestId → the answer to give on success and on failure. */
  const asked = new Map<string, { ok: (result: unknown) => Action; failed: () => Action }>();
  const ask = (requestId: string, request: Action, ok: (result: unknown) => Action, failed: () => Action): Action[] => {
    sent.add(requestId);
    asked.set(requestId, { ok, failed });
    return [request];
  };
  const settle = (requestId: string, how: (entry: { ok: (result: unknown) => Action; failed: () => Action }) => Action): Action[] => {
    const entry = asked.get(requestId);
    if (entry === undefined) return [];
    asked.delete(requestId);
    return [how(entry)];
  };

  const outbox = (): Action[] => {
    const s = state$.value.playlistEditing;
    const out: Action[] = [];
    const head = s.queue[0];
    if (head !== undefined && !sent.has(`${EDIT}${head.seq}`)) {
      const snapshot = (result: unknown) => {
        const id = record(result)['snapshot_id'];
        return playlistEditAnswered({ seq: head.seq, ok: true, snapshotId: typeof id === 'string' ? id : null });
      };
      out.push(
        ...ask(`${EDIT}${head.seq}`, editRequest(`${EDIT}${head.seq}`, head.edit), snapshot, () =>
          playlistEditAnswered({ seq: head.seq, ok: false, snapshotId: null }),
        ),
      );
    }
    const creating = s.creating;
    if (creating !== null && s.userId !== null && !sent.has(`${CREATE}${creating.seq}`)) {
      const requestId = `${CREATE}${creating.seq}`;
      // spec 001 §6: playlist creation makes the playlist public.
      const request = ENDPOINTS.createPlaylist.request({ requestId, args: { id: s.userId, body: { name: creating.name, public: true } } });
      const made = (result: unknown) => {
        const r = record(result);
        return playlistCreated({
          seq: creating.seq,
          playlist: typeof r['id'] === 'string' ? { id: r['id'], name: typeof r['name'] === 'string' ? r['name'] : creating.name } : null,
        });
      };
      out.push(...ask(requestId, request, made, () => playlistCreated({ seq: creating.seq, playlist: null })));
    }
    const mine = s.mineRequest;
    if (mine !== null && !sent.has(`${MINE}${mine}`)) {
      const requestId = `${MINE}${mine}`;
      const userId = s.userId;
      out.push(
        ...ask(
          requestId,
          ENDPOINTS.myPlaylists.request({ requestId, args: { limit: OWN_PLAYLISTS_LIMIT, offset: 0 } }),
          (result) => ownPlaylistsLoaded({ seq: mine, playlists: result === null ? null : ownPlaylistsOf(result, userId) }),
          () => ownPlaylistsLoaded({ seq: mine, playlists: null }),
        ),
      );
    }
    return out;
  };

  const answers$ = action$.pipe(
    filter((a) => a.type.startsWith('catalogue/')),
    mergeMap((a) => {
      const requestId = requestIdOf(a);
      if (typeof requestId !== 'string') return [];
      if (isFailure(a)) return settle(requestId, (e) => e.failed());
      // A failed request's null answer follows its failure and is not a success (settled already).
      return a.type.endsWith('Answered') ? settle(requestId, (e) => e.ok((a as unknown as { result: unknown }).result)) : [];
    }),
  );
  // Everything the reducer asks for is looked at after each of this slice's actions.
  const sends$ = action$.pipe(
    filter((a) => a.type.startsWith('webplayer/playlist/')),
    mergeMap(outbox),
  );
  return merge(sends$, answers$);
}
