import { MEDIA_ERRORS } from '../../contract/failures';
import { QUALITY_HEADROOM_BPS } from '../player/state-machine';
import { fileKeySystemFormat, type MediaPipelineError } from '../media/media-errors';
import type { VideoManifest, VideoProfile } from './manifest';

/** spec 001 §9 Codecs: the video codecs (vp8, avc1.4d401f) and the audio one (mp4a.40.2). */
export const VIDEO_CODECS: readonly string[] = ['vp8', 'avc1.4d401f'];
export const AUDIO_CODECS: readonly string[] = ['mp4a.40.2'];
/** The §9 video codecs as the provider's profiles carry them (server/video/manifest.ts): what the key system is asked for. */
export const VIDEO_CONTENT_TYPES: readonly string[] = ['video/mp4; codecs="avc1.4d401f"', 'video/webm; codecs="vp8"'];

/** A profile's MediaSource type: its mime type and its one codec (profiles are video-only or audio-only). */
export function contentType(profile: VideoProfile): string {
  return `${profile.mime_type}; codecs="${profile.video_codec ?? profile.audio_codec ?? ''}"`;
}

export const isVideoProfile = (profile: VideoProfile): boolean => profile.video_codec !== null && VIDEO_CODECS.includes(profile.video_codec);
export const isAudioProfile = (profile: VideoProfile): boolean =>
  profile.video_codec === null && profile.audio_codec !== null && AUDIO_CODECS.includes(profile.audio_codec);
export const isEncrypted = (profile: VideoProfile): boolean => profile.encryption_index !== null;

/** What the engine can play here: the browser's types, and whether a key system was granted. */
export interface VideoAbilities {
  readonly isTypeSupported: (contentType: string) => boolean;
  readonly keySystem: boolean;
}

/**
 * The profiles of one playback: the video ones of one mime type (a source buffer keeps its type,
 * so switching stays within it; the first playable type of the manifest's order) and the audio ones.
 */
export interface ProfileSet {
  readonly video: readonly VideoProfile[];
  readonly audio: readonly VideoProfile[];
}

/**
 * The playable profiles of contents[0]: §9 codecs this browser takes, and protected ones only with
 * a key system. spec 001 §8 Manifest: protected profiles without a key system are 'KeySystem does
 * not support the file format.'; nothing playable otherwise is 'Media not supported.' (§8 Media).
 */
export function playableProfiles(manifest: VideoManifest, abilities: VideoAbilities): { readonly set: ProfileSet } | { readonly error: MediaPipelineError } {
  const all = manifest.contents[0]?.profiles ?? [];
  const typed = all.filter((p) => (isVideoProfile(p) || isAudioProfile(p)) && abilities.isTypeSupported(contentType(p)));
  const usable = typed.filter((p) => abilities.keySystem || !isEncrypted(p));
  const video = usable.filter(isVideoProfile);
  const audio = usable.filter(isAudioProfile);
  if (video.length === 0 || audio.length === 0) {
    const lockedOut = typed.some(isEncrypted) && !abilities.keySystem;
    return { error: lockedOut ? fileKeySystemFormat() : { ...MEDIA_ERRORS[4]! } };
  }
  const mimeType = video[0]!.mime_type;
  return { set: { video: video.filter((p) => p.mime_type === mimeType), audio } };
}

export interface ProfileChoice {
  readonly video: VideoProfile;
  readonly audio: VideoProfile;
}

/**
 * spec 001 §9 Video quality: "bitrate plus audio bitrate below estimate minus 100000" — the
 * highest video bitrate (then audio bitrate) whose sum is below the budget; when no pair is, the
 * lowest of each, so a slow link still plays.
 */
export function chooseProfiles(set: ProfileSet, estimateBps: number): ProfileChoice {
  const budget = estimateBps - QUALITY_HEADROOM_BPS;
  const byVideo = [...set.video].sort((a, b) => b.video_bitrate - a.video_bitrate || a.id - b.id);
  const byAudio = [...set.audio].sort((a, b) => b.audio_bitrate - a.audio_bitrate || a.id - b.id);
  for (const video of byVideo) {
    const audio = byAudio.find((a) => video.video_bitrate + a.audio_bitrate < budget);
    if (audio !== undefined) return { video, audio };
  }
  return { video: byVideo[byVideo.length - 1]!, audio: byAudio[byAudio.length - 1]! };
}
