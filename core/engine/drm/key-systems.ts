import type { EmeCandidate, EmeConfiguration } from '../../ports';
import {
  AUDIO_CONTENT_TYPE,
  AUDIO_PROFILES,
  CLEARKEY,
  INIT_DATA_TYPE,
  KEY_SYSTEM_NAMES,
  KEY_SYSTEM_ORDER,
  NO_KEY_SYSTEM,
  ROBUSTNESS,
  VIDEO_PROFILES,
  WEBM_INIT_DATA_TYPE,
} from './constants';

/**
 * The configuration asked of one key system: cenc init data, AAC audio with each audio robustness
 * profile of spec 001 §9 the system has, most robust first (the browser grants the capabilities
 * it supports and drops the others).
 */
export function audioConfiguration(keySystem: string): EmeConfiguration {
  const robustness = ROBUSTNESS[keySystem] ?? {};
  const audioCapabilities = AUDIO_PROFILES.flatMap((profile) => {
    const value = robustness[profile];
    return value === undefined ? [] : [{ contentType: AUDIO_CONTENT_TYPE, robustness: value }];
  });
  return { initDataTypes: [INIT_DATA_TYPE], audioCapabilities };
}

/**
 * The configuration for a video playback (issue 18): the video content types (spec 001 §9 Codecs
 * vp8, avc1.4d401f, as the manifest's profiles name them) with each video robustness profile of §9
 * the system has, and the audio ones as for audio. A WebM profile's key comes as 'webm' init data
 * (its key id), an MP4 profile's as 'cenc'.
 */
export function videoConfiguration(keySystem: string, videoContentTypes: readonly string[]): EmeConfiguration {
  const robustness = ROBUSTNESS[keySystem] ?? {};
  const videoCapabilities = VIDEO_PROFILES.flatMap((profile) => {
    const value = robustness[profile];
    return value === undefined ? [] : videoContentTypes.map((contentType) => ({ contentType, robustness: value }));
  });
  const webm = videoContentTypes.some((type) => type.startsWith('video/webm'));
  return { ...audioConfiguration(keySystem), initDataTypes: webm ? [INIT_DATA_TYPE, WEBM_INIT_DATA_TYPE] : [INIT_DATA_TYPE], videoCapabilities };
}

/**
 * The key systems of keySystemCandidates, each asked for a video playback of these content types
 * first, then for audio alone (a system without those video types still plays the audio tracks;
 * the video profiles' playability then says protected video cannot play, spec 001 §8).
 */
export function videoKeySystemCandidates(localProvider: boolean, videoContentTypes: readonly string[]): EmeCandidate[] {
  return keySystemCandidates(localProvider).map(({ keySystem }) => ({
    keySystem,
    configurations: [videoConfiguration(keySystem, videoContentTypes), audioConfiguration(keySystem)],
  }));
}

/**
 * The key systems to try, in order: spec 001 §9 Widevine, PlayReady, PlayReady hardware; then,
 * for the local provider only, ClearKey (this provider's choice, see constants.ts).
 */
export function keySystemCandidates(localProvider: boolean): EmeCandidate[] {
  const systems = localProvider ? [...KEY_SYSTEM_ORDER, CLEARKEY] : [...KEY_SYSTEM_ORDER];
  return systems.map((keySystem) => ({ keySystem, configurations: [audioConfiguration(keySystem)] }));
}

/**
 * The key system as the tracking record names it (spec 001 §3: widevine, playready, none; ClearKey
 * as ours, constants.ts): the EME name of a protected playback's system, none for an unprotected one.
 */
export function trackingKeySystem(keySystem: string | null, protectedFile: boolean): string {
  if (!protectedFile || keySystem === null) return NO_KEY_SYSTEM;
  return KEY_SYSTEM_NAMES[keySystem] ?? NO_KEY_SYSTEM;
}
