/**
 * The engine's remote controller, usable without our UI (issue 16, spec 001 §4 Remote-control
 * client): a page lists the user's devices, reads the cluster as an observable and sends commands
 * to any device, its own included. It drives the remote-control client of the engine's store
 * (core/engine/connect): every call is an input action in the engine's log, every answer an
 * action of its epics, so a controller session replays like any other.
 *
 *   const engine = await startEngineClient({ hosts: { api: '', accounts: '' }, version: '1' });
 *   const remote = engine.controller;
 *   remote.observe();
 *   remote.cluster$.subscribe((cluster) => render(cluster));
 *   await remote.pause();                       // the active device
 *   await remote.transfer(remote.localDeviceId); // play here, from where it was
 */
import { Observable, distinctUntilChanged, filter, firstValueFrom, map, take } from 'rxjs';
import {
  activeDeviceChanged,
  commandAcknowledged,
  commandFailed,
  commandRefused,
  commandRequested,
  commandSent,
  commandSuperseded,
  commandTimedOut,
  devicesFailed,
  devicesListed,
  devicesRequested,
  observeRequested,
  unobserveRequested,
} from '../../core/engine/connect/actions';
import { positionAt, type Cluster, type ClusterPlayerState, type ConnectDevice } from '../../core/engine/connect/cluster';
import { repeatCommands, type RemoteCommand, type RestorePaused } from '../../core/engine/connect/command';
import { connectStateOf, type ConnectState } from '../../core/engine/connect/state';
import { trackWindowOf, type TrackWindow } from '../../core/engine/connect/track-window';
import { claimRequested } from '../../core/engine/player/claim.epic';
import type { Action } from '../../core/store/action';

export type { Cluster, ClusterPlayerState, ConnectDevice, RemoteCommand, RestorePaused, TrackWindow };

/** How a command ended: acknowledged by a cluster, or sent with no ack to await; else why not. */
export type CommandOutcome =
  | { readonly ok: true; readonly status: 'acknowledged' | 'sent'; readonly ackId: string | null }
  | { readonly ok: false; readonly status: 'refused' | 'failed' | 'timedOut' | 'superseded'; readonly err: string };

export type RepeatMode = 'OFF' | 'CONTEXT' | 'TRACK';

export interface PlayOptions {
  /** Start at this index of the context, or at this track. */
  readonly trackIndex?: number;
  readonly trackUri?: string;
  readonly positionMs?: number;
  readonly paused?: boolean;
  /** The device to play on: the active one, else this one. */
  readonly target?: string;
  /** Where the play was started from, for the service's logs; featureClasses must be strings (spec 001 §5). */
  readonly playOrigin?: PlayOrigin;
}

export interface PlayOrigin {
  readonly featureIdentifier?: string;
  readonly featureVersion?: string;
  readonly viewUri?: string;
  readonly referrerIdentifier?: string;
  readonly featureClasses?: ReadonlyArray<string>;
}

export interface RemoteController {
  /** This engine's device id: the "from" of its commands, and a target to transfer playback here. */
  readonly localDeviceId: string;
  /** Registers as a hidden observer (now, or once the dealer connection has an id) and keeps the cluster. */
  observe(): void;
  /** Stops observing (DELETE devices/{observerId}). */
  unobserve(): void;
  /** The cluster (spec 001 §3): null until the first one; older messages are never seen here (spec 001 §4). */
  readonly cluster$: Observable<Cluster | null>;
  /** The cluster's devices, the active one first. */
  readonly devices$: Observable<ReadonlyArray<ConnectDevice>>;
  readonly activeDevice$: Observable<ConnectDevice | null>;
  /** spec 001 §3 track_window of what the active device plays: its track and the 2 next and 2 previous (§9), in play order; null when nothing plays. */
  readonly trackWindow$: Observable<TrackWindow | null>;
  /** spec 001 §4 active-device changes. */
  readonly activeDeviceChanges$: Observable<{ readonly previous: string | null; readonly current: string | null }>;
  /** spec 001 §4: a player state but no active device. */
  readonly orphaned$: Observable<boolean>;
  /** Observer registration: its status and the last error (e.g. 'Cannot register: no connection id.'). */
  readonly registration$: Observable<{ readonly status: ConnectState['status']; readonly error: string | null }>;
  /** Where the cluster's player state is at `now` (ms since the epoch): it advances while playing. */
  positionAt(state: ClusterPlayerState, now: number): number;
  /** GET /v1/me/player/devices (spec 001 §7). */
  listDevices(): Promise<ReadonlyArray<ConnectDevice>>;
  play(contextUri: string, options?: PlayOptions): Promise<CommandOutcome>;
  pause(target?: string): Promise<CommandOutcome>;
  resume(target?: string): Promise<CommandOutcome>;
  skipNext(target?: string): Promise<CommandOutcome>;
  skipPrevious(target?: string): Promise<CommandOutcome>;
  seekTo(positionMs: number, target?: string): Promise<CommandOutcome>;
  setShuffle(on: boolean, target?: string): Promise<CommandOutcome>;
  /** Two commands (set_repeating_context, set_repeating_track); the outcome of the first that did not succeed, else the last. */
  setRepeat(mode: RepeatMode, target?: string): Promise<CommandOutcome>;
  setQueue(nextTracks: ReadonlyArray<string>, prevTracks?: ReadonlyArray<string>, target?: string): Promise<CommandOutcome>;
  updateContext(contextUri: string, target?: string): Promise<CommandOutcome>;
  /** spec 001 §7 transfer; restorePaused: pause, resume, or restore (as it was, the default). */
  transfer(target: string, restorePaused?: RestorePaused): Promise<CommandOutcome>;
  /**
   * spec 001 §4 Client lifecycle: claims a hidden local state (the service plays on this device, the
   * local player holds nothing, e.g. after a reload) by transferring playback here paused; refused
   * with 'No hidden local state.' otherwise. Observes first when no cluster was heard.
   */
  claim(): Promise<CommandOutcome>;
  /** 0..1; debounced 1 s per device (spec 001 §9): a change replaced within it resolves 'superseded'. */
  setVolume(volume: number, target?: string): Promise<CommandOutcome>;
  /** Any command of spec 001 §7 by endpoint, as core/engine/connect/command.ts reads it. */
  send(command: RemoteCommand): Promise<CommandOutcome>;
}

/** What the controller needs of the engine: its actions, its state, an input, and a start. */
export interface ControllerEngine {
  readonly actions$: Observable<Action>;
  readonly state$: Observable<{ readonly connect?: ConnectState }>;
  /** Starts the engine if it has not started (session, token, dealer connection). */
  start(): void;
  /** Dispatches a controller input (src 'ui'). */
  input(action: Action): void;
}

function outcomeOf(id: string, a: Action): CommandOutcome | null {
  if (commandAcknowledged.match(a) && a.id === id) return { ok: true, status: 'acknowledged', ackId: a.ackId };
  if (commandSent.match(a) && a.id === id && a.ackId === null) return { ok: true, status: 'sent', ackId: null };
  if (commandRefused.match(a) && a.id === id) return { ok: false, status: 'refused', err: a.err };
  if (commandFailed.match(a) && a.id === id) return { ok: false, status: 'failed', err: a.err };
  if (commandTimedOut.match(a) && a.id === id) return { ok: false, status: 'timedOut', err: a.err };
  if (commandSuperseded.match(a) && a.id === id) return { ok: false, status: 'superseded', err: `Superseded by ${a.by}` };
  return null;
}

export function createRemoteController(engine: ControllerEngine, localDeviceId: string): RemoteController {
  let next = 0;
  // Ids are a counter, not random: the controller's inputs replay as they were.
  const newId = (): string => `c${(next += 1)}`;
  const connect$ = engine.state$.pipe(
    map((s) => connectStateOf(s)),
    distinctUntilChanged(),
  );
  const cluster$ = connect$.pipe(
    map((c) => c.cluster),
    distinctUntilChanged(),
  );

  const ask = (input: (id: string) => Action): Promise<CommandOutcome> => {
    engine.start();
    const id = newId();
    // Listening before the input: a refusal comes back while it is being handled.
    const outcome = firstValueFrom(
      engine.actions$.pipe(
        map((a) => outcomeOf(id, a)),
        filter((o): o is CommandOutcome => o !== null),
        take(1),
      ),
    );
    engine.input(input(id));
    return outcome;
  };
  const send = (command: RemoteCommand): Promise<CommandOutcome> => ask((id) => commandRequested({ id, command }));
  const to = (target: string | undefined) => (target === undefined ? {} : { target });

  return {
    localDeviceId,
    observe: () => {
      engine.start();
      engine.input(observeRequested());
    },
    unobserve: () => engine.input(unobserveRequested()),
    cluster$,
    devices$: cluster$.pipe(map((c) => (c === null ? [] : Object.values(c.devices).sort((a, b) => Number(b.is_active) - Number(a.is_active))))),
    activeDevice$: cluster$.pipe(
      map((c) => (c === null || c.active_device_id === null ? null : (c.devices[c.active_device_id] ?? null))),
      distinctUntilChanged(),
    ),
    trackWindow$: cluster$.pipe(map((c) => trackWindowOf(c?.player_state ?? null))),
    activeDeviceChanges$: engine.actions$.pipe(
      filter(activeDeviceChanged.match),
      map(({ previous, current }) => ({ previous, current })),
    ),
    orphaned$: connect$.pipe(
      map((c) => c.orphaned),
      distinctUntilChanged(),
    ),
    registration$: connect$.pipe(
      map((c) => ({ status: c.status, error: c.lastError })),
      distinctUntilChanged((a, b) => a.status === b.status && a.error === b.error),
    ),
    positionAt,
    listDevices: () => {
      engine.start();
      const id = newId();
      const answer = firstValueFrom(
        engine.actions$.pipe(
          filter((a) => (devicesListed.match(a) || devicesFailed.match(a)) && a.id === id),
          take(1),
        ),
      );
      engine.input(devicesRequested({ id }));
      return answer.then((a) => {
        if (devicesListed.match(a)) return a.devices;
        throw new Error(devicesFailed.match(a) ? a.err : 'No device list');
      });
    },
    play: (contextUri, options = {}) =>
      send({
        endpoint: 'play',
        ...to(options.target),
        args: {
          context_uri: contextUri,
          ...(options.trackIndex === undefined ? {} : { track_index: options.trackIndex }),
          ...(options.trackUri === undefined ? {} : { track_uri: options.trackUri }),
          ...(options.positionMs === undefined ? {} : { position_ms: options.positionMs }),
          ...(options.paused === undefined ? {} : { paused: options.paused }),
          ...(options.playOrigin === undefined ? {} : { play_origin: options.playOrigin }),
        },
      }),
    pause: (target) => send({ endpoint: 'pause', ...to(target) }),
    resume: (target) => send({ endpoint: 'resume', ...to(target) }),
    skipNext: (target) => send({ endpoint: 'skip_next', ...to(target) }),
    skipPrevious: (target) => send({ endpoint: 'skip_prev', ...to(target) }),
    seekTo: (positionMs, target) => send({ endpoint: 'seek_to', ...to(target), args: { position_ms: positionMs } }),
    setShuffle: (on, target) => send({ endpoint: 'set_shuffling_context', ...to(target), args: { value: on } }),
    setRepeat: async (mode, target) => {
      const commands = repeatCommands(mode);
      if (!commands.ok) return { ok: false, status: 'refused', err: commands.err };
      let last: CommandOutcome = { ok: true, status: 'sent', ackId: null };
      for (const command of commands.commands) {
        last = await send({ ...command, ...to(target) });
        if (!last.ok) return last;
      }
      return last;
    },
    setQueue: (nextTracks, prevTracks = [], target) =>
      send({
        endpoint: 'set_queue',
        ...to(target),
        args: { next_tracks: nextTracks.map((uri) => ({ uri })), prev_tracks: prevTracks.map((uri) => ({ uri })) },
      }),
    updateContext: (contextUri, target) => send({ endpoint: 'update_context', ...to(target), args: { context_uri: contextUri } }),
    transfer: (target, restorePaused = 'restore') => send({ endpoint: 'transfer', target, args: { restore_paused: restorePaused } }),
    claim: () => ask((id) => claimRequested({ id })),
    setVolume: (volume, target) => send({ endpoint: 'volume', ...to(target), args: { volume } }),
    send,
  };
}
