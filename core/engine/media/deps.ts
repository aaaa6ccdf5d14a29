import type { MediaSourcePort, Ports, VideoSourcePort } from '../../ports';
import type { Epic } from '../../store/store';
import type { SessionSlice } from '../session/state';
import type { MediaSlice } from './state';

/** Where the provider's media services are and how the element plays. */
export interface MediaConfig {
  /** spec 001 §7 Media storage-resolve: the file id is appended (e.g. `{origin}/storage-resolve/files/audio/interactive/`). */
  readonly storageResolveBase: string;
  /** spec 001 §7 Media seek table: `{seekTableBase}{fileId}.json`. */
  readonly seekTableBase: string;
  /** The source buffer's type (spec 001 §9 Codecs: mp4a.40.2), e.g. 'audio/mp4; codecs="mp4a.40.2"'. */
  readonly mimeType: string;
  /** spec 001 §8 Media: buffer quota exceeded pauses with 'Buffer quota exceeded.' (true) or rebuffers (false). */
  readonly pauseOnQuotaExceeded: boolean;
  /**
   * Issue 18, spec 001 §7 Media video manifest: `{videoManifestBase}{sourceId}/options/supports_drm`
   * (e.g. `{origin}/manifests/v7/json/sources/`). Absent: this engine plays no video (a track's
   * manifest_ids_video is left for its audio files).
   */
  readonly videoManifestBase?: string;
}

export type MediaDeps = Pick<Ports, 'clock' | 'scheduler' | 'http' | 'random'> & {
  readonly mediaSource: MediaSourcePort;
  readonly media: MediaConfig;
  /** Issue 18: the video element's two source buffers (core/engine/video); absent where the engine plays no video. */
  readonly video?: VideoSourcePort;
};

/** Media epics read the media slice and the session's access token (storage-resolve is authorised). */
export type MediaEpic = Epic<MediaSlice & SessionSlice, MediaDeps>;
