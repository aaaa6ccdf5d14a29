import type { Epic } from '../../store/store';
import type { ConnectSlice } from '../connect/state';
import type { DeviceDeps } from '../device/deps';
import type { DeviceSlice } from '../device/state';
import type { DrmDeps } from '../drm/deps';
import type { DrmSlice } from '../drm/state';
import type { ListSlice } from '../lists/reducer';
import type { MediaDeps } from '../media/deps';
import type { MediaSlice } from '../media/state';
import type { SessionDeps } from '../session/deps';
import type { SessionSlice } from '../session/state';
import type { LoggingDeps, TrackingDeps } from '../tracking/deps';
import type { TrackingSlice } from '../tracking/state';
import type { TransportDeps } from '../transport/deps';
import type { TransportSlice } from '../transport/state';
import type { PlayerSlice } from './state';

/** Where the provider's services are (spec 001 §7) and how this client presents itself to the DRM. */
export interface PlayerConfig {
  /** The accounts host: GET {accountsUrl}/access_token (spec 001 §7 Token). */
  readonly accountsUrl: string;
  /** spec 001 §7 Service resolve: GET {resolveUrl} names the dealer and spclient hosts. */
  readonly resolveUrl: string;
  /** The media gateway (spec 001 §7 Product state: {apiUrl}/v1/product_state). */
  readonly apiUrl: string;
  readonly drm: {
    readonly localProvider: boolean;
    readonly licenceUrlEndpoint: string;
    readonly serverTimeUrl: string;
    readonly sdkName: string;
    readonly sdkVersion: string;
    readonly applicationCertificateUrl?: string;
  };
}

/** The whole engine's state: each piece's slice and the glue's own. */
export type EngineState = SessionSlice & TransportSlice & DeviceSlice & ConnectSlice & ListSlice & MediaSlice & DrmSlice & TrackingSlice & PlayerSlice;

export type EngineDeps = SessionDeps & TransportDeps & DeviceDeps & MediaDeps & DrmDeps & TrackingDeps & LoggingDeps & { readonly player: PlayerConfig };

export type PlayerEpic = Epic<EngineState, EngineDeps>;

/** The transport's owner (spec 001 §4: connect and disconnect only by the owner) and the session's caller name. */
export const PLAYER_CALLER = 'player';
