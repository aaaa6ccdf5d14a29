import type { EmeCandidate, EmeConfiguration } from '../../ports';
import { AUDIO_CONTENT_TYPE, AUDIO_PROFILES, CLEARKEY, INIT_DATA_TYPE, KEY_SYSTEM_NAMES, KEY_SYSTEM_ORDER, NO_KEY_SYSTEM, ROBUSTNESS } from './constants';

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
