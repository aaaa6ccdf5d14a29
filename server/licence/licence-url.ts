import * as t from 'io-ts';

/*
 * spec 001 §7 Media: GET license url with keysystem, mediatype, sdk_name, sdk_version → { uri, expires }.
 * This provider offers ClearKey only (spec 001 §9 key systems: Widevine, PlayReady, PlayReady
 * hardware, then ClearKey for the local provider); other key systems are refused with 400.
 */

export const LICENCE_URL_PATH = '/melody/v1/license_url';
export const CLEARKEY_LICENCE_PATH = '/licence/v1/clearkey';
/**
 * spec 001 §7 Media "POST to licence server URL with content id substituted": the answered uri
 * names the file by this placeholder, which the engine replaces with the audio file id
 * (core/engine/drm/licence-response.ts licenceUriFor); the licence server keys only that file.
 */
export const CONTENT_ID_PLACEHOLDER = '{contentId}';
/** The licence server's route: the content id is the last path segment. */
export const CLEARKEY_LICENCE_ROUTE = `${CLEARKEY_LICENCE_PATH}/:contentId`;
export const CLEARKEY_KEY_SYSTEM = 'org.w3.clearkey';
/** How long a licence URL stays valid (ours); the engine refreshes it 60 s before (spec 001 §9). */
export const LICENCE_URL_LIFETIME_S = 3600;

export const LicenceUrlQuery = t.type({
  keysystem: t.literal(CLEARKEY_KEY_SYSTEM),
  mediatype: t.keyof({ audio: null, video: null }),
  sdk_name: t.string,
  sdk_version: t.string,
});

/**
 * The answer: the licence server's absolute uri and the expiry in unix seconds. The uri carries its
 * expiry and `sig`, the signature binding that expiry to the account (./licence-signature.ts).
 */
export function licenceUrlAnswer(origin: string, nowMs: number, sign: (expires: number) => string): { uri: string; expires: number } {
  const expires = Math.floor(nowMs / 1000) + LICENCE_URL_LIFETIME_S;
  return { uri: `${origin}${CLEARKEY_LICENCE_PATH}/${CONTENT_ID_PLACEHOLDER}?expires=${expires}&sig=${sign(expires)}`, expires };
}
