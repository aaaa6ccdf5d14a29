import type { Action } from '../store/action';
import { libraryReducer } from './library';
import { initialPlayerBar, playerReducer } from './player';
import { withRemoteControl } from './remote';
import { initialPlaylistEditingState, type PlaylistEditingState } from './playlist-editing';
import { playlistPageReducer } from './playlist-page';
import { initialRadioState, radioReducer } from './radio';
import { queueReducer } from './queue';
import { loginOfferClosed, type WebPlayerPage, type WebPlayerState } from './state';

/** The state the server renders a page with and the client hydrates from; `library`: saved/followed by URI; `playlistEditing`: the listener and their playlist's page. */
export function initialWebPlayerState(
  page: WebPlayerPage,
  loggedIn: boolean,
  library: Readonly<Record<string, boolean>> = {},
  playlistEditing: PlaylistEditingState = initialPlaylistEditingState({ loggedIn, userId: null }),
): WebPlayerState {
  return {
    loggedIn,
    page,
    player: initialPlayerBar(loggedIn),
    library,
    libraryWrite: null,
    loginOffer: null,
    commands: [],
    preview: null,
    playlistEditing,
    radio: initialRadioState,
  };
}

const loginOfferReducer = (state: WebPlayerState, action: Action): WebPlayerState => (loginOfferClosed.match(action) ? { ...state, loginOffer: null } : state);

/**
 * The web player's reducers, each one feature, run in turn on every action. A feature adds its
 * reducer here (one line) and its epic to WEBPLAYER_EPICS (epics.ts).
 */
const WEBPLAYER_REDUCERS: ReadonlyArray<(state: WebPlayerState, action: Action) => WebPlayerState> = [
  // Issue 16: while another device plays, the bar's controls drive it (remote.ts) instead of this engine.
  withRemoteControl(playerReducer),
  libraryReducer,
  playlistPageReducer,
  loginOfferReducer,
  radioReducer,
  queueReducer,
];

export function webPlayerReducer(state: WebPlayerState, action: Action): WebPlayerState {
  return WEBPLAYER_REDUCERS.reduce((s, reduce) => reduce(s, action), state);
}
