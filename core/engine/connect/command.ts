import * as t from 'io-ts';
import { tryParseUri } from '../../model/uri';
import type { Cluster } from './cluster';
import * as C from './constants';

/*
 * The remote-control commands (spec 001 §7 Remote-control service: the player command endpoints,
 * transfer and volume), as the controller asks for them: loosely typed (a page may pass anything),
 * checked here with spec 001 §5's texts before any request, then turned into the request.
 */

/** spec 001 §7 player command endpoints. */
export const PLAYER_ENDPOINTS = [
  'play',
  'pause',
  'resume',
  'skip_next',
  'skip_prev',
  'seek_to',
  'set_shuffling_context',
  'set_repeating_context',
  'set_repeating_track',
  'set_queue',
  'update_context',
] as const;
export type PlayerEndpoint = (typeof PLAYER_ENDPOINTS)[number];
export type CommandEndpoint = PlayerEndpoint | 'transfer' | 'volume';

/** What a page asks: the endpoint, its target (default: the active device) and its arguments, unchecked. */
export const RemoteCommand = t.intersection([t.type({ endpoint: t.string }), t.partial({ target: t.union([t.string, t.null]), args: t.UnknownRecord })]);
export type RemoteCommand = t.TypeOf<typeof RemoteCommand>;

/** spec 001 §7 transfer: restore_paused is pause, resume or restore. */
export const RESTORE_PAUSED = ['pause', 'resume', 'restore'] as const;
export type RestorePaused = (typeof RESTORE_PAUSED)[number];

/** A checked command: the request it becomes. */
export interface CommandRequest {
  readonly endpoint: CommandEndpoint;
  readonly method: 'POST' | 'PUT';
  /** From the spclient host. */
  readonly path: string;
  readonly body: Record<string, unknown>;
  readonly target: string;
}

export type CommandCheck = { readonly ok: true; readonly request: CommandRequest } | { readonly ok: false; readonly err: string };

const refuse = (err: string): CommandCheck => ({ ok: false, err });
const isNumber = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);
const isEndpoint = (e: string): e is PlayerEndpoint => (PLAYER_ENDPOINTS as readonly string[]).includes(e);

/** Where a queue track comes from, as the cluster's tracks name it (ours, server/connect-state/commands.ts). */
export type TrackProvider = 'queue' | 'context';
export interface QueueTrack {
  readonly uri: string;
  readonly provider?: TrackProvider;
}

/** spec 001 §5 Track arrays: an array of non-null entries whose uri is a track or an episode; a provider of queue or context is kept. */
export function checkTracks(value: unknown, arrayErr: string): { ok: true; tracks: QueueTrack[] } | { ok: false; err: string } {
  if (!Array.isArray(value)) return { ok: false, err: arrayErr };
  const tracks: QueueTrack[] = [];
  for (const entry of value as unknown[]) {
    if (entry === null || entry === undefined) return { ok: false, err: C.NULL_TRACK };
    const uri = typeof entry === 'string' ? entry : typeof entry === 'object' ? (entry as { uri?: unknown }).uri : undefined;
    const parsed = typeof uri === 'string' ? tryParseUri(uri) : null;
    if (parsed === null || (parsed.type !== 'track' && parsed.type !== 'episode') || typeof uri !== 'string') return { ok: false, err: C.INVALID_TRACK_URI };
    const provider = typeof entry === 'object' ? (entry as { provider?: unknown }).provider : undefined;
    tracks.push(provider === 'queue' || provider === 'context' ? { uri, provider } : { uri });
  }
  return { ok: true, tracks };
}

/** Where a play was started from, as the service logs it (the wire names of a play command's play_origin). */
export interface PlayOrigin {
  readonly feature_identifier?: string;
  readonly feature_version?: string;
  readonly view_uri?: string;
  readonly referrer_identifier?: string;
  readonly feature_classes?: string[];
}

const ORIGIN_TEXTS = ['feature_identifier', 'feature_version', 'view_uri', 'referrer_identifier'] as const;

/**
 * A play command's play origin, as a page gives it (an object of the wire names, or the
 * camel-case ones of the controller): its texts must be strings and, spec 001 §5, "Play origin
 * featureClasses must be an array of strings".
 */
export function checkPlayOrigin(value: unknown): { ok: true; playOrigin: PlayOrigin } | { ok: false; err: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, err: C.INVALID_ARGUMENTS };
  const given = value as Record<string, unknown>;
  const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const origin: Record<string, string | string[]> = {};
  for (const name of ORIGIN_TEXTS) {
    const v = given[name] ?? given[camel(name)];
    if (v === undefined) continue;
    if (typeof v !== 'string') return { ok: false, err: C.INVALID_ARGUMENTS };
    origin[name] = v;
  }
  const classes = given.feature_classes ?? given.featureClasses;
  if (classes !== undefined) {
    if (!Array.isArray(classes) || !(classes as unknown[]).every((c) => typeof c === 'string')) return { ok: false, err: C.INVALID_FEATURE_CLASSES };
    origin.feature_classes = [...(classes as string[])];
  }
  return { ok: true, playOrigin: origin };
}

/** spec 001 §5 Repeat mode in the controller: OFF, CONTEXT or TRACK (§3 repeat modes), else 'Unknown repeat mode.'. */
export function repeatCommands(mode: unknown): { ok: true; commands: RemoteCommand[] } | { ok: false; err: string } {
  if (mode !== 'OFF' && mode !== 'CONTEXT' && mode !== 'TRACK') return { ok: false, err: C.UNKNOWN_REPEAT_MODE };
  return {
    ok: true,
    commands: [
      { endpoint: 'set_repeating_context', args: { value: mode !== 'OFF' } },
      { endpoint: 'set_repeating_track', args: { value: mode === 'TRACK' } },
    ],
  };
}

/**
 * Checks one command against the cluster and builds its request (spec 001 §5, §7, §8 Remote control):
 * 'No such device.' for a target not in the cluster, 'Nothing playing' for a command on a state
 * that is not there, 'The current state does not have a session id' for update_context, 'Invalid
 * position.' and 'Invalid volume.', and the argument checks of §5.
 */
export function checkCommand(command: RemoteCommand, cluster: Cluster | null, localId: string): CommandCheck {
  const args = command.args ?? {};
  const state = cluster?.player_state ?? null;
  const explicit = typeof command.target === 'string' && command.target !== '' ? command.target : null;
  const target = explicit ?? cluster?.active_device_id ?? null;
  const from = encodeURIComponent(localId);
  if (explicit !== null && cluster !== null && cluster.devices[explicit] === undefined) return refuse(C.NO_SUCH_DEVICE);

  if (command.endpoint === 'transfer') {
    if (explicit === null) return refuse(C.INVALID_ARGUMENTS);
    const restore = args.restore_paused ?? 'restore';
    if (typeof restore !== 'string' || !(RESTORE_PAUSED as readonly string[]).includes(restore)) return refuse(C.INVALID_ARGUMENTS);
    const body = { transfer_options: { restore_paused: restore } };
    return {
      ok: true,
      request: { endpoint: 'transfer', method: 'POST', path: `${C.TRANSFER_PATH}/${from}/to/${encodeURIComponent(explicit)}`, body, target: explicit },
    };
  }
  if (command.endpoint === 'volume') {
    // spec 001 §5: "Remote volume must be a number of at least 0 ('Invalid volume.'), sent as round(65535*volume)".
    const volume = args.volume;
    if (!isNumber(volume) || volume < 0) return refuse(C.INVALID_VOLUME);
    if (target === null) return refuse(C.NO_STATE);
    const body = { volume: Math.round(C.VOLUME_SCALE * Math.min(1, volume)), device_id: target };
    return { ok: true, request: { endpoint: 'volume', method: 'PUT', path: C.VOLUME_PATH, body, target } };
  }
  if (!isEndpoint(command.endpoint)) return refuse(C.INVALID_ARGUMENTS);
  const endpoint = command.endpoint;
  const request = (extra: Record<string, unknown>, to: string): CommandCheck => ({
    ok: true,
    request: {
      endpoint,
      method: 'POST',
      path: `${C.PLAYER_COMMAND_PATH}/${from}/to/${encodeURIComponent(to)}`,
      body: { command: { endpoint, ...extra } },
      target: to,
    },
  });

  if (endpoint === 'play') {
    // spec 001 §5: "Play command needs a descriptor"; "playURI needs a valid uri".
    const uri = args.context_uri ?? args.uri;
    if (uri === undefined || uri === null || uri === '') return refuse(C.NO_DESCRIPTOR);
    if (typeof uri !== 'string' || tryParseUri(uri) === null) return refuse(C.INVALID_URI);
    const to = explicit ?? target ?? localId;
    const options: Record<string, unknown> = {};
    if (args.track_index !== undefined) {
      if (!Number.isInteger(args.track_index) || (args.track_index as number) < 0) return refuse(C.INVALID_ARGUMENTS);
      options.skip_to = { track_index: args.track_index };
    } else if (args.track_uri !== undefined) {
      if (typeof args.track_uri !== 'string' || tryParseUri(args.track_uri) === null) return refuse(C.INVALID_URI);
      options.skip_to = { track_uri: args.track_uri };
    }
    if (args.position_ms !== undefined) {
      if (!isNumber(args.position_ms) || args.position_ms < 0) return refuse(C.INVALID_POSITION);
      options.seek_to = args.position_ms;
    }
    if (args.paused !== undefined) {
      if (typeof args.paused !== 'boolean') return refuse(C.INVALID_ARGUMENTS);
      options.initially_paused = args.paused;
    }
    const origin = args.play_origin === undefined ? null : checkPlayOrigin(args.play_origin);
    if (origin !== null && !origin.ok) return refuse(origin.err);
    return request(
      { context: { uri }, ...(Object.keys(options).length === 0 ? {} : { options }), ...(origin === null ? {} : { play_origin: origin.playOrigin }) },
      to,
    );
  }

  // Every other endpoint acts on the current state.
  if (endpoint === 'seek_to') {
    // spec 001 §5: "Remote seek needs a number of at least 0 ('Invalid position.'). A non-number seek position is refused."
    const position = args.position_ms ?? args.value;
    if (!isNumber(position) || position < 0) return refuse(C.INVALID_POSITION);
    if (state === null || target === null) return refuse(C.NO_STATE);
    return request({ value: Math.round(position) }, target);
  }
  if (endpoint === 'set_shuffling_context' || endpoint === 'set_repeating_context' || endpoint === 'set_repeating_track') {
    if (typeof args.value !== 'boolean') return refuse(C.INVALID_ARGUMENTS);
    if (state === null || target === null) return refuse(C.NO_STATE);
    return request({ value: args.value }, target);
  }
  if (endpoint === 'set_queue') {
    const next = checkTracks(args.next_tracks ?? [], C.INVALID_NEXT_TRACKS);
    if (!next.ok) return refuse(next.err);
    const prev = checkTracks(args.prev_tracks ?? [], C.INVALID_PREVIOUS_TRACKS);
    if (!prev.ok) return refuse(prev.err);
    if (state === null || target === null) return refuse(C.NO_STATE);
    return request({ next_tracks: next.tracks, prev_tracks: prev.tracks }, target);
  }
  if (endpoint === 'update_context') {
    const uri = args.context_uri ?? args.uri;
    if (typeof uri !== 'string' || tryParseUri(uri) === null) return refuse(C.INVALID_URI);
    if (state === null || target === null) return refuse(C.NO_STATE);
    // spec 001 §5: "Update context needs a session id".
    if (state.session_id === null) return refuse(C.NO_SESSION_ID);
    return request({ context: { uri }, session_id: state.session_id }, target);
  }
  // pause, resume, skip_next, skip_prev.
  if (state === null || target === null) return refuse(C.NO_STATE);
  return request({}, target);
}
