/** The remote-control client's paths, constants and messages (spec 001 §4, §5, §7, §8, §9). */

/** spec 001 §7 Remote-control service, on the spclient host, under the connect-state prefix (as the player command already is). */
export const CONNECT_STATE_PATH = '/connect-state/v1';
/** spec 001 §7: PUT and DELETE devices/{observerId}. */
export const OBSERVER_PATH = `${CONNECT_STATE_PATH}/devices`;
/** spec 001 §7: POST v1/player/command/from/{local}/to/{target}. */
export const PLAYER_COMMAND_PATH = `${CONNECT_STATE_PATH}/player/command/from`;
/** spec 001 §7: POST v1/connect/transfer/from/{local}/to/{target}. */
export const TRANSFER_PATH = `${CONNECT_STATE_PATH}/connect/transfer/from`;
/** spec 001 §7: PUT v1/connect/volume. */
export const VOLUME_PATH = `${CONNECT_STATE_PATH}/connect/volume`;
/** spec 001 §7 Catalogue API: GET /me/player/devices, on the Web API prefix /v1. */
export const DEVICES_PATH = '/v1/me/player/devices';
/** spec 001 §7 "connection id header": the header that names the dealer connection of the observer. */
export const CONNECTION_ID_HEADER = 'x-spotify-connection-id';
/** The dealer URI of cluster messages (spec 001 §7 Realtime socket: "Push messages carry cluster updates"). */
export const CLUSTER_URI = 'hm://connect-state/v1/cluster';

/** spec 001 §9 "observer id limited to 40 after a prefix" (§9 device id length 40). */
export const OBSERVER_PREFIX = 'hobs_';
export const OBSERVER_ID_LENGTH = 40;
/** spec 001 §9 volume scale 65535; debounce 1000 ms. */
export const VOLUME_SCALE = 65535;
export const VOLUME_DEBOUNCE_MS = 1000;
/** spec 001 §7 "ack_id, awaited through a cluster message": how long. The spec gives no figure: ours. */
export const ACK_TIMEOUT_MS = 5000;
/** How many acknowledged ids the client remembers, for a cluster that confirms a command before its answer arrives (ours). */
export const ACK_MEMORY = 20;

/** spec 001 §8 Remote control, verbatim. */
export const NO_SUCH_DEVICE = 'No such device.';
export const NO_CONNECTION_ID = 'Cannot register: no connection id.';
/** spec 001 §5, verbatim: invalid position, invalid volume, no session id, no state, and the argument checks. */
export const INVALID_POSITION = 'Invalid position.';
export const INVALID_VOLUME = 'Invalid volume.';
export const NO_SESSION_ID = 'The current state does not have a session id';
export const NO_STATE = 'Nothing playing';
export const NO_DESCRIPTOR = 'Descriptor is required for play commands';
export const INVALID_URI = 'Invalid Spotify URI';
export const INVALID_TRACKS = 'Invalid tracks array.';
export const INVALID_NEXT_TRACKS = 'Invalid nextTracks array.';
export const INVALID_PREVIOUS_TRACKS = 'Invalid previousTracks array.';
export const NULL_TRACK = 'Null value inside track array.';
export const INVALID_TRACK_URI = 'Invalid track uri';
export const UNKNOWN_REPEAT_MODE = 'Unknown repeat mode.';
/** spec 001 §8 lists "invalid arguments" without a text: ours, in the style of the others. */
export const INVALID_ARGUMENTS = 'Invalid arguments.';
/** spec 001 §5 "Play origin featureClasses must be an array of strings" gives no text: ours, in the style of the others. */
export const INVALID_FEATURE_CLASSES = 'Invalid play origin featureClasses.';
/** An acknowledgement that no cluster brought in ACK_TIMEOUT_MS (ours). */
export const NOT_ACKNOWLEDGED = 'Command not acknowledged.';

/** spec 001 §8 code families: CONNECTAPI_*, and TP_MAX_SUBSCRIPTIONS_REACHED for the 429. */
export const MAX_SUBSCRIPTIONS_CODE = 'TP_MAX_SUBSCRIPTIONS_REACHED';
export const MAX_SUBSCRIPTIONS = 'Max subscriptions reached';
export const NO_CONNECTION_ID_CODE = 'CONNECTAPI_NO_CONNECTION_ID';
export const REGISTRATION_FAILED_CODE = 'CONNECTAPI_REGISTRATION_FAILED';
