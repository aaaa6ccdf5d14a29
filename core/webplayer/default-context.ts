import type { WebPlayerPage } from './state';

/** A context to play and the row it starts at. */
export interface PlayContext {
  readonly contextUri: string;
  readonly index: number;
  /** The page's row it starts at (the player bar names it). */
  readonly row: number;
}

/**
 * spec 001 §2 default playback context: toggling play with nothing loaded plays the item of an
 * item path, else the first playable item of the page's data. A list with a context of its own
 * (the collection on /collection/tracks) plays as that context from its first playable row; a row
 * without one (search results) plays as its own track. null: nothing on the page can play.
 */
export function defaultPlaybackContext(page: WebPlayerPage): PlayContext | null {
  if (page.itemUri !== null) {
    const first = page.tracks.findIndex((track) => track.playable);
    return { contextUri: page.itemUri, index: Math.max(first, 0), row: Math.max(first, 0) };
  }
  return rowContext(
    page,
    page.tracks.findIndex((track) => track.playable),
  );
}

/** The context a row of the page plays in; null for no row or one that cannot play. */
export function rowContext(page: WebPlayerPage, index: number): PlayContext | null {
  const track = page.tracks[index];
  if (track === undefined || !track.playable) return null;
  const contextUri = page.itemUri ?? page.listContextUri;
  return contextUri === null ? { contextUri: track.uri, index: 0, row: index } : { contextUri, index, row: index };
}
