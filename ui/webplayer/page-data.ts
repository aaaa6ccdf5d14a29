import type { WebPlayerState } from '../../core/webplayer';

/** What the server renders a web player page from and hands the client to hydrate with (issue 17). */
export interface WebPlayerPageData {
  readonly state: WebPlayerState;
  readonly title: string;
  readonly query: string;
  /** The engine's client version (the embed's), for its requests. */
  readonly version: string;
}

export const PAGE_DATA_ID = 'webplayer-data';
export const ROOT_ID = 'webplayer-root';
