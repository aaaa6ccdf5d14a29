import * as t from 'io-ts';
import { remotePlayingOf } from '../contract';
import { defineAction, type Action } from '../store/action';
import { selectRemoteView } from './remote';
import { lastCommand, withCommand, type WebPlayerState } from './state';

/*
 * spec 001 §4 Playback actions: add to queue, on the web player's track rows. The engine finds where
 * the queue is (this browser, or the active device when another one plays, core/engine/player/queue.ts)
 * and sends the provider's set_queue: the track plays next, after the tracks queued before it, and then
 * the context goes on. A live region says it was added.
 */

/** A row's "Add to queue". */
export const trackQueued = defineAction('webplayer/trackQueued', { uri: t.string, name: t.string });

export const QUEUE_ADDED = 'Added to queue';
/** Ours: the spec names no text. A queue is that of what plays, so with nothing playing there is none. */
export const QUEUE_NOTHING_PLAYING = 'Play something first, then add to its queue';

const noticed = (state: WebPlayerState, text: string): WebPlayerState => ({
  ...state,
  queueNotice: { seq: (state.queueNotice?.seq ?? 0) + 1, text },
});

/** Something plays or is loaded: here (the bar holds a track) or on another device. */
const somethingLoaded = (state: WebPlayerState): boolean =>
  state.player.current !== null || state.player.contextUri !== null || remotePlayingOf(selectRemoteView(state)) !== null;

export function queueReducer(state: WebPlayerState, action: Action): WebPlayerState {
  if (!trackQueued.match(action)) return state;
  // Anonymous visitors play previews only (spec 000 §4): the log-in page is offered.
  if (state.player.mode !== 'full') return { ...state, loginOffer: 'play' };
  if (!somethingLoaded(state)) return noticed(state, QUEUE_NOTHING_PLAYING);
  const id = `q${(lastCommand(state)?.seq ?? 0) + 1}`;
  return noticed(withCommand(state, { kind: 'queue', id, uri: action.uri }), `${QUEUE_ADDED}: ${action.name}`);
}
