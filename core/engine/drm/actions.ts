import * as t from 'io-ts';
import { defineAction } from '../../store/action';

/*
 * The DRM's actions (spec 001 §3 key systems, §4 Media player capping, §7 Media licence flow).
 * No action carries key material, a challenge or a licence: byte payloads stay inside the epics,
 * the log sees their sizes only. The session's media keys live in the EME adapter.
 */

// Input: what the owner (the media player) asks for.
export const drmSetupRequested = defineAction('drm/setupRequested', {
  /** Whether the provider is the local (reference) one: ClearKey is then tried last. */
  localProvider: t.boolean,
  /** spec 001 §7 Media: the license url endpoint (answers uri and expires). */
  licenceUrlEndpoint: t.string,
  /** spec 001 §7 Media: GET server time (timestamp). */
  serverTimeUrl: t.string,
  sdkName: t.string,
  sdkVersion: t.string,
  /** spec 001 §7 Media: GET {license host}/v1/application-certificate; none: no certificate is asked for. */
  applicationCertificateUrl: t.union([t.string, t.undefined]),
  /**
   * Issue 18: the video content types (spec 001 §9 Codecs) of an engine that plays video: the key
   * systems are asked for them with the video robustness profiles of §9 (then audio alone as a
   * fallback); none: audio only.
   */
  videoContentTypes: t.union([t.array(t.string), t.undefined]),
});

// Adapter fact: the audio element met encrypted media (initData: base64).
export const encrypted = defineAction('drm/encrypted', { initDataType: t.string, initData: t.string });
/**
 * The init data of media about to be appended, read from its manifest (spec 001 §3 encryption_infos):
 * licensed at once, as an 'encrypted' fact would be, so the licence is under way while the first
 * segments download; the element's 'encrypted' fact for the same init data later is one seen before.
 */
export const initDataAnnounced = defineAction('drm/initDataAnnounced', { initDataType: t.string, initData: t.string });

// Decisions and observations.
export const keySystemSelected = defineAction('drm/keySystemSelected', { keySystem: t.string });
export const mediaKeysAttached = defineAction('drm/mediaKeysAttached', { keySystem: t.string });
/** A key session was asked of the browser for new init data (spec 001 §3 tracking record: the licence session latency ends here; a creation failure follows as drm/failed). */
export const licenceSessionCreated = defineAction('drm/licenceSessionCreated');
export const licenceChallenged = defineAction('drm/licenceChallenged', { messageType: t.string, bytes: t.number });
/** A key session was asked of the browser for the next file's init data, fetched ahead (spec 001 §4 can-preload): its licence comes before it plays. */
export const licencePreloadStarted = defineAction('drm/licencePreloadStarted', { contentId: t.string });
/**
 * The licence server answered a licence; update() follows (spec 001 §3: the licence request latency
 * ends here). Not even its size: the licence holds a key, which the log redacts (a placeholder of
 * another length), so its size would not replay.
 */
export const licenceReceived = defineAction('drm/licenceReceived');
export const serverTimeFetched = defineAction('drm/serverTimeFetched', { offsetMs: t.number, at: t.number });
/**
 * spec 001 §7 Media: the license url is asked for per mediatype. 'video' for a video track's; absent
 * for an audio track's, as in every log recorded before video had a licence URL of its own.
 */
const LicenceUrlMediaType = t.union([t.literal('video'), t.undefined]);
export const licenceUrlResolved = defineAction('drm/licenceUrlResolved', { uri: t.string, expiresAt: t.number, mediaType: LicenceUrlMediaType });
/** The licence URL (and server time) prefetch is under way, then over, resolved or not: a challenge meanwhile waits for it. */
export const licencePrefetchStarted = defineAction('drm/licencePrefetchStarted');
export const licencePrefetchEnded = defineAction('drm/licencePrefetchEnded');
/** spec 001 §8: the licence endpoint is refreshed (the cached URL dropped) after a 400 or 403. */
export const licenceUrlInvalidated = defineAction('drm/licenceUrlInvalidated', { status: t.number, mediaType: LicenceUrlMediaType });
export const licenceRequestRetried = defineAction('drm/licenceRequestRetried', { retry: t.number, delayMs: t.number, err: t.string });
/**
 * A challenge whose licence exchange failed (not fatally, not capped) is asked for again: the
 * visitor pressed play once more (issue 12: when the licence server recovers, playback starts).
 */
export const licenceExchangeRenewed = defineAction('drm/licenceExchangeRenewed');
/** spec 001 §7 Media: the application certificate was handed to the media keys (accepted: whether the system took it). */
export const applicationCertificateSet = defineAction('drm/applicationCertificateSet', { accepted: t.boolean });
/** spec 001 §7 Media: application-certificate failures are ignored; this records why. */
export const applicationCertificateIgnored = defineAction('drm/applicationCertificateIgnored', { reason: t.string });
export const licenceUpdated = defineAction('drm/licenceUpdated', { keySystem: t.string });
/** spec 001 §4: a user who is capped (licence 402) has playback paused and a capped event emitted. */
export const userCapped = defineAction('drm/userCapped');
/** An error of spec 001 §8 EME/License that is not an initialization failure. */
export const drmFailed = defineAction('drm/failed', { code: t.string, message: t.string, fatal: t.boolean });

export const drmActions = [
  licencePrefetchStarted,
  licencePrefetchEnded,
  drmSetupRequested,
  encrypted,
  initDataAnnounced,
  keySystemSelected,
  mediaKeysAttached,
  licenceSessionCreated,
  licenceChallenged,
  licencePreloadStarted,
  licenceReceived,
  serverTimeFetched,
  licenceUrlResolved,
  licenceUrlInvalidated,
  licenceRequestRetried,
  licenceExchangeRenewed,
  applicationCertificateSet,
  applicationCertificateIgnored,
  licenceUpdated,
  userCapped,
  drmFailed,
] as const;
