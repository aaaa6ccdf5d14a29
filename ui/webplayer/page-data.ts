import type { WebPlayerState } from '../../core/webplayer';

/** What the server renders a web player page from and hands the client to hydrate with (issue 17). */
export interface WebPlayerPageData {
  readonly state: WebPlayerState;
  readonly title: string;
  readonly query: string;
  /** The engine's client version (the embed's), for its requests. */
  readonly version: string;
  /** A logged-in listener's token and collection user for the request layer (core/catalogue); null when anonymous. */
  readonly session: { readonly accessToken: string; readonly expiresAtMs: number; readonly userId: string; readonly market: string } | null;
}

export const PAGE_DATA_ID = 'webplayer-data';
export const ROOT_ID = 'webplayer-root';
