import type { WebPlayerState } from '../../core/webplayer';

/** The document's description and share tags (Open Graph), as the old open pages had them. */
export interface PageMeta {
  readonly description: string;
  /** The item's large image (about 640 px). */
  readonly imageUrl: string | null;
  /** og:type: music.album, music.song, music.playlist, music.musician, website... */
  readonly type: string;
}

/** What the server renders a web player page from and hands the client to hydrate with (issue 17). */
export interface WebPlayerPageData {
  readonly state: WebPlayerState;
  readonly title: string;
  readonly query: string;
  /** The engine's client version (the embed's), for its requests. */
  readonly version: string;
  /** A logged-in listener's token and collection user for the request layer (core/catalogue); null when anonymous. */
  readonly session: { readonly accessToken: string; readonly expiresAtMs: number; readonly userId: string; readonly market: string } | null;
  readonly meta: PageMeta | null;
}

export const PAGE_DATA_ID = 'webplayer-data';
export const ROOT_ID = 'webplayer-root';
