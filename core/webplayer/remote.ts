import * as t from 'io-ts';
import { EMPTY, defer, interval, type Observable, type SchedulerLike } from 'rxjs';
import { filter, map, switchMap, takeWhile } from 'rxjs/operators';
import {
  countRemoteCommands,
  initialRemoteView,
  remoteCommandsOf,
  remoteDeviceOf,
  remotePlayingOf,
  remotePositionAfter,
  remoteVolumeOf,
  setRemoteVolume,
  takeRemoteState,
  type EngineCommand,
  type RemoteIntent,
  type RemotePlaying,
  type RemoteViewState,
} from '../contract';
import { defineAction, type Action } from '../store/action';
import type { StateObservable } from '../store/store';
import { defaultPlaybackContext, rowContext } from './default-context';
import { isShowContext } from './player';
import type { WebPlayerDeps } from './epics';
import {
  cardPlayed,
  engineEventReceived,
  nextRequested,
  playToggled,
  previousRequested,
  repeatCycled,
  rowPlayed,
  shuffleToggled,
  seekRequested,
  volumeRequested,
  type PlayerBarState,
  type WebPlayerState,
  type WebTrack,
  withCommand,
} from './state';

/*
 * Issue 16 The controller, on the web player's pages: a logged-in listener's player bar has a
 * devices button listing their devices (the active one marked; choosing one transfers playback
 * there, spec 001 §7), and while another device plays, the bar shows that device's track with
 * "Listening on {device}" and its controls drive that device. The rules are the widget's
 * (core/contract/remote-view.ts, remote-control.ts); this file keeps the view in the page's state and mirrors what the
 * other device plays into the bar.
 */

/** The page followed the user's devices from its start (logged-in listeners: the engine observes, spec 001 §4). */
export const remoteControlStarted = defineAction('webplayer/remoteControlStarted');
/** The devices button: opens the list of the user's devices, or closes it. */
export const devicesToggled = defineAction('webplayer/devicesToggled');
/** The list closed without a choice (Escape, a press outside it). */
export const devicesClosed = defineAction('webplayer/devicesClosed');
/** A device of the list: playback moves there (spec 001 §7 transfer). */
export const deviceChosen = defineAction('webplayer/deviceChosen', { deviceId: t.string });
/** The other device's position, advanced here from its last cluster while it plays (no polling). */
export const remotePositionTicked = defineAction('webplayer/remotePositionTicked', { positionMs: t.number });

/** How often the shown position of the other device moves on (ours, as the widget's: the bar's resolution is a second). */
export const REMOTE_TICK_MS = 1000;

export const selectRemoteView = (state: WebPlayerState): RemoteViewState => state.remote ?? initialRemoteView;
/** The device that plays elsewhere, which the bar's controls drive; null when playback is here or nowhere. */
export const selectRemoteDevice = (state: WebPlayerState) => remoteDeviceOf(selectRemoteView(state));
/** The volume the bar shows: the other device's, else this browser's. */
export const selectShownVolume = (state: WebPlayerState): number => remoteVolumeOf(selectRemoteView(state)) ?? state.player.volume;

/** The shuffle and repeat the bar shows: the other device's (its cluster's options), else this engine's. */
export function selectShownOptions(state: WebPlayerState): { readonly shuffle: boolean; readonly repeat: 'OFF' | 'CONTEXT' | 'TRACK' } {
  const playing = remotePlayingOf(selectRemoteView(state));
  return playing === null ? { shuffle: state.player.shuffle, repeat: state.player.repeat } : { shuffle: playing.shuffle, repeat: playing.repeat };
}

const withView = (state: WebPlayerState, remote: RemoteViewState): WebPlayerState => ({ ...state, remote });

/** The engine commands decided, numbered and sent in order (the page sends each command seq once). */
function withCommands(state: WebPlayerState, remote: RemoteViewState, commands: readonly EngineCommand[]): WebPlayerState {
  const counted = countRemoteCommands(remote, commands);
  return commands.reduce<WebPlayerState>(withCommand, withView(state, counted));
}

/** The smallest cover at least 64 px wide (the bar's), else the largest there is. */
function coverOf(playing: RemotePlaying): string | null {
  const images = [...playing.images].sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  return (images.find((i) => (i.width ?? 0) >= 64) ?? images[images.length - 1])?.url ?? null;
}

/** What the other device plays, as the bar shows a track (its artists as text: the cluster names them only). */
function mirroredTrack(playing: RemotePlaying): WebTrack {
  return {
    id: playing.uri.split(':').pop() ?? '',
    uri: playing.uri,
    name: playing.name,
    artists: playing.artists.map((name) => ({ name, href: null })),
    album: null,
    imageUrl: coverOf(playing),
    durationMs: playing.durationMs,
    previewUrl: null,
    playable: true,
  };
}

const mirrored = (playing: RemotePlaying): Partial<PlayerBarState> => ({
  current: mirroredTrack(playing),
  contextUri: playing.contextUri,
  playing: !playing.paused,
  positionMs: playing.positionMs,
  durationMs: playing.durationMs,
});

/** A cluster taken: the bar shows what the other device plays; when playback leaves it for none, the bar stops. */
function remoteStateTaken(state: WebPlayerState, view: RemoteViewState): WebPlayerState {
  const before = remotePlayingOf(selectRemoteView(state));
  const playing = remotePlayingOf(view);
  const next = withView(state, view);
  if (playing !== null) return { ...next, player: { ...next.player, ...mirrored(playing) } };
  const here = view.devices.some((d) => d.local && d.id === view.activeDeviceId);
  // Playback came here: this engine's own events take over the bar.
  if (before === null || here) return next;
  return { ...next, player: { ...next.player, playing: false } };
}

/** The bar's intents while another device plays, as the controls' intents (null: not one of them). */
function intentOf(state: WebPlayerState, action: Action): RemoteIntent | null {
  if (playToggled.match(action)) return { kind: 'toggle', ...(defaultContextUri(state) ?? {}) };
  if (rowPlayed.match(action)) {
    const context = rowContext(state.page.sections[action.section], action.section, action.index);
    return context === null ? null : { kind: 'playAt', contextUri: context.contextUri, index: context.index };
  }
  if (cardPlayed.match(action)) return { kind: 'playAt', contextUri: action.uri, index: 0 };
  if (nextRequested.match(action)) return { kind: 'next' };
  if (previousRequested.match(action)) return { kind: 'previous' };
  // spec 001 §4: shuffle is off for shows, on the other device too (the bar's own rule then keeps it off).
  if (shuffleToggled.match(action)) return isShowContext(state.player.contextUri) ? null : { kind: 'shuffle' };
  if (repeatCycled.match(action)) return { kind: 'repeat' };
  if (seekRequested.match(action)) return { kind: 'seek', positionMs: Math.min(Math.max(action.positionMs, 0), state.player.durationMs || action.positionMs) };
  return null;
}

/** With nothing playing on the other device, play starts the page's default context there (spec 001 §2). */
function defaultContextUri(state: WebPlayerState): { contextUri: string } | null {
  const context = defaultPlaybackContext(state.page);
  return context === null ? null : { contextUri: context.contextUri };
}

/**
 * The controller's part of the page's reducer, before the player bar's: null when the action is
 * the bar's own (no other device plays, or not a control), else the state with the command for
 * the other device (spec 001 §7) and the list or the mirrored bar updated.
 */
export function remoteReducer(state: WebPlayerState, action: Action): WebPlayerState | null {
  if (!state.loggedIn) return null;
  const view = selectRemoteView(state);
  if (remoteControlStarted.match(action)) return withCommands(state, view, [{ kind: 'observe' }]);
  if (devicesToggled.match(action)) {
    const opened = { ...view, listOpen: !view.listOpen };
    return opened.listOpen ? withCommands(state, opened, [{ kind: 'observe' }]) : withView(state, opened);
  }
  if (devicesClosed.match(action)) return withView(state, { ...view, listOpen: false });
  if (deviceChosen.match(action)) {
    const closed = { ...view, listOpen: false };
    return withCommands(state, closed, remoteCommandsOf(closed, { kind: 'choose', deviceId: action.deviceId }) ?? []);
  }
  if (engineEventReceived.match(action) && action.event.kind === 'remoteState') return remoteStateTaken(state, takeRemoteState(view, action.event.state));
  if (remoteDeviceOf(view) === null) return null;
  if (remotePositionTicked.match(action)) return { ...state, player: { ...state.player, positionMs: action.positionMs } };
  if (volumeRequested.match(action)) {
    const set = setRemoteVolume(view, action.volume);
    // A device that cannot change its volume (spec 001 §3 volume -1): the bar's volume stays this browser's.
    if (set === null) return null;
    return withCommands(state, set, remoteCommandsOf(set, { kind: 'volume' }) ?? []);
  }
  const intent = intentOf(state, action);
  if (intent === null) return null;
  const commands = remoteCommandsOf(view, intent) ?? [];
  const moved = seekRequested.match(action) && intent.kind === 'seek' ? { ...state, player: { ...state.player, positionMs: intent.positionMs } } : state;
  return withCommands(moved, view, commands);
}

/** The player bar's reducer with the controller in front of it (reducer.ts WEBPLAYER_REDUCERS). */
export const withRemoteControl =
  (reduce: (state: WebPlayerState, action: Action) => WebPlayerState) =>
  (state: WebPlayerState, action: Action): WebPlayerState =>
    remoteReducer(state, action) ?? reduce(state, action);

type RemoteEpic = (
  action$: Observable<Action>,
  state$: StateObservable<{ readonly webplayer: WebPlayerState }>,
  deps: WebPlayerDeps & { readonly scheduler?: SchedulerLike },
) => Observable<Action>;

/**
 * While another device plays, its position advances in the bar from the one its cluster gave, on
 * the page's scheduler (no polling of the service); each cluster starts over from its own.
 */
export const webPlayerRemoteTickEpic: RemoteEpic = (action$, state$, deps) =>
  defer(() => {
    const scheduler = deps.scheduler;
    if (scheduler === undefined) return EMPTY;
    return action$.pipe(
      filter((a) => engineEventReceived.match(a) && a.event.kind === 'remoteState'),
      switchMap((): Observable<Action> => {
        const playing = remotePlayingOf(selectRemoteView(state$.value.webplayer));
        if (playing === null || playing.paused) return EMPTY;
        const end = playing.durationMs > 0 ? playing.durationMs : Infinity;
        return interval(REMOTE_TICK_MS, scheduler).pipe(
          map((n) => remotePositionAfter(playing, (n + 1) * REMOTE_TICK_MS)),
          takeWhile((position) => position < end, true),
          map((positionMs) => remotePositionTicked({ positionMs })),
        );
      }),
    );
  });
