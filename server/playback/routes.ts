import type { FastifyInstance } from 'fastify';
import type { ConnectHooks } from '../connect-state/commands';
import type { Realtime } from '../realtime/hub';
import type { Verify } from './bearer-grant';
import { createContextTracks } from './context-tracks';
import { createDeviceRegistry, type DeviceRegistry } from './device-registry';
import { registerPlayerCommandRoutes } from './player-command-routes';
import { installJsonErrors } from './json-errors';
import { registerTrackPlaybackRoutes } from './track-playback-routes';

export interface PlaybackDeps {
  readonly verify: Verify;
  /** Pushes to devices wherever their dealer socket is (app.realtime). */
  readonly realtime: Realtime;
  readonly now?: () => number;
  /** Issue 16: the connect-state service's part in player commands (server/connect-state). */
  readonly connect?: ConnectHooks;
}

/** The track-playback service and the player command endpoint (issue 5; README.md here). Returns the device registry (persisted in the configured database). */
export function registerPlayback(app: FastifyInstance, deps: PlaybackDeps): DeviceRegistry {
  // Issue 14: devices, state updates and the catalogue (context tracks) in the configured database.
  const devices = createDeviceRegistry(app.database.kysely, { now: deps.now ?? Date.now });
  const contextTracks = createContextTracks(app.database.kysely);
  void app.register(async (scope) => {
    installJsonErrors(scope);
    registerTrackPlaybackRoutes(scope, { db: app.database.kysely, verify: deps.verify, realtime: deps.realtime, devices, now: deps.now ?? Date.now });
    registerPlayerCommandRoutes(scope, {
      verify: deps.verify,
      realtime: deps.realtime,
      devices,
      contextTracks,
      ...(deps.connect === undefined ? {} : { connect: deps.connect }),
    });
  });
  return devices;
}
