import type { Observable } from 'rxjs';
import { map } from 'rxjs/operators';
import type { Action } from '../store/action';
import type { StateObservable } from '../store/store';
import { playlistEditingEpic, playlistEditingReducer, shownPlaylist, type OpenPlaylist, type PlaylistEditingSlice } from './playlist-editing';
import type { ItemHeader, WebPlayerPage, WebPlayerState } from './state';

/*
 * Playlist editing (playlist-editing.ts) inside the web player's state: its slice is
 * `state.playlistEditing`, and the page of the listener's own playlist shows what the slice shows
 * (name, public or private, rows in their order), so the row buttons, the default context and the
 * player bar read the edited list like any other.
 */

const songs = /^\d+ songs?$/;
const songCount = (n: number) => `${n} ${n === 1 ? 'song' : 'songs'}`;
const length = /^\d+ (hr \d+ min|min \d+ sec)$/;
/** The header's total length as the item pages write it (server/webplayer/item-pages.ts totalLength). */
const totalLength = (ms: number): string => {
  const minutes = Math.floor(ms / 60000);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} hr ${minutes % 60} min` : `${minutes} min ${Math.floor((ms % 60000) / 1000)} sec`;
};

/** The page of `playlist` as edited: its header and its list (the section that plays the playlist). */
export function pageWithPlaylist(page: WebPlayerPage, playlist: OpenPlaylist): WebPlayerPage {
  const uri = `spotify:playlist:${playlist.id}`;
  if (page.itemUri !== uri) return page;
  const rows = playlist.rows.map(({ key: _key, ...track }) => track);
  const header: ItemHeader | null =
    page.header === null
      ? null
      : {
          ...page.header,
          name: playlist.name,
          typeLabel: playlist.public ? 'Public Playlist' : 'Private Playlist',
          details: page.header.details.map((d) =>
            songs.test(d) ? songCount(rows.length) : length.test(d) ? totalLength(rows.reduce((ms, r) => ms + r.durationMs, 0)) : d,
          ),
        };
  const sections = page.sections.map((section) => (section.kind === 'tracks' && section.contextUri === uri ? { ...section, rows } : section));
  return { ...page, header, sections };
}

/** The slice's reducer, the page kept as it shows, and its log-in offer given to the page's. */
export function playlistPageReducer(state: WebPlayerState, action: Action): WebPlayerState {
  const editing = playlistEditingReducer(state.playlistEditing, action);
  if (editing === state.playlistEditing) return state;
  const shown = shownPlaylist(editing);
  const page = shown === null ? state.page : pageWithPlaylist(state.page, shown);
  // Issue 17: an anonymous visitor who tries is offered the log-in page (the page's offer), never an error.
  if (editing.loginOffer !== null) return { ...state, page, loginOffer: editing.loginOffer, playlistEditing: { ...editing, loginOffer: null } };
  return { ...state, page, playlistEditing: editing };
}

/** The slice's epic over the web player's state. */
export function webPlayerPlaylistEpic(action$: Observable<Action>, state$: StateObservable<{ readonly webplayer: WebPlayerState }>): Observable<Action> {
  const slice = (s: { readonly webplayer: WebPlayerState }): PlaylistEditingSlice => ({ playlistEditing: s.webplayer.playlistEditing });
  const slice$ = Object.defineProperty(state$.pipe(map(slice)), 'value', { get: () => slice(state$.value) }) as StateObservable<PlaylistEditingSlice>;
  return playlistEditingEpic(action$, slice$);
}
