/** The device client's constants and messages, each from spec 001 (§3, §5, §8, §9). */

/** spec 001 §9 Device id length: 40. */
export const DEVICE_ID_LENGTH = 40;
/** spec 001 §3 Device id pattern: 1 to 40 characters of letters, digits, underscore, percent, colon, hyphen. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_%:-]{1,40}$/;
/** Where the stored random device id lives (spec 001 §3: "kept in local storage"). */
export const DEVICE_ID_STORAGE_KEY = 'device_id';
/** spec 001 §9 Initial volume 1; volume scale 65535; debounce 1000 ms. */
export const INITIAL_VOLUME = 1;
export const VOLUME_SCALE = 65535;
export const VOLUME_DEBOUNCE_MS = 1000;
/** spec 001 §9 Logging retries 5; conflict ref batch 5. */
export const CONFLICT_REF_BATCH = 5;
/** spec 001 §9 State call retries: "exponential up to 8; conflict and deregister 2". */
export const STATE_UPDATE_RETRIES = 8;
export const CONFLICT_RETRIES = 2;
export const DEREGISTER_RETRIES = 2;
/**
 * The first of those exponential delays, doubling per retry (500, 1000, 2000 … ms). §9 gives no
 * base: ours, the same as §9's dealer authentication base (500 ms).
 */
export const STATE_CALL_RETRY_BASE_MS = 500;
/** spec 001 §9 Max consecutive list errors 5; sequence ids wrap at 2^53-1. */
export const MAX_SEQ = 2 ** 53 - 1;

/** spec 001 §5 messages, verbatim. */
export const INCOMPLETE_OPTIONS = 'Incomplete options value';
export const VOLUME_OUT_OF_RANGE = 'Volume should be in range [0, 1]';
export const INVALID_VOLUME = 'Invalid volume.';
export const INVALID_POSITION = 'Invalid position.';
/** spec 001 §8 Track-playback: 429 'Max connections reached' (fatal); 403 premium required. */
export const MAX_CONNECTIONS = 'Max connections reached';
export const TP_REGISTRATION_FAILED_NON_PREMIUM = 'TP_REGISTRATION_FAILED_NON_PREMIUM';
export const TP_MAX_SUBSCRIPTIONS_REACHED = 'TP_MAX_SUBSCRIPTIONS_REACHED';
/** spec 001 §8 code families: TP_* (the remaining track-playback failures use the family prefix). */
export const TP_REGISTRATION_FAILED = 'TP_REGISTRATION_FAILED';
export const TP_EMPTY_RESPONSE = 'TP_EMPTY_RESPONSE';
export const TP_UNKNOWN_COMMAND = 'TP_UNKNOWN_COMMAND';
