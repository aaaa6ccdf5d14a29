import type { LicenceUrlCache, ServerTimeOffset } from './licence-url';

/** spec 001 §3 Audio track mediaType; §7 Media: the license url is asked for with it. */
export type MediaType = 'audio' | 'video';

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
  /** spec 001 §9: the audio tracks' licence URL (mediatype=audio, §7 Media), cached until 60 s before it expires. */
  readonly licenceUrl: LicenceUrlCache | null;
  /**
   * Issue 18: the video tracks' licence URL (mediatype=video), cached as the audio one. Optional, as
   * are mediaType and nextMediaType: a log recorded before it replays from its own initial state.
   */
  readonly videoLicenceUrl?: LicenceUrlCache | null;
  /** The media type of the file being loaded (contentId's); absent: audio. */
  readonly mediaType?: MediaType;
  /** video/sourceChosen came: the next load is a video source's. */
  readonly nextMediaType?: 'video';
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

/** The cached licence URL for a media type (spec 001 §7 Media: asked for per mediatype). */
export function cachedLicenceUrl(state: DrmState, mediaType: MediaType): LicenceUrlCache | null {
  return mediaType === 'video' ? (state.videoLicenceUrl ?? null) : state.licenceUrl;
}

/** The mediaType of a licence-URL action (actions.ts: 'video', or absent for audio). */
export const licenceUrlTag = (mediaType: MediaType): 'video' | undefined => (mediaType === 'video' ? 'video' : undefined);
