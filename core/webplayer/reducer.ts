import type { EngineCommand } from '../contract/commands';
import type { Action } from '../store/action';
import { defaultPlaybackContext, rowContext, type PlayContext } from './default-context';
import { loginOfferClosed, playbackChanged, playToggled, rowPlayed, saveAnswered, saveToggled, type WebPlayerPage, type WebPlayerState } from './state';

/** The state the server renders a page with and the client hydrates from. */
export function initialWebPlayerState(page: WebPlayerPage, loggedIn: boolean, saved: Readonly<Record<string, boolean>> = {}): WebPlayerState {
  return { loggedIn, page, loaded: null, playing: false, saved, loginOffer: null, command: null, save: null };
}

const withCommand = (state: WebPlayerState, command: EngineCommand): WebPlayerState => ({
  ...state,
  command: { seq: (state.command?.seq ?? 0) + 1, command },
});

function play(state: WebPlayerState, context: PlayContext | null): WebPlayerState {
  if (context === null) return state;
  // Full tracks are for logged-in listeners (spec 001 §4); an anonymous visitor is offered the log-in page.
  if (!state.loggedIn) return { ...state, loginOffer: 'play' };
  const name = state.page.tracks[context.row]?.name ?? '';
  return withCommand(
    { ...state, loaded: { contextUri: context.contextUri, index: context.index, name }, playing: true },
    { kind: 'play', contextUri: context.contextUri, index: context.index },
  );
}

export function webPlayerReducer(state: WebPlayerState, action: Action): WebPlayerState {
  if (playToggled.match(action)) {
    if (state.loaded === null) return play(state, defaultPlaybackContext(state.page));
    return withCommand({ ...state, playing: !state.playing }, { kind: state.playing ? 'pause' : 'resume' });
  }
  if (rowPlayed.match(action)) {
    const context = rowContext(state.page, action.index);
    return context === null ? state : play({ ...state, loaded: null }, context);
  }
  if (saveToggled.match(action)) {
    if (!state.loggedIn) return { ...state, loginOffer: 'save' };
    const saved = !(state.saved[action.id] ?? false);
    return { ...state, saved: { ...state.saved, [action.id]: saved }, save: { seq: (state.save?.seq ?? 0) + 1, id: action.id, saved } };
  }
  if (saveAnswered.match(action)) {
    return action.ok ? state : { ...state, saved: { ...state.saved, [action.id]: !action.saved } };
  }
  if (playbackChanged.match(action)) return { ...state, playing: action.playing };
  if (loginOfferClosed.match(action)) return { ...state, loginOffer: null };
  return state;
}
