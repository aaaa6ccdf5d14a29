import { EME_API_NOT_SUPPORTED, EME_NO_SUPPORTED_KEYSYSTEM } from '../../contract';

/**
 * The EME and licence errors of spec 001 §8 (EME, License) as typed values. Quoted texts are
 * verbatim; where §8 only names an error the text is ours. The two codes the widget falls back to
 * preview on come from core/contract/failures.ts, so both sides agree.
 */
export interface DrmError {
  readonly code: string;
  readonly message: string;
  /** Fatal: playback of the track cannot go on (spec 001 §8 marks API-not-supported, Widevine parse, deprecated version). */
  readonly fatal: boolean;
}

const error = (code: string, message: string, fatal = false): DrmError => ({ code, message, fatal });

export const emeApiNotSupported = (): DrmError => error(EME_API_NOT_SUPPORTED, 'EME API not supported.', true);
export const noSupportedKeySystem = (): DrmError => error(EME_NO_SUPPORTED_KEYSYSTEM, 'No supported keysystem was found.', true);
export const mediaKeysNotSupported = (): DrmError => error('EME_MEDIA_KEYS_NOT_SUPPORTED', 'Media keys not supported.', true);
export const keySessionNotSupported = (): DrmError => error('EME_KEY_SESSION_NOT_SUPPORTED', 'Key session not supported.');
export const setMediaKeysFailed = (): DrmError => error('EME_SET_MEDIA_KEYS_FAILED', 'Failed to set media keys.', true);
export const headerMismatch = (): DrmError => error('EME_HEADER_NAME_VALUE_MISMATCH', 'License request header name/value mismatch.');
export const licenceRequestFailed = (message: string): DrmError => error('EME_LICENSE_REQUEST_FAILED', `License request failed (${message})`);
/** spec 001 §8: Widevine parse failure: status 400, 'widevine error', fatal, endpoint refreshed. */
export const widevineParseFailure = (): DrmError => error('EME_WIDEVINE_PARSE_FAILURE', 'widevine error', true);
export const emptyLicence = (): DrmError => error('EME_EMPTY_LICENSE', 'Empty license body.');
export const licenceUpdateFailed = (): DrmError => error('EME_LICENSE_UPDATE_FAILED', 'License update failed.');
/** spec 001 §8 EME: 'User is capped.' on 402. */
export const userCappedError = (): DrmError => error('CAPPING_USER_IS_CAPPED', 'User is capped.');
/** spec 001 §8 License: deprecated version (400 with code deprecated-version), fatal. */
export const deprecatedVersion = (): DrmError => error('LICENSE_DEPRECATED_VERSION', 'This version of the SDK is no longer supported. Please upgrade', true);
export const cannotResolveLicenceUrl = (detail: string): DrmError => error('LICENSE_CANNOT_RESOLVE_URL', `Cannot resolve license url (${detail})`);

/** spec 001 §8 EME: not-supported, invalid-state and unknown errors when generating the request, by DOMException name. */
export function generateRequestFailed(name: string): DrmError {
  if (name === 'NotSupportedError') return error('EME_GENERATE_REQUEST_NOT_SUPPORTED', 'Generating the license request is not supported.');
  if (name === 'InvalidStateError') return error('EME_GENERATE_REQUEST_INVALID_STATE', 'Generating the license request failed: invalid state.');
  return error('EME_GENERATE_REQUEST_UNKNOWN', `Generating the license request failed (${name}).`);
}

/**
 * spec 001 §8 Reactions ("a Widevine license error shows the playback-not-supported modal"), spec
 * 000 §8 ("a content-license error from the protected-playback system"): the errors of getting and
 * applying a licence, whatever the key system. A cap is not one: it has its own reaction.
 */
const LICENCE_ERROR_CODES: ReadonlyArray<string> = [
  licenceRequestFailed(''),
  widevineParseFailure(),
  emptyLicence(),
  licenceUpdateFailed(),
  deprecatedVersion(),
  cannotResolveLicenceUrl(''),
].map((e) => e.code);
export const isLicenceError = (code: string): boolean => LICENCE_ERROR_CODES.includes(code);
