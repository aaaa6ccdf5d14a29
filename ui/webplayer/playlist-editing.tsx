import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Action } from '../../core/store/action';
import {
  addMenuOpened,
  addToPlaylistChosen,
  canEdit,
  playlistCreateRequested,
  playlistPublicToggled,
  playlistRenamed,
  playlistRowMoved,
  playlistRowRemoved,
  shownPlaylist,
  PLAYLIST_NAME_MAX,
} from '../../core/webplayer/playlist-editing';
import { tooltipFor } from '../../core/webplayer/tooltips';
import type { TracksSection, WebPlayerState, WebTrack } from '../../core/webplayer';

/*
 * Playlist editing in the web player (issue 17; core/webplayer/playlist-editing.ts): "Create
 * playlist" in the sidebar, an "Add to playlist" menu on every track row, and on the listener's
 * own playlist page rename, public/private, move up/down and remove. Every change shows at once
 * and is put back when the provider refuses it; the page's live region says what happened.
 */

type Dispatch = (action: Action) => void;

/** After a change the focus stays with the control at `id` (the row moved under it), when it is there. */
const focusLater = (id: string, fallback?: string) =>
  setTimeout(() => {
    const el = document.getElementById(id) ?? (fallback === undefined ? null : document.getElementById(fallback));
    if (el instanceof HTMLElement) el.focus();
  }, 0);

/** "Create playlist": a name, then the new playlist's page. */
export function CreatePlaylist({ state, dispatch }: { state: WebPlayerState; dispatch: Dispatch }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const inputId = useId();
  const editing = state.playlistEditing;
  const created = editing.created;
  useEffect(() => {
    if (created !== null) window.location.assign(`/playlist/${encodeURIComponent(created.id)}`);
  }, [created]);
  const toggle = () => {
    if (!state.loggedIn) {
      dispatch(playlistCreateRequested({ name: '' }));
      return;
    }
    setOpen(!open);
  };
  return (
    <div className="wp-pl-create">
      <button type="button" className="wp-pl-create-button" aria-expanded={open} title={tooltipFor(state, 'playlist') ?? undefined} onClick={toggle}>
        <span aria-hidden="true">+</span> Create playlist
      </button>
      {open ? (
        <form
          className="wp-pl-form"
          onSubmit={(e) => {
            e.preventDefault();
            dispatch(playlistCreateRequested({ name }));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        >
          <label htmlFor={inputId}>Playlist name</label>
          {/* Focused as it mounts: a focus moved later lets the first keys typed go to the button. */}
          <input id={inputId} autoFocus value={name} maxLength={PLAYLIST_NAME_MAX} required onChange={(e) => setName(e.target.value)} />
          <button type="submit" disabled={editing.creating !== null || name.trim() === ''}>
            {editing.creating === null ? 'Create' : 'Creating…'}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** "Add to playlist" on a track row: a menu of the listener's own playlists, by keyboard too (arrows, Enter, Escape). */
export function AddToPlaylist({ track, state, dispatch }: { track: WebTrack; state: WebPlayerState; dispatch: Dispatch }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const { mine, mineRequest } = state.playlistEditing;
  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  useEffect(() => {
    if (open && mine !== null) items()[0]?.focus();
  }, [open, mine]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = list[(at + (e.key === 'ArrowDown' ? 1 : list.length - 1)) % Math.max(list.length, 1)];
      next?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      (e.key === 'Home' ? list[0] : list[list.length - 1])?.focus();
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      close();
    }
  };
  return (
    <span className="wp-pl-add">
      <button
        ref={button}
        type="button"
        className="wp-pl-add-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Add ${track.name} to playlist`}
        title={tooltipFor(state, 'playlist') ?? 'Add to playlist'}
        onClick={() => {
          dispatch(addMenuOpened());
          setOpen(state.loggedIn && !open);
        }}
      >
        <span aria-hidden="true">+</span>
      </button>
      {open ? (
        <ul ref={menu} id={menuId} role="menu" aria-label={`Add ${track.name} to playlist`} className="wp-pl-menu" onKeyDown={onMenuKey}>
          {mine === null ? (
            <li role="none" className="wp-pl-menu-note">
              {mineRequest === null ? 'Could not load your playlists.' : 'Loading your playlists…'}
            </li>
          ) : mine.length === 0 ? (
            <li role="none" className="wp-pl-menu-note">
              No playlists yet: create one first.
            </li>
          ) : (
            mine.map((playlist) => (
              <li key={playlist.id} role="none">
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => {
                    dispatch(addToPlaylistChosen({ playlistId: playlist.id, track }));
                    close();
                  }}
                >
                  {playlist.name}
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </span>
  );
}

/** The section that lists the page's own playlist, when the listener may change it. */
export const isEditableSection = (state: WebPlayerState, section: TracksSection): boolean =>
  canEdit(state.playlistEditing) && section.contextUri === `spotify:playlist:${state.playlistEditing.open?.id ?? ''}`;

/** What a dragged row carries: its index in the list. */
export const ROW_DRAG_TYPE = 'application/x-webplayer-row';

/**
 * Dragging a row by its grip onto another row moves it there (the mouse's way; the buttons are
 * the keyboard's). The drop target is the whole row, found from this cell.
 */
function useRowDrop(cell: { readonly current: HTMLElement | null }, row: number, dispatch: Dispatch): void {
  useEffect(() => {
    const target = cell.current?.closest('li');
    if (target === null || target === undefined) return undefined;
    const carries = (e: DragEvent) => e.dataTransfer !== null && Array.from(e.dataTransfer.types).includes(ROW_DRAG_TYPE);
    const over = (e: DragEvent) => {
      if (!carries(e)) return;
      e.preventDefault();
      if (e.dataTransfer !== null) e.dataTransfer.dropEffect = 'move';
    };
    const drop = (e: DragEvent) => {
      if (!carries(e)) return;
      e.preventDefault();
      const from = Number(e.dataTransfer?.getData(ROW_DRAG_TYPE));
      if (Number.isInteger(from)) dispatch(playlistRowMoved({ from, to: row }));
    };
    target.addEventListener('dragover', over);
    target.addEventListener('drop', drop);
    return () => {
      target.removeEventListener('dragover', over);
      target.removeEventListener('drop', drop);
    };
  }, [cell, row, dispatch]);
}

/** Move up, move down and remove, on a row of the listener's own playlist, and its grip to drag it. */
export function PlaylistRowControls({ track, row, count, dispatch }: { track: WebTrack; row: number; count: number; dispatch: Dispatch }) {
  const cell = useRef<HTMLSpanElement>(null);
  useRowDrop(cell, row, dispatch);
  const moveTo = (to: number, kind: 'up' | 'down') => {
    dispatch(playlistRowMoved({ from: row, to }));
    // The focus follows the row to its new place (the other button at the list's ends).
    focusLater(`wp-pl-${kind}-${to}`, `wp-pl-${kind === 'up' ? 'down' : 'up'}-${to}`);
  };
  return (
    <span className="wp-pl-rowtools" ref={cell}>
      <span
        className="wp-pl-grip"
        draggable
        aria-hidden="true"
        title="Drag to move"
        onDragStart={(e) => {
          e.dataTransfer.setData(ROW_DRAG_TYPE, String(row));
          e.dataTransfer.effectAllowed = 'move';
        }}
      >
        ⠿
      </span>
      <button
        type="button"
        id={`wp-pl-up-${row}`}
        disabled={row === 0}
        aria-label={`Move ${track.name} up`}
        title="Move up"
        onClick={() => moveTo(row - 1, 'up')}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        id={`wp-pl-down-${row}`}
        disabled={row === count - 1}
        aria-label={`Move ${track.name} down`}
        title="Move down"
        onClick={() => moveTo(row + 1, 'down')}
      >
        <span aria-hidden="true">↓</span>
      </button>
      <button
        type="button"
        aria-label={`Remove ${track.name} from this playlist`}
        title="Remove from this playlist"
        onClick={() => {
          dispatch(playlistRowRemoved({ index: row }));
          focusLater(`wp-pl-up-${row}`, `wp-pl-up-${row - 1}`);
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </span>
  );
}

/** What a track row adds: the menu, and on the listener's own playlist the row's tools. */
export function TrackRowEditing({
  track,
  row,
  section,
  state,
  dispatch,
}: {
  track: WebTrack;
  row: number;
  section: TracksSection;
  state: WebPlayerState;
  dispatch: Dispatch;
}) {
  // One cell of the row's grid, empty for an episode (playlists hold tracks).
  if (!track.uri.startsWith('spotify:track:')) return <span className="wp-pl-rowext" />;
  return (
    <span className="wp-pl-rowext">
      {isEditableSection(state, section) ? <PlaylistRowControls track={track} row={row} count={section.rows.length} dispatch={dispatch} /> : null}
      <AddToPlaylist track={track} state={state} dispatch={dispatch} />
    </span>
  );
}

/** Rename and public/private, under the header of the listener's own playlist. */
export function PlaylistOwnerTools({ state, dispatch }: { state: WebPlayerState; dispatch: Dispatch }) {
  const shown = shownPlaylist(state.playlistEditing);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState('');
  const inputId = useId();
  if (shown === null || !canEdit(state.playlistEditing)) return null;
  return (
    <div className="wp-pl-tools" role="group" aria-label="Edit playlist">
      <button type="button" aria-pressed={shown.public} onClick={() => dispatch(playlistPublicToggled())}>
        {shown.public ? 'Make private' : 'Make public'}
      </button>
      {renaming ? (
        <form
          className="wp-pl-form"
          onSubmit={(e) => {
            e.preventDefault();
            dispatch(playlistRenamed({ name }));
            setRenaming(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setRenaming(false);
          }}
        >
          <label htmlFor={inputId}>New name</label>
          {/* Focused as it mounts: a focus moved later lets the first keys typed go to the button. */}
          <input id={inputId} autoFocus value={name} maxLength={PLAYLIST_NAME_MAX} required onChange={(e) => setName(e.target.value)} />
          <button type="submit">Save name</button>
          <button type="button" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button
          type="button"
          onClick={() => {
            setName(shown.name);
            setRenaming(true);
          }}
        >
          Rename
        </button>
      )}
    </div>
  );
}

/** The live region that says what a change did (added, or put back after a failure). */
export function PlaylistNotice({ state }: { state: WebPlayerState }) {
  const notice = state.playlistEditing.notice;
  return (
    <p className="wp-pl-notice" role="status" aria-live="polite">
      {notice === null ? '' : notice.text}
    </p>
  );
}
