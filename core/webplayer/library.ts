import { merge, type Observable } from 'rxjs';
import { filter, mergeMap } from 'rxjs/operators';
import { ENDPOINTS, libraryRefused, removeAlbum, removeTrack, requestFailed, requestRefused, saveAlbum, saveTrack } from '../catalogue';
import type { Action } from '../store/action';
import type { StateObservable } from '../store/store';
import { libraryAnswered, libraryToggled, type WebPlayerState } from './state';

/** The type of a spotify URI (its second part), '' when it has none. */
const typeOf = (uri: string) => uri.split(':')[1] ?? '';
const idOf = (uri: string) => uri.split(':')[2] ?? '';

/** What toggling an item of this type is: followed for artists and playlists, saved otherwise. */
export const libraryVerb = (uri: string): 'save' | 'follow' => (typeOf(uri) === 'artist' || typeOf(uri) === 'playlist' ? 'follow' : 'save');

/** Save/unsave, follow/unfollow: the toggle shows the new state at once; a refused write puts it back. */
export function libraryReducer(state: WebPlayerState, action: Action): WebPlayerState {
  if (libraryToggled.match(action)) {
    // Issue 17: an anonymous visitor is offered the log-in page, never an error.
    if (!state.loggedIn) return { ...state, loginOffer: libraryVerb(action.uri) };
    const on = !(state.library[action.uri] ?? false);
    return { ...state, library: { ...state.library, [action.uri]: on }, libraryWrite: { seq: (state.libraryWrite?.seq ?? 0) + 1, uri: action.uri, on } };
  }
  if (libraryAnswered.match(action)) {
    return action.ok ? state : { ...state, library: { ...state.library, [action.uri]: !action.on } };
  }
  return state;
}

const PREFIX = 'webplayer-library-';

/**
 * The request of a library write (spec 001 §7): tracks and albums through the request layer's
 * library actions (the collection service), shows through /me/shows, artists through
 * /me/following, playlists through their followers (PUT body public false, §7). null: a URI of
 * no such type.
 */
export function libraryRequest(requestId: string, uri: string, on: boolean): Action | null {
  const id = idOf(uri);
  switch (typeOf(uri)) {
    case 'track':
      return on ? saveTrack({ requestId, uri }) : removeTrack({ requestId, uri });
    case 'album':
      return on ? saveAlbum({ requestId, uri }) : removeAlbum({ requestId, uri });
    case 'show':
      return (on ? ENDPOINTS.saveShows : ENDPOINTS.removeShows).request({ requestId, args: { ids: [id] } });
    case 'artist':
      return (on ? ENDPOINTS.followArtists : ENDPOINTS.unfollowArtists).request({ requestId, args: { ids: [id] } });
    case 'playlist':
      return on
        ? ENDPOINTS.followPlaylist.request({ requestId, args: { id, body: { public: false } } })
        : ENDPOINTS.unfollowPlaylist.request({ requestId, args: { id } });
    default:
      return null;
  }
}

/** The answers of the library writes (their request layer actions). */
const WRITE_ANSWERS = [
  ENDPOINTS.collectionSaveTracks,
  ENDPOINTS.collectionRemoveTracks,
  ENDPOINTS.collectionSaveAlbums,
  ENDPOINTS.collectionRemoveAlbums,
  ENDPOINTS.saveShows,
  ENDPOINTS.removeShows,
  ENDPOINTS.followArtists,
  ENDPOINTS.unfollowArtists,
  ENDPOINTS.followPlaylist,
  ENDPOINTS.unfollowPlaylist,
].map((e) => e.answered);

/**
 * Library writes go through the request layer (issue 17, core/catalogue); its answer, or its
 * failure or refusal, tells the toggle whether the write held. The request id carries the write's
 * number, so answers are told apart.
 */
export function webPlayerLibraryEpic(action$: Observable<Action>, state$: StateObservable<{ readonly webplayer: WebPlayerState }>): Observable<Action> {
  const asked = new Map<string, { readonly uri: string; readonly on: boolean }>();
  const answered = (requestId: string, ok: boolean): Action[] => {
    const write = asked.get(requestId);
    if (write === undefined) return [];
    asked.delete(requestId);
    return [libraryAnswered({ ...write, ok })];
  };
  return merge(
    action$.pipe(
      filter(libraryToggled.match),
      mergeMap(() => {
        const { libraryWrite, loggedIn } = state$.value.webplayer;
        const requestId = libraryWrite === null ? '' : `${PREFIX}${libraryWrite.seq}`;
        if (libraryWrite === null || asked.has(requestId) || !loggedIn) return [];
        const request = libraryRequest(requestId, libraryWrite.uri, libraryWrite.on);
        if (request === null) return [libraryAnswered({ uri: libraryWrite.uri, on: libraryWrite.on, ok: false })];
        asked.set(requestId, { uri: libraryWrite.uri, on: libraryWrite.on });
        return [request];
      }),
    ),
    action$.pipe(
      filter((a) => WRITE_ANSWERS.some((answer) => answer.match(a))),
      mergeMap((a) => answered((a as Action & { requestId: string }).requestId, true)),
    ),
    action$.pipe(
      filter((a) => requestFailed.match(a) || requestRefused.match(a) || libraryRefused.match(a)),
      mergeMap((a) => answered((a as Action & { requestId: string }).requestId, false)),
    ),
  );
}
