import type { VideoManifest, VideoProfile } from '../manifest';
import { playableProfiles, type ProfileSet } from '../profiles';

/** The profiles a browser taking the types `supported` lets through plays of `manifest`, with a key system. */
export function profileSetOf(manifest: VideoManifest, supported: (profile: VideoProfile) => boolean): ProfileSet {
  const result = playableProfiles(manifest, {
    isTypeSupported: (type) => manifest.contents[0]!.profiles.some((p) => supported(p) && type.startsWith(p.mime_type)),
    keySystem: true,
  });
  if ('error' in result) throw new Error(result.error.message);
  return result.set;
}
