import type { LicenceUrlCache, ServerTimeOffset } from './licence-url';

export interface DrmConfig {
  readonly localProvider: boolean;
  readonly licenceUrlEndpoint: string;
  readonly serverTimeUrl: string;
  readonly sdkName: string;
  readonly sdkVersion: string;
  readonly applicationCertificateUrl?: string;
}

export type DrmStatus = 'idle' | 'selecting' | 'ready' | 'failed';

export interface DrmState {
  readonly status: DrmStatus;
  readonly config: DrmConfig | null;
  readonly keySystem: string | null;
  readonly mediaKeys: boolean;
  readonly serverTime: ServerTimeOffset | null;
  /** spec 001 §9: the licence URL, cached until 60 s before it expires. */
  readonly licenceUrl: LicenceUrlCache | null;
  /** The licence URL is being prefetched (licence-prefetch.epic.ts): a challenge waits for it rather than asking twice. */
  readonly prefetching: boolean;
  /** spec 001 §4: capped by a licence 402. */
  readonly capped: boolean;
  /** The audio file being loaded: the content id substituted in the licence server URL (spec 001 §7 Media). */
  readonly contentId: string | null;
}

export interface DrmSlice {
  readonly drm: DrmState;
}

export const initialDrmState: DrmState = {
  status: 'idle',
  config: null,
  keySystem: null,
  mediaKeys: false,
  serverTime: null,
  licenceUrl: null,
  prefetching: false,
  capped: false,
  contentId: null,
};
