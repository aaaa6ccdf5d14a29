import * as t from 'io-ts';
import type { EngineCommand } from '../contract/commands';
import type { RemoteViewState } from '../contract/remote-view';
import { EngineEvent, type EngineVideo } from '../contract/events';
import { defineAction } from '../store/action';
import type { PlaylistEditingState } from './playlist-editing';
import type { RadioState } from './radio';

/*
 * The web player's page (issue 17): an optional item header and ordered sections, each a list of
 * playable rows or a grid of cards. Every page of spec 001 §2 (browse, collection, search, the item
 * pages) is one of these, built by its server route (server/webplayer/) and rendered by
 * ui/webplayer/. How to add a page, a section kind or a button: core/webplayer/README.md.
 */

/** A link shown as text (an artist of a track, an album, an owner); href null: plain text. */
export interface WebLink {
  readonly name: string;
  readonly href: string | null;
}

/** Issue 18: a video preview file and what the video frame shows of it (its size and subtitles, as the engine's video). */
export interface WebVideoPreview extends EngineVideo {
  readonly url: string;
}

/** One playable row: a track or an episode. */
export interface WebTrack {
  readonly id: string;
  readonly uri: string;
  readonly name: string;
  /** Artists of a track, the show of an episode. */
  readonly artists: readonly WebLink[];
  readonly album: WebLink | null;
  /** A small cover (about 64 px) for the row and the player bar; null: none. */
  readonly imageUrl: string | null;
  readonly durationMs: number;
  /** The 30 s preview file anonymous visitors hear (spec 001 §4 preview player); null: none. */
  readonly previewUrl: string | null;
  /**
   * Issue 18: a video episode's anonymous preview (clear, progressive, at most 30 s; the embed data's
   * video_preview): anonymous visitors see and hear it instead of previewUrl. Absent: none, or a
   * listener's page (the engine plays the video itself).
   */
  readonly videoPreview?: WebVideoPreview;
  /** False for a row the listener's market does not sell (spec 000 §5): never the default context's start. */
  readonly playable: boolean;
}

/** A card of a grid: an album, artist, playlist, show or episode, linking to its page. */
export interface WebCard {
  readonly uri: string;
  readonly href: string;
  readonly name: string;
  readonly subtitle: string;
  readonly imageUrl: string | null;
  /** Artists show round images. */
  readonly round: boolean;
  /** The card has a play button that plays its item as the context (logged-in listeners). */
  readonly playable: boolean;
}

/** A track/episode list whose rows play in `contextUri` at their index (null: each row plays as its own track). */
export interface TracksSection {
  readonly kind: 'tracks';
  /** Unique on the page (an anchor and React key). */
  readonly id: string;
  readonly title: string | null;
  readonly contextUri: string | null;
  readonly rows: readonly WebTrack[];
  /** Show the album column (playlists, saved tracks) and numbers (albums) or covers. */
  readonly columns: { readonly album: boolean; readonly cover: boolean };
  /** Shown when rows is empty. */
  readonly empty: string;
}

export interface CardsSection {
  readonly kind: 'cards';
  readonly id: string;
  readonly title: string | null;
  /** A "Show all" link; null: none. */
  readonly moreHref: string | null;
  readonly cards: readonly WebCard[];
  readonly empty: string;
}

/**
 * Links between sibling pages shown as tabs: the browse pages (spec 001 §2 /browse/...), a
 * search's kinds (/search/{query}/songs, /artists ...). `current` is the href of the page itself.
 */
export interface LinksSection {
  readonly kind: 'links';
  readonly id: string;
  /** The tab list's accessible name (not shown). */
  readonly title: string;
  readonly links: readonly WebLink[];
  readonly current: string | null;
}

/** Add a kind here, render it in ui/webplayer/sections.tsx, and say in default-context.ts whether it can start the default context. */
export type WebSection = TracksSection | CardsSection | LinksSection;

/** A button of the item header. Add a kind here and render it in ui/webplayer/item-header.tsx (HeaderButton). */
export type HeaderAction =
  /** Plays the item (the page's default context, spec 001 §2). */
  | { readonly kind: 'play' }
  /** Save/unsave (albums, shows, tracks) or follow/unfollow (artists, playlists) the header's item; its state is state.library[uri]. */
  | { readonly kind: 'library'; readonly uri: string; readonly verb: 'save' | 'follow' }
  /** A link to a page of the item (Go to song radio, Go to artist radio: radio.ts stationPath). */
  | { readonly kind: 'link'; readonly href: string; readonly label: string };

/** The top of an item page (or of a collection page: Liked Songs). */
export interface ItemHeader {
  /** The item, or null for a page that is not one. */
  readonly uri: string | null;
  /** Album, Single, Artist, Playlist, Song, Podcast, Episode... */
  readonly typeLabel: string;
  readonly name: string;
  readonly imageUrl: string | null;
  readonly round: boolean;
  /** Artists, owner, publisher or show, linked where they have a page. */
  readonly byline: readonly WebLink[];
  /** Year, counts, total length: shown after the byline, separated by dots. */
  readonly details: readonly string[];
  readonly description: string | null;
  readonly actions: readonly HeaderAction[];
}

/** The page the web player shows, read from its path (spec 001 §2). */
export interface WebPlayerPage {
  readonly path: string;
  /** The item of an item path (/album/{id} ...), else null: spec 001 §2 plays it directly. */
  readonly itemUri: string | null;
  readonly header: ItemHeader | null;
  readonly sections: readonly WebSection[];
}

/** What the player bar shows and how it plays: the engine's full tracks, or the preview element. */
export interface PlayerBarState {
  /** spec 000 §4 Preview mode: anonymous visitors hear 30 s previews; logged-in listeners full tracks. */
  readonly mode: 'full' | 'preview';
  /** What plays (or played last); null: nothing loaded. */
  readonly current: WebTrack | null;
  readonly contextUri: string | null;
  /** Preview mode's queue (the rows of the list it started in that have a preview) and where it is. */
  readonly queue: readonly WebTrack[];
  readonly index: number;
  readonly playing: boolean;
  readonly positionMs: number;
  /** The track's length (preview mode: at most 30 s). */
  readonly durationMs: number;
  /** 0..1. */
  readonly volume: number;
  /** spec 001 §3 Playback state shuffle and repeat_mode of this page's engine (its options events), full mode only. */
  readonly shuffle: boolean;
  readonly repeat: RepeatMode;
  /**
   * Issue 18: the video the engine plays on its media element (core/contract/events.ts videoChanged),
   * shown beside the bar (ui/webplayer/video-panel.tsx); absent while none plays.
   */
  readonly video?: EngineVideo;
}

/** spec 001 §3 Repeat modes, in the order the repeat button steps through them. */
export type RepeatMode = 'OFF' | 'CONTEXT' | 'TRACK';

/** One step of the preview element (adapters/browser/audio-element.ts), run in the event that asked (autoplay). */
export type PreviewStep =
  | { readonly kind: 'load'; readonly src: string }
  | { readonly kind: 'play' }
  | { readonly kind: 'pause' }
  | { readonly kind: 'seek'; readonly positionMs: number }
  | { readonly kind: 'volume'; readonly volume: number };

/** Why an anonymous visitor is offered the log-in page (issue 17: never an error). */
export type LoginOffer = 'play' | 'save' | 'follow' | 'playlist';

export interface WebPlayerState {
  readonly loggedIn: boolean;
  /** The logged-in listener's product (/v1/me: 'premium', 'free'); absent for an anonymous visitor (spec 001 §6, tooltips.ts). */
  readonly product?: string;
  readonly page: WebPlayerPage;
  readonly player: PlayerBarState;
  /** Saved or followed, by URI (tracks, albums, shows, artists, playlists): what the page's toggles show. */
  readonly library: Readonly<Record<string, boolean>>;
  /** The last library write asked, numbered (the library epic sends each once). */
  readonly libraryWrite: { readonly seq: number; readonly uri: string; readonly on: boolean } | null;
  readonly loginOffer: LoginOffer | null;
  /**
   * The latest commands for the engine, numbered (at most COMMANDS_KEPT, oldest first); the UI sends each number once.
   * More than one: a step may decide two (a repeat step on another device), and the UI may see several steps at once.
   */
  readonly commands: ReadonlyArray<{ readonly seq: number; readonly command: EngineCommand }>;
  /** The last steps for the preview element and their number; the preview epic runs each number once. */
  readonly preview: { readonly seq: number; readonly steps: readonly PreviewStep[] } | null;
  /** Issue 16 The controller (core/webplayer/remote.ts): the user's devices and what plays elsewhere; absent until the first cluster or devices button. */
  readonly remote?: RemoteViewState;
  /** Playlist editing (playlist-editing.ts): creating, the listener's own playlists, the changes of their playlist's page. */
  readonly playlistEditing: PlaylistEditingState;
  /** Likes and bans of radio station songs (radio.ts). */
  readonly radio: RadioState;
  /** What the last "Add to queue" did (queue.ts), numbered; absent until one. */
  readonly queueNotice?: { readonly seq: number; readonly text: string };
}

/** Play/pause of the player bar and the header's play: with nothing loaded, the default context (spec 001 §2). */
export const playToggled = defineAction('webplayer/playToggled');
/** A row's play button: row `index` of section `section` (its index in page.sections). */
export const rowPlayed = defineAction('webplayer/rowPlayed', { section: t.number, index: t.number });
/** A card's play button: the card's item as the context. */
export const cardPlayed = defineAction('webplayer/cardPlayed', { uri: t.string });
export const nextRequested = defineAction('webplayer/nextRequested');
export const previousRequested = defineAction('webplayer/previousRequested');
export const seekRequested = defineAction('webplayer/seekRequested', { positionMs: t.number });
export const volumeRequested = defineAction('webplayer/volumeRequested', { volume: t.number });
/** The bar's shuffle button: on or off (spec 001 §3 shuffle). */
export const shuffleToggled = defineAction('webplayer/shuffleToggled');
/** The bar's repeat button: off, context, track, off (spec 001 §3 repeat modes). */
export const repeatCycled = defineAction('webplayer/repeatCycled');
/** The engine's events (full mode), as it forwards them (spec 001 §4). */
export const engineEventReceived = defineAction('webplayer/engineEventReceived', { event: EngineEvent });
/** The preview element's facts (preview mode): playing, pause, timeupdate, ended, error. */
export const previewFactReceived = defineAction('webplayer/previewFactReceived', {
  kind: t.string,
  positionMs: t.number,
  durationMs: t.union([t.number, t.null]),
});
/** Save/unsave or follow/unfollow `uri` (its type decides which). */
export const libraryToggled = defineAction('webplayer/libraryToggled', { uri: t.string });
/** The request layer answered a library write; not ok puts the toggle back as it was. */
export const libraryAnswered = defineAction('webplayer/libraryAnswered', { uri: t.string, on: t.boolean, ok: t.boolean });
/** Metadata of what the engine plays, when the page had no row for it (asked through the request layer). */
export const nowPlayingKnown = defineAction('webplayer/nowPlayingKnown', {
  track: t.type({
    id: t.string,
    uri: t.string,
    name: t.string,
    artists: t.readonlyArray(t.type({ name: t.string, href: t.union([t.string, t.null]) })),
    album: t.union([t.type({ name: t.string, href: t.union([t.string, t.null]) }), t.null]),
    imageUrl: t.union([t.string, t.null]),
    durationMs: t.number,
    previewUrl: t.union([t.string, t.null]),
    playable: t.boolean,
  }),
});
export const loginOfferClosed = defineAction('webplayer/loginOfferClosed');

/** Commands kept for the UI to send: far more than it can fall behind between two renders. */
export const COMMANDS_KEPT = 16;

/** The newest command for the engine, or null. */
export const lastCommand = (state: Pick<WebPlayerState, 'commands'>): { readonly seq: number; readonly command: EngineCommand } | null =>
  state.commands[state.commands.length - 1] ?? null;

/** The state with `command` queued for the engine under the next number. */
export const withCommand = <S extends Pick<WebPlayerState, 'commands'>>(state: S, command: EngineCommand): S => ({
  ...state,
  commands: [...state.commands, { seq: (lastCommand(state)?.seq ?? 0) + 1, command }].slice(-COMMANDS_KEPT),
});
