import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { Realtime } from '../realtime/hub';
import { requireAccount, sendError, type AccountGrant, type Verify } from './bearer-grant';
import { decodeBody } from './decode-body';
import { MAX_DEVICES_PER_USER, type Device, type DeviceRegistry } from './device-registry';
import { lastUpdateOf, positionNow } from '../connect-state/cluster';
import { commandsAfterConflict } from './state-conflict';
import {
  DeregisterBody,
  MAX_REJECTED_STATE_REFS,
  playbackDescriptor,
  reasonOf,
  RegisterBody,
  REQUIRED_DEVICE_FIELDS,
  StateConflictBody,
  StateUpdateBody,
  UpdateBody,
  VolumeBody,
} from './wire';

/** spec 001 §7 Track-playback service; our base path (the real path is not shown). */
export const TRACK_PLAYBACK_DEVICES_PATH = '/track-playback/v1/devices';

export interface TrackPlaybackDeps {
  /** The configured database (issue 14): the state updates are stored there. */
  readonly db: Kysely<Database>;
  readonly verify: Verify;
  readonly realtime: Realtime;
  readonly devices: DeviceRegistry;
  readonly now: () => number;
}

/** The first descriptor field a registration lacks (spec 001 §5 'Incomplete options value'), or null. */
function missingDeviceField(body: unknown): string | null {
  const device = (body as { device?: unknown } | null)?.device;
  if (typeof device !== 'object' || device === null) return 'device';
  const missing = REQUIRED_DEVICE_FIELDS.find((field) => (device as Record<string, unknown>)[field] === undefined);
  return missing === undefined ? null : `device.${missing}`;
}

export function registerTrackPlaybackRoutes(app: FastifyInstance, deps: TrackPlaybackDeps): void {
  type Params = { deviceId: string };
  /** The premium user and their registered device of the path, or null with 401/403/404 sent. */
  const deviceOf = async (request: FastifyRequest, reply: FastifyReply): Promise<{ grant: AccountGrant; device: Device } | null> => {
    const grant = await requireAccount(request, reply, deps.verify, { premium: true });
    if (grant === null) return null;
    const device = await deps.devices.get(grant.accountId, (request.params as Params).deviceId);
    if (device === undefined) return (sendError(reply, 404, 'Device not found'), null);
    return { grant, device };
  };

  // Register (spec 001 §4: unregistered → registered on a 200; re-registration on a new connection id replaces).
  app.post(TRACK_PLAYBACK_DEVICES_PATH, async (request, reply) => {
    const grant = await requireAccount(request, reply, deps.verify, { premium: true });
    if (grant === null) return reply;
    const raw = request.body as { device?: unknown } | null;
    const normalised = typeof raw === 'object' && raw !== null ? { ...raw, device: playbackDescriptor(raw.device) } : raw;
    const missing = missingDeviceField(normalised);
    if (missing !== null) return sendError(reply, 400, `Incomplete device descriptor: ${missing} is missing`);
    const body = decodeBody(RegisterBody, normalised, reply, 'registration');
    if (body === null) return reply;
    // Live on any instance (issue 14): the engine may reach this one while its socket is on another.
    const liveConnections = await deps.realtime.liveConnections(grant.accountId);
    if (!liveConnections.has(body.connection_id)) return sendError(reply, 400, 'connection_id is not a live dealer connection of this user');
    const previous = await deps.devices.get(grant.accountId, body.device.device_id);
    const device: Device = {
      id: body.device.device_id,
      userId: grant.accountId,
      connectionId: body.connection_id,
      info: body.device,
      clientVersion: body.client_version,
      volume: body.volume ?? previous?.volume ?? 65535,
      machine: previous?.machine ?? null,
      commandedRef: previous?.commandedRef ?? null,
      stateRef: previous?.stateRef ?? null,
      lastSeqNum: previous?.lastSeqNum ?? 0,
    };
    if (!(await deps.devices.register(device, liveConnections))) {
      return sendError(reply, 429, `Max connections reached (${MAX_DEVICES_PER_USER} devices per user)`);
    }
    return reply.send({ device_id: device.id, initial_seq_num: device.lastSeqNum, timestamp: deps.now() });
  });

  app.put(`${TRACK_PLAYBACK_DEVICES_PATH}/:deviceId`, async (request, reply) => {
    const found = await deviceOf(request, reply);
    if (found === null) return reply;
    const body = decodeBody(UpdateBody, request.body, reply, 'device update');
    if (body === null) return reply;
    const { device } = found;
    await deps.devices.update(device.userId, device.id, {
      ...(body.device === undefined ? {} : { info: { ...device.info, ...body.device } }),
      ...(body.client_version === undefined ? {} : { clientVersion: body.client_version }),
    });
    return reply.code(204).send();
  });

  // Deregister: 204 (spec 001 §4: deregistered on 200 or 204; we return no endsong items).
  app.delete(`${TRACK_PLAYBACK_DEVICES_PATH}/:deviceId`, async (request, reply) => {
    const found = await deviceOf(request, reply);
    if (found === null) return reply;
    if (decodeBody(DeregisterBody, request.body ?? {}, reply, 'deregistration') === null) return reply;
    await deps.devices.remove(found.grant.accountId, found.device.id);
    return reply.code(204).send();
  });

  // A state update (spec 001 §4 State update sends): stored; answers the device's machine and its state ref.
  app.put(`${TRACK_PLAYBACK_DEVICES_PATH}/:deviceId/state`, async (request, reply) => {
    const found = await deviceOf(request, reply);
    if (found === null) return reply;
    const body = decodeBody(StateUpdateBody, request.body, reply, 'state update');
    if (body === null) return reply;
    const reason = reasonOf(body);
    if (reason === null) return sendError(reply, 400, 'Invalid state update: reason (or debug_source) must be one of the spec 001 §4 reasons');
    // spec 001 §9 conflict ref batch 5: an update names at most 5 rejected refs, as a state_conflict does.
    if ((body.rejected_state_refs?.length ?? 0) > MAX_REJECTED_STATE_REFS) {
      return sendError(reply, 400, `Invalid state update: rejected_state_refs has more than ${MAX_REJECTED_STATE_REFS} refs`);
    }
    // Issue 14: only the ref and sequence number are written, and the answer is the device as stored
    // after it, so a command sent through another instance meanwhile is neither undone nor missed.
    // The update's body is stored in the same transaction: a cluster built meanwhile never pairs the
    // new ref (which confirms a command's ack) with the position of the update before.
    const device = await deps.devices.update(found.device.userId, found.device.id, { stateRef: body.state_ref, seqNum: body.seq_num }, async (trx, stored) => {
      const trackIndex = body.state_ref === null ? undefined : stored.machine?.states.find((s) => s.state_id === body.state_ref?.state_id)?.track;
      await trx
        .insertInto('playback_state_updates')
        .values({
          account_id: stored.userId,
          device_id: stored.id,
          seq_num: body.seq_num,
          reason,
          track_uri: trackIndex === undefined ? null : (stored.machine?.tracks[trackIndex]?.metadata.uri ?? null),
          body: JSON.stringify(body),
          received_at: deps.now(),
        })
        .execute();
    });
    if (device === undefined) return sendError(reply, 404, 'Device not found');
    return reply.send({ state_machine: device.machine, updated_state_ref: device.stateRef });
  });

  // spec 001 §9 conflict ref batch 5: the device names the refs it rejected; the answer's commands bring it back in line.
  app.post(`${TRACK_PLAYBACK_DEVICES_PATH}/:deviceId/state_conflict`, async (request, reply) => {
    const found = await deviceOf(request, reply);
    if (found === null) return reply;
    const body = decodeBody(StateConflictBody, request.body, reply, 'state conflict');
    if (body === null) return reply;
    if (body.rejected_state_refs.length > MAX_REJECTED_STATE_REFS) {
      return sendError(reply, 400, `Invalid state conflict: rejected_state_refs has more than ${MAX_REJECTED_STATE_REFS} refs`);
    }
    // The device says where it is now: the answer must start from there, or the device would
    // reject it as another conflict (spec 001 §4 replace_state), and again, without end. It goes to
    // the state last commanded through any instance (the device as stored after this write).
    // A device that knows no state (an engine reloaded on the same device id, spec 001 §4 hidden local
    // state) goes on from where the service had it, as a transfer would, not from the track's start.
    const before = found.device;
    const seekTo =
      body.state_ref === null && before.stateRef !== null
        ? positionNow({ ...before, clientVersion: before.clientVersion ?? null }, await lastUpdateOf(deps.db, before.userId, before.id), deps.now())
        : undefined;
    const device = await deps.devices.update(found.device.userId, found.device.id, {
      seqNum: body.seq_num,
      ...(body.state_ref === undefined ? {} : { stateRef: body.state_ref }),
    });
    if (device === undefined) return sendError(reply, 404, 'Device not found');
    return reply.send({ commands: commandsAfterConflict(device, seekTo) });
  });

  app.put(`${TRACK_PLAYBACK_DEVICES_PATH}/:deviceId/volume`, async (request, reply) => {
    const found = await deviceOf(request, reply);
    if (found === null) return reply;
    const body = decodeBody(VolumeBody, request.body, reply, 'volume');
    if (body === null) return reply;
    await deps.devices.update(found.device.userId, found.device.id, { volume: body.volume, seqNum: body.seq_num });
    return reply.code(204).send();
  });
}
