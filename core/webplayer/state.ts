import * as t from 'io-ts';
import type { EngineCommand } from '../contract/commands';
import { defineAction } from '../store/action';

/** One playable row of a web player page (search results, saved tracks, an album's tracks). */
export interface WebTrack {
  readonly id: string;
  readonly uri: string;
  readonly name: string;
  readonly artists: string;
  /** False for a row the listener's market does not sell (spec 000 §5): never the default context's start. */
  readonly playable: boolean;
}

/** The page the web player shows, read from its path (spec 001 §2). */
export interface WebPlayerPage {
  readonly path: string;
  /** The item of an item path (/album/{id} ...), else null. */
  readonly itemUri: string | null;
  /** The context the page's list plays in (the item, or the listener's collection on /collection/tracks); null: a row plays as its own track. */
  readonly listContextUri: string | null;
  readonly tracks: readonly WebTrack[];
}

/** What the player bar has loaded: the context and the row of the page it started at. */
export interface Loaded {
  readonly contextUri: string;
  readonly index: number;
  readonly name: string;
}

export interface WebPlayerState {
  readonly loggedIn: boolean;
  readonly page: WebPlayerPage;
  readonly loaded: Loaded | null;
  readonly playing: boolean;
  /** Saved state of the page's tracks, by id. */
  readonly saved: Readonly<Record<string, boolean>>;
  /** Set when an anonymous visitor asked for what only a listener may do: the UI offers the log-in page (issue 17: never an error). */
  readonly loginOffer: 'play' | 'save' | null;
  /** The last command for the engine and its number; the UI sends each number once. */
  readonly command: { readonly seq: number; readonly command: EngineCommand } | null;
  /** A save or removal the UI is to send to the Web API (PUT or DELETE /v1/me/tracks), numbered likewise. */
  readonly save: { readonly seq: number; readonly id: string; readonly saved: boolean } | null;
}

export const playToggled = defineAction('webplayer/playToggled');
export const rowPlayed = defineAction('webplayer/rowPlayed', { index: t.number });
export const saveToggled = defineAction('webplayer/saveToggled', { id: t.string });
/** The Web API answered a save or removal; not ok puts the row back as it was. */
export const saveAnswered = defineAction('webplayer/saveAnswered', { id: t.string, saved: t.boolean, ok: t.boolean });
/** The engine's media element started or stopped. */
export const playbackChanged = defineAction('webplayer/playbackChanged', { playing: t.boolean });
export const loginOfferClosed = defineAction('webplayer/loginOfferClosed');
