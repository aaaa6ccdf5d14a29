import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLeft } from 'fp-ts/Either';
import * as t from 'io-ts';
import type { Kysely } from 'kysely';
import { formatDecodeErrors } from '../../core/model/decode-errors';
import { bearerToken } from '../accounts/tokens';
import type { Database } from '../db/tables';
import type { Realtime } from '../realtime/hub';
import { requireAccount, sendError, type AccountGrant, type Verify } from '../playback/bearer-grant';
import type { ContextTracks } from '../playback/context-tracks';
import { decodeBody } from '../playback/decode-body';
import { commandPush, newCommandId } from '../playback/device-commands';
import type { Device, DeviceRegistry } from '../playback/device-registry';
import { installJsonErrors } from '../playback/json-errors';
import { NO_SUCH_DEVICE } from '../playback/player-command-routes';
import { TRACK_PLAYBACK_DEVICES_PATH } from '../playback/track-playback-routes';
import { DeviceId, VOLUME_MAX } from '../playback/wire';
import { activeDeviceOf, clusterDevice, currentIndexOf, liveDeviceRows, positionNow, type ClusterDevice } from './cluster';
import { createConnectHooks, replaceState, type ConnectHooks } from './commands';
import { createConnectState, MAX_OBSERVERS_PER_USER, type ConnectState } from './service';

/*
 * The remote-control service of spec 001 §7 (server/connect-state/README.md): hidden observers,
 * transfer, volume, and the cluster pushed over the dealer whenever a device of the user changes.
 * The player command endpoint is the track-playback service's (server/playback/player-command-routes.ts),
 * given this service's hooks.
 */

/** spec 001 §7 Remote-control service, under our connect-state prefix (as the player command). */
export const CONNECT_STATE_PATH = '/connect-state/v1';
/** spec 001 §7 "connection id header" of PUT devices/{observerId}. */
export const CONNECTION_ID_HEADER = 'x-spotify-connection-id';

/**
 * spec 001 §9 "observer id limited to 40 after a prefix": a prefix of at most 16 characters and an id
 * of at most 40, of the device id alphabet (spec 001 §3).
 */
const OBSERVER_ID = /^[A-Za-z0-9_%:-]{1,56}$/;
const ObserverId = t.brand(t.string, (s): s is t.Branded<string, { readonly ObserverId: unique symbol }> => OBSERVER_ID.test(s), 'ObserverId');

/** PUT devices/{observerId}: an optional JSON object (what the client says of itself is not kept). */
const ObserverBody = t.union([t.undefined, t.null, t.UnknownRecord]);

/** spec 001 §7 transfer restore_paused: pause, resume or restore (keep the paused flag it had). */
const RestorePaused = t.keyof({ pause: null, resume: null, restore: null });
const TransferBody = t.union([
  t.undefined,
  t.null,
  t.partial({ transfer_options: t.partial({ restore_paused: RestorePaused }), restore_paused: RestorePaused }),
]);

const Volume = t.brand(t.number, (n): n is t.Branded<number, { readonly Volume: unique symbol }> => Number.isInteger(n) && n >= 0 && n <= VOLUME_MAX, 'Volume');
/** spec 001 §5 remote volume: round(65535 × volume); the device is the active one unless named. */
const VolumeBody = t.intersection([t.type({ volume: Volume }), t.partial({ device_id: DeviceId })]);

const PathIds = t.type({ from: t.string, target: DeviceId });

/** A body that may be null itself: undefined (400 naming the field sent) when it does not decode. */
function decoded<A>(codec: t.Decoder<unknown, A>, raw: unknown, reply: FastifyReply, what: string): { readonly value: A } | undefined {
  const result = codec.decode(raw);
  if (isLeft(result)) return (sendError(reply, 400, `Invalid ${what}: ${formatDecodeErrors(result.left)}`), undefined);
  return { value: result.right };
}

export interface ConnectStateRouteDeps {
  readonly db: Kysely<Database>;
  readonly verify: Verify;
  readonly realtime: Realtime;
  readonly devices: DeviceRegistry;
  readonly contextTracks: ContextTracks;
  readonly publicUrl: string;
  readonly now?: () => number;
  readonly maxObservers?: number;
}

/** The user's devices as the controller sees them (spec 001 §3 Device), for GET /v1/me/player/devices. */
export async function listDevices(db: Kysely<Database>, realtime: Realtime, userId: string): Promise<ClusterDevice[]> {
  const devices = await liveDeviceRows(db, userId, await realtime.liveConnections(userId));
  const stored = await db.selectFrom('connect_state_users').select('active_device_id').where('account_id', '=', userId).executeTakeFirst();
  const active = activeDeviceOf(devices, stored?.active_device_id ?? null);
  return devices.map((d) => clusterDevice(d, active?.id ?? null));
}

/**
 * The cluster is pushed after every change the track-playback service answers (registration, update,
 * state, volume, deregistration): a root hook, once the answer is out and its rows are written. Called
 * before the playback routes are registered, so their scope inherits it.
 */
export function watchTrackPlayback(app: FastifyInstance, verify: Verify, changed: (userId: string) => void): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 300 || request.routeOptions.url?.startsWith(TRACK_PLAYBACK_DEVICES_PATH) !== true) return;
    const token = bearerToken(request.headers.authorization);
    const grant = token === null ? null : await verify(token);
    if (grant !== null && grant.accountId !== null) changed(grant.accountId);
  });
}

export interface ConnectStateService {
  readonly state: ConnectState;
  /** For registerPlayback's player command route. */
  readonly hooks: ConnectHooks;
}

/** Creates the service; its routes are registered by registerConnectStateRoutes (once the device registry exists). */
export function createConnectStateService(app: FastifyInstance, deps: Omit<ConnectStateRouteDeps, 'devices' | 'verify'>): ConnectStateService {
  const state = createConnectState({
    db: deps.db,
    realtime: deps.realtime,
    now: deps.now ?? Date.now,
    mediaBase: deps.publicUrl.replace(/\/$/, ''),
    logError: (error, context) => app.log.warn({ err: error }, context),
    ...(deps.maxObservers === undefined ? {} : { maxObservers: deps.maxObservers }),
  });
  // The dealer closes its sockets in preClose (each close pushes a cluster); onClose hooks run last-added first,
  // so the pushes under way end before the database (whose hook was added earlier) closes.
  app.addHook('onClose', () => state.stop());
  return { state, hooks: createConnectHooks(state, deps.contextTracks, Math.random, deps.now ?? Date.now) };
}

export function registerConnectStateRoutes(app: FastifyInstance, service: ConnectStateService, deps: ConnectStateRouteDeps): void {
  const { state } = service;
  const now = deps.now ?? Date.now;
  void app.register(async (scope) => {
    installJsonErrors(scope);

    /** The grant and the user's live device of the path, or null with 401/403/404 sent. */
    const liveDevice = async (grant: AccountGrant, deviceId: string): Promise<Device | undefined> =>
      (await deps.devices.live(grant.accountId, await deps.realtime.liveConnections(grant.accountId))).find((d) => d.id === deviceId);

    const decodeParams = <A>(codec: t.Decoder<unknown, A>, request: FastifyRequest, reply: FastifyReply): A | null =>
      decodeBody(codec, request.params, reply, 'path');

    // spec 001 §7: PUT devices/{observerId}, a hidden observer on the connection the header names; the answer is the cluster (§4: the initial state).
    scope.put(`${CONNECT_STATE_PATH}/devices/:observerId`, async (request, reply) => {
      const grant = await requireAccount(request, reply, deps.verify, { premium: false });
      if (grant === null) return reply;
      const params = decodeParams(t.type({ observerId: ObserverId }), request, reply);
      if (params === null) return reply;
      if (decoded(ObserverBody, request.body, reply, 'observer') === undefined) return reply;
      const connectionId = request.headers[CONNECTION_ID_HEADER];
      if (typeof connectionId !== 'string' || connectionId === '')
        return sendError(reply, 400, `Missing ${CONNECTION_ID_HEADER} header: the observer's dealer connection id`);
      // Only a live dealer connection of the same user (another user's is as unknown as a made-up one).
      if ((await deps.realtime.ownerOf(connectionId)) !== grant.accountId)
        return sendError(reply, 400, `${CONNECTION_ID_HEADER} is not a live dealer connection of this user`);
      if (!(await state.addObserver(grant.accountId, params.observerId, connectionId))) {
        return sendError(
          reply,
          429,
          `Max subscriptions reached (${deps.maxObservers ?? MAX_OBSERVERS_PER_USER} observers per user)`,
          'TP_MAX_SUBSCRIPTIONS_REACHED',
        );
      }
      return reply.send(await state.publish(grant.accountId, 'NEW_DEVICE_APPEARED'));
    });

    scope.delete(`${CONNECT_STATE_PATH}/devices/:observerId`, async (request, reply) => {
      const grant = await requireAccount(request, reply, deps.verify, { premium: false });
      if (grant === null) return reply;
      const params = decodeParams(t.type({ observerId: ObserverId }), request, reply);
      if (params === null) return reply;
      if (!(await state.removeObserver(grant.accountId, params.observerId))) return sendError(reply, 404, NO_SUCH_DEVICE);
      return reply.code(204).send();
    });

    // spec 001 §7: POST v1/connect/transfer/from/{local}/to/{target}, restore_paused pause, resume or restore; the target goes on from the active device's position.
    scope.post(`${CONNECT_STATE_PATH}/connect/transfer/from/:from/to/:target`, async (request, reply) => {
      const grant = await requireAccount(request, reply, deps.verify, { premium: false });
      if (grant === null) return reply;
      const params = decodeParams(PathIds, request, reply);
      if (params === null) return reply;
      const target = await liveDevice(grant, params.target);
      if (target === undefined) return sendError(reply, 404, NO_SUCH_DEVICE);
      const body = decoded(TransferBody, request.body, reply, 'transfer');
      if (body === undefined) return reply;
      const restore = body.value?.transfer_options?.restore_paused ?? body.value?.restore_paused ?? 'restore';
      const userId = grant.accountId;
      const rows = await liveDeviceRows(deps.db, userId, await deps.realtime.liveConnections(userId));
      const activeRow = await state.active(userId, rows);
      const source = activeRow === null || currentIndexOf(activeRow) === null ? undefined : await liveDevice(grant, activeRow.id);
      if (activeRow === null || source === undefined || source.machine === null || source.stateRef === null) {
        // Nothing plays: the target only becomes the active device.
        await state.setActive(userId, target.id);
        await state.publish(userId, 'DEVICES_CHANGED');
        return reply.send({});
      }
      const paused = restore === 'pause' ? true : restore === 'resume' ? false : source.stateRef.paused;
      const ref = { ...source.stateRef, paused };
      const position = positionNow(activeRow, await state.lastUpdate(userId, activeRow.id), now());
      const ackId = newCommandId();
      const outcome = replaceState(target, source.machine, ref, position);
      if ('status' in outcome) return sendError(reply, outcome.status, outcome.message);
      await deps.devices.update(userId, target.id, { machine: target.machine, commandedRef: target.commandedRef });
      // Awaited before the target can answer; the target becomes the active device.
      await state.expectAck(userId, target, ackId, { kind: 'state', ref });
      await state.setActive(userId, target.id);
      if (!(await deps.realtime.pushTo(target.connectionId, commandPush(outcome.command, params.from, ackId), userId)))
        return sendError(reply, 404, NO_SUCH_DEVICE);
      if (source.id !== target.id) {
        // The old device stops: first paused in its state (spec 001 §4 replace_state, same state id), so its
        // element is paused whatever its stop does, then without a state ref (§4: pause, clear, empty the state).
        const pausedRef = { ...source.stateRef, paused: true };
        await deps.devices.update(userId, source.id, { commandedRef: null });
        const stop = (stateRef: typeof pausedRef | null, prev: typeof pausedRef) =>
          deps.realtime.pushTo(
            source.connectionId,
            commandPush({ type: 'replace_state', state_machine: source.machine!, state_ref: stateRef, prev_state_ref: prev }, params.from),
            userId,
          );
        await stop(pausedRef, source.stateRef);
        await stop(null, pausedRef);
      }
      state.changed(userId, 'DEVICES_CHANGED');
      return reply.send({ ack_id: ackId });
    });

    // spec 001 §7: PUT v1/connect/volume (the active device, or body.device_id), and the same with from/{local}/to/{target}.
    const volume = async (request: FastifyRequest, reply: FastifyReply, path: { from: string; target: string } | null) => {
      const grant = await requireAccount(request, reply, deps.verify, { premium: false });
      if (grant === null) return reply;
      const body = decodeBody(VolumeBody, request.body, reply, 'volume');
      if (body === null) return reply;
      const userId = grant.accountId;
      const named = path?.target ?? body.device_id;
      const targetId = named ?? (await state.active(userId, await liveDeviceRows(deps.db, userId, await deps.realtime.liveConnections(userId))))?.id;
      const target = targetId === undefined ? undefined : await liveDevice(grant, targetId);
      if (target === undefined) return sendError(reply, 404, NO_SUCH_DEVICE);
      if (target.info.capabilities?.change_volume === false) return sendError(reply, 403, 'Player command failed: Device cannot change volume');
      const ackId = newCommandId();
      await state.expectAck(userId, target, ackId, { kind: 'volume', volume: body.volume });
      if (!(await deps.realtime.pushTo(target.connectionId, commandPush({ type: 'set_volume', volume: body.volume }, path?.from ?? '', ackId), userId))) {
        return sendError(reply, 404, NO_SUCH_DEVICE);
      }
      return reply.send({ ack_id: ackId });
    };
    scope.put(`${CONNECT_STATE_PATH}/connect/volume`, (request, reply) => volume(request, reply, null));
    scope.put(`${CONNECT_STATE_PATH}/connect/volume/from/:from/to/:target`, async (request, reply) => {
      const params = decodeParams(PathIds, request, reply);
      return params === null ? reply : volume(request, reply, params);
    });
  });
}
