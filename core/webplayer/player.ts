import { NEXT_REPEAT } from '../contract/remote-view';
import type { EngineEvent } from '../contract/events';
import { defineAction, type Action } from '../store/action';
import { defaultPlaybackContext, rowContext, type PlayContext } from './default-context';
import { previewSrcOf } from './video-preview';
import {
  cardPlayed,
  engineEventReceived,
  nextRequested,
  nowPlayingKnown,
  playToggled,
  previewFactReceived,
  previousRequested,
  repeatCycled,
  rowPlayed,
  shuffleToggled,
  seekRequested,
  volumeRequested,
  type PlayerBarState,
  type PreviewStep,
  type WebPlayerPage,
  type WebPlayerState,
  type WebTrack,
  withCommand,
} from './state';

/** spec 000 §4 Preview mode / §9: in preview mode a track's length is capped at 30000 ms (as the widget's preview player). */
export const PREVIEW_CAP_MS = 30000;
/** Previous restarts the track once it has played this long, else goes back one (as the engine's smart previous). */
export const RESTART_AFTER_MS = 3000;

/**
 * The header's play button: it pauses and resumes the page's default context while that plays,
 * else starts it (spec 001 §2: an item page plays its item), whatever else was loaded before.
 */
export const pagePlayToggled = defineAction('webplayer/pagePlayToggled');

/** Whether the player bar holds the page's default context (the header's play shows pause while it plays). */
export function holdsPageContext(state: WebPlayerState): boolean {
  const context = defaultPlaybackContext(state.page);
  return context !== null && state.player.contextUri === context.contextUri;
}

export function initialPlayerBar(loggedIn: boolean): PlayerBarState {
  return {
    mode: loggedIn ? 'full' : 'preview',
    current: null,
    contextUri: null,
    queue: [],
    index: 0,
    playing: false,
    positionMs: 0,
    durationMs: 0,
    volume: 1,
    shuffle: false,
    repeat: 'OFF',
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

const withSteps = (state: WebPlayerState, steps: readonly PreviewStep[]): WebPlayerState => ({
  ...state,
  preview: { seq: (state.preview?.seq ?? 0) + 1, steps },
});

const withPlayer = (state: WebPlayerState, player: Partial<PlayerBarState>): WebPlayerState => ({ ...state, player: { ...state.player, ...player } });

/** Every row of the page, in page order (to name what the engine plays). */
const pageRows = (page: WebPlayerPage): WebTrack[] => page.sections.flatMap((s) => (s.kind === 'tracks' ? s.rows : []));

/** A track the page has no row for: its name comes later (the now-playing epic asks the request layer). */
export const unknownTrack = (uri: string, durationMs: number): WebTrack => ({
  id: uri.split(':').pop() ?? '',
  uri,
  name: '',
  artists: [],
  album: null,
  imageUrl: null,
  durationMs,
  previewUrl: null,
  playable: true,
});

const previewLength = (track: WebTrack) => Math.min(track.durationMs || PREVIEW_CAP_MS, PREVIEW_CAP_MS);

/** Preview mode: plays queue[index] from its start, or stops when the queue has no such row. */
function previewAt(state: WebPlayerState, queue: readonly WebTrack[], index: number): WebPlayerState {
  const track = queue[index];
  const src = track === undefined ? null : previewSrcOf(track);
  if (track === undefined || src === null) return withSteps(withPlayer(state, { playing: false, positionMs: 0 }), [{ kind: 'pause' }]);
  return withSteps(withPlayer(state, { queue, index, current: track, playing: true, positionMs: 0, durationMs: previewLength(track) }), [
    { kind: 'load', src },
    { kind: 'play' },
  ]);
}

/** spec 001 §4 Data request actions: "Shuffle is off for shows" (a show's episodes play in their order). */
export const isShowContext = (uri: string | null): boolean => uri?.startsWith('spotify:show:') === true;

function play(state: WebPlayerState, context: PlayContext | null): WebPlayerState {
  if (context === null) return state;
  const section = state.page.sections[context.section];
  const row = section?.kind === 'tracks' ? (section.rows[context.row] ?? null) : null;
  if (state.player.mode === 'full') {
    const loaded = withPlayer(state, { current: row, contextUri: context.contextUri, playing: true, positionMs: 0, durationMs: row?.durationMs ?? 0 });
    // A show starts with shuffle off: the engine's shuffle goes off first when it was on.
    const ordered =
      isShowContext(context.contextUri) && state.player.shuffle
        ? withCommand(withPlayer(loaded, { shuffle: false }), { kind: 'shuffle', shuffle: false })
        : loaded;
    return withCommand(ordered, { kind: 'play', contextUri: context.contextUri, index: context.index });
  }
  // Preview mode (anonymous visitors, spec 000 §4): the list's rows that have a preview, from the row asked
  // (or the next one that has one). A card's item has no rows here: the visitor is offered the log-in page.
  if (section?.kind !== 'tracks') return { ...state, loginOffer: 'play' };
  const queue = section.rows.filter((r) => r.playable && previewSrcOf(r) !== null);
  const start = section.rows.slice(Math.max(context.row, 0)).find((r) => r.playable && previewSrcOf(r) !== null);
  if (start === undefined) return { ...state, loginOffer: 'play' };
  return previewAt({ ...withPlayer(state, { contextUri: context.contextUri }) }, queue, queue.indexOf(start));
}

function toggle(state: WebPlayerState): WebPlayerState {
  const { player } = state;
  if (player.current === null && player.contextUri === null) return play(state, defaultPlaybackContext(state.page));
  const playing = !player.playing;
  if (player.mode === 'full') return withCommand(withPlayer(state, { playing }), { kind: playing ? 'resume' : 'pause' });
  return withSteps(withPlayer(state, { playing }), [{ kind: playing ? 'play' : 'pause' }]);
}

/** Preview mode's end of a preview (its 30 s cap or its file's end): the next row of the queue, or stop. */
function previewEnded(state: WebPlayerState): WebPlayerState {
  const next = state.player.index + 1;
  if (next < state.player.queue.length) return previewAt(state, state.player.queue, next);
  return withSteps(withPlayer(state, { playing: false, positionMs: 0 }), [{ kind: 'pause' }, { kind: 'seek', positionMs: 0 }]);
}

function engineEvent(state: WebPlayerState, event: EngineEvent): WebPlayerState {
  switch (event.kind) {
    case 'trackChanged': {
      const known = pageRows(state.page).find((r) => r.uri === event.uri) ?? (state.player.current?.uri === event.uri ? state.player.current : null);
      return withPlayer(state, { current: known ?? unknownTrack(event.uri, event.durationMs), durationMs: event.durationMs, positionMs: 0 });
    }
    case 'played':
      return withPlayer(state, { playing: true });
    case 'paused':
    case 'reset':
      return withPlayer(state, { playing: false });
    case 'progress':
      return withPlayer(state, { positionMs: event.positionMs });
    case 'volume':
      return withPlayer(state, { volume: clamp(event.volume, 0, 1) });
    case 'options':
      return withPlayer(state, { shuffle: event.shuffle, repeat: event.repeat });
    // Issue 18: a video track's picture (the engine's element) shows while it plays; null: none any more.
    case 'videoChanged': {
      if (event.video !== null) return withPlayer(state, { video: event.video });
      const { video: _gone, ...player } = state.player;
      return { ...state, player };
    }
    default:
      return state;
  }
}

/** The player bar's reducer: play, pause, next, previous, seek, volume in both modes, and what the engine or the preview element report. */
export function playerReducer(state: WebPlayerState, action: Action): WebPlayerState {
  const { player } = state;
  if (playToggled.match(action)) return toggle(state);
  if (pagePlayToggled.match(action)) return holdsPageContext(state) ? toggle(state) : play(state, defaultPlaybackContext(state.page));
  if (rowPlayed.match(action)) return play(state, rowContext(state.page.sections[action.section], action.section, action.index));
  if (cardPlayed.match(action)) {
    if (player.mode === 'preview') return { ...state, loginOffer: 'play' };
    // The card of what plays pauses and resumes it.
    if (player.contextUri === action.uri) return toggle(state);
    return play(state, { contextUri: action.uri, index: 0, section: -1, row: -1 });
  }
  if (nextRequested.match(action) || previousRequested.match(action)) {
    const next = nextRequested.match(action);
    if (player.mode === 'full') return player.contextUri === null ? state : withCommand(state, { kind: next ? 'next' : 'previous' });
    if (player.current === null) return state;
    if (next) return previewEnded(state);
    if (player.positionMs > RESTART_AFTER_MS || player.index === 0) return withSteps(withPlayer(state, { positionMs: 0 }), [{ kind: 'seek', positionMs: 0 }]);
    return previewAt(state, player.queue, player.index - 1);
  }
  if (seekRequested.match(action)) {
    if (player.current === null) return state;
    const positionMs = Math.round(clamp(action.positionMs, 0, player.durationMs));
    const moved = withPlayer(state, { positionMs });
    return player.mode === 'full' ? withCommand(moved, { kind: 'seek', positionMs }) : withSteps(moved, [{ kind: 'seek', positionMs }]);
  }
  if (volumeRequested.match(action)) {
    const volume = clamp(action.volume, 0, 1);
    const set = withPlayer(state, { volume });
    return player.mode === 'full' ? withCommand(set, { kind: 'volume', volume }) : withSteps(set, [{ kind: 'volume', volume }]);
  }
  // The engine's options (spec 001 §3): shown as asked at once, then as its options event reports them.
  if (shuffleToggled.match(action) || repeatCycled.match(action)) {
    if (player.mode !== 'full') return state;
    if (shuffleToggled.match(action) && isShowContext(player.contextUri)) return state;
    if (shuffleToggled.match(action)) return withCommand(withPlayer(state, { shuffle: !player.shuffle }), { kind: 'shuffle', shuffle: !player.shuffle });
    const mode = NEXT_REPEAT[player.repeat];
    return withCommand(withPlayer(state, { repeat: mode }), { kind: 'repeat', mode });
  }
  if (engineEventReceived.match(action)) return player.mode === 'full' ? engineEvent(state, action.event) : state;
  if (previewFactReceived.match(action)) {
    if (player.mode !== 'preview' || player.current === null) return state;
    switch (action.kind) {
      case 'playing':
        return withPlayer(state, { playing: true });
      case 'pause':
        return withPlayer(state, { playing: false });
      case 'timeupdate':
        // spec 000 §4: the preview stops at its 30 s cap even when its file is longer.
        return action.positionMs >= PREVIEW_CAP_MS ? previewEnded(state) : withPlayer(state, { positionMs: Math.min(action.positionMs, player.durationMs) });
      case 'ended':
        return previewEnded(state);
      case 'error':
        return withPlayer(state, { playing: false });
      default:
        return state;
    }
  }
  if (nowPlayingKnown.match(action)) {
    return player.current?.uri === action.track.uri ? withPlayer(state, { current: action.track }) : state;
  }
  return state;
}
