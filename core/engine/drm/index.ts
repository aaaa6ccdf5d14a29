/**
 * The DRM of spec 001 (§3 encryption key systems, §4 capping, §7 Media licence flow, §8 EME, §9):
 * key-system choice, the licence URL and server-time caches, and the licence exchange, over the
 * EmePort (core/ports.ts) and deps.http.
 * Mount: state `{ drm: initialDrmState }` reduced by drmReducer, the epics of `drmEpics`, deps with
 * an EmePort. Drive it with drmSetupRequested; feed the audio element's 'encrypted' facts as
 * `encrypted` actions (src 'adapter'); listen to mediaKeysAttached, applicationCertificateSet/Ignored, licenceUpdated, userCapped,
 * drmFailed and the widget's player/initializationFailed.
 */
import { combineEpics } from '../../store/store';
import type { DrmEpic } from './deps';
import { applicationCertificateEpic } from './application-certificate.epic';
import { keySystemEpic } from './key-system.epic';
import { licenceSessionEpic } from './licence-session.epic';
import { licencePrefetchEpic } from './licence-prefetch.epic';

export * from './actions';
export * from './constants';
export * from './eme-errors';
export { drmReducer } from './reducer';
export { initialDrmState, type DrmConfig, type DrmSlice, type DrmState, type DrmStatus } from './state';
export type { DrmDeps, DrmEpic } from './deps';
export { keySystemCandidates, audioConfiguration } from './key-systems';
export { licenceUrlUsable, serverTimeStale, type LicenceUrlCache, type ServerTimeOffset } from './licence-url';

export const drmEpics: ReadonlyArray<DrmEpic> = [keySystemEpic, applicationCertificateEpic, licencePrefetchEpic, licenceSessionEpic];
export const drmEpic: DrmEpic = combineEpics(...drmEpics);
