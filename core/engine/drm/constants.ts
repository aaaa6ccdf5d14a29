import { REQUEST_RETRIES_MAX } from '../media/constants';

/*
 * The DRM constants of spec 001 §3 (encryption key systems), §7 Media and §9 (key system order,
 * robustness profiles, codecs, licence URL cache refresh). Where §9 names a profile but not the
 * browser's robustness string, the mapping is ours (ROBUSTNESS below).
 */

export const WIDEVINE = 'com.widevine.alpha';
export const PLAYREADY = 'com.microsoft.playready.recommendation';
export const PLAYREADY_HARDWARE = 'com.microsoft.playready.recommendation.3000';
/**
 * ClearKey (W3C EME §9.1) is this provider's choice for the local provider: the reference server
 * licenses its CENC files with plain keys, and Debian's Chromium offers only ClearKey. It is tried
 * after the three systems of spec 001 §9, and only for the local provider.
 */
export const CLEARKEY = 'org.w3.clearkey';

/** spec 001 §9 Key system order: Widevine, PlayReady, PlayReady hardware. */
export const KEY_SYSTEM_ORDER: readonly string[] = [WIDEVINE, PLAYREADY, PLAYREADY_HARDWARE];

/**
 * The key-system names of the playback tracking record (spec 001 §3: "key system (widevine,
 * playready, none)"); PlayReady hardware is PlayReady. 'clearkey' is ours: the spec names no
 * system the local provider's ClearKey could be recorded as.
 */
export const KEY_SYSTEM_NAMES: Readonly<Record<string, string>> = {
  [WIDEVINE]: 'widevine',
  [PLAYREADY]: 'playready',
  [PLAYREADY_HARDWARE]: 'playready',
  [CLEARKEY]: 'clearkey',
};
/** spec 001 §3: an unprotected playback (no key system) is recorded as none. */
export const NO_KEY_SYSTEM = 'none';

/** spec 001 §9 Robustness profiles. */
export type RobustnessProfile = 'video-sw-decode' | 'video-sw-crypto' | 'video-no-robustness' | 'audio-sw-crypto' | 'audio-no-robustness';
export const AUDIO_PROFILES: readonly RobustnessProfile[] = ['audio-sw-crypto', 'audio-no-robustness'];
export const VIDEO_PROFILES: readonly RobustnessProfile[] = ['video-sw-decode', 'video-sw-crypto', 'video-no-robustness'];

/**
 * The robustness string each system understands for a profile; a profile a system lacks is not
 * offered for it. Widevine's are its documented levels; PlayReady's are its security levels (2000
 * software, 3000 hardware); ClearKey defines none, so only "no robustness" (the empty string).
 */
export const ROBUSTNESS: Readonly<Record<string, Partial<Record<RobustnessProfile, string>>>> = {
  [WIDEVINE]: {
    'video-sw-decode': 'SW_SECURE_DECODE',
    'video-sw-crypto': 'SW_SECURE_CRYPTO',
    'video-no-robustness': '',
    'audio-sw-crypto': 'SW_SECURE_CRYPTO',
    'audio-no-robustness': '',
  },
  [PLAYREADY]: { 'video-sw-crypto': '2000', 'video-no-robustness': '', 'audio-sw-crypto': '2000', 'audio-no-robustness': '' },
  [PLAYREADY_HARDWARE]: { 'video-sw-crypto': '3000', 'video-no-robustness': '', 'audio-sw-crypto': '3000', 'audio-no-robustness': '' },
  [CLEARKEY]: { 'video-no-robustness': '', 'audio-no-robustness': '' },
};

/** spec 001 §9 Codecs: protected audio is AAC-LC in MP4. */
export const AUDIO_CONTENT_TYPE = 'audio/mp4; codecs="mp4a.40.2"';
/** spec 001 §7 Media: the init data of CENC files. */
export const INIT_DATA_TYPE = 'cenc';
/** The init data of a WebM video profile (W3C "WebM Stream Format": the key id), issue 18's VP8 profile. */
export const WEBM_INIT_DATA_TYPE = 'webm';

/** spec 001 §9 License URL cache refresh: 60 s before expiry. */
export const LICENCE_URL_REFRESH_BEFORE_EXPIRY_MS = 60_000;
/** spec 001 §9: server time refetched after 180000 ms. */
export const SERVER_TIME_REFETCH_MS = 180_000;
/** spec 001 §7 Media: licence requests are not retried on these statuses (nor on an empty body). */
export const LICENCE_NO_RETRY_STATUSES: readonly number[] = [400, 402, 403];
/** spec 001 §8 EME: "License endpoint refreshed on 400 or 403". */
export const LICENCE_REFRESH_STATUSES: readonly number[] = [400, 403];
/**
 * spec 001 §7 Media: the licence POST is "retried" (unless 400, 402, 403 or an empty body) with no
 * count or delay of its own, so §9's apply, as for the fragment fetches (media/constants.ts):
 * "Request retries max 2", each after the "Generic backoff" (200 ms linear, 20% jitter).
 */
export const LICENCE_RETRIES = REQUEST_RETRIES_MAX;
/** The licence URL and application certificate retries' delay (§7 names none): ours, 1000 ms x attempt. */
export const LICENCE_RETRY_DELAY_MS = 1000;
/** spec 001 §7 Media: GET license url "retried on server or connection errors": ours, 3 retries. */
export const LICENCE_URL_RETRIES = 3;
