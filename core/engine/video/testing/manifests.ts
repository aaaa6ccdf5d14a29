import type { VideoManifest, VideoProfile } from '../manifest';

/** The provider's manifests (server/video/manifest.ts, notes of issue 18): premium (protected ladder) and preview (clear). */
const profile = (id: number, fields: Partial<VideoProfile>): VideoProfile => ({
  id,
  mime_type: 'video/mp4',
  video_codec: 'avc1.4d401f',
  audio_codec: null,
  encryption_index: 0,
  max_bitrate: 0,
  video_bitrate: 0,
  audio_bitrate: 0,
  video_width: 0,
  video_height: 0,
  video_resolution: 0,
  ...fields,
});

export const SOURCE = '874944d2de2c828b1592feeca0bea201';
export const BASE = `http://127.0.0.1:8080/cdn/video/${SOURCE}/`;

export const PREMIUM: VideoManifest = {
  source_id: SOURCE,
  base_urls: [BASE],
  initialization_template: '{{profile_id}}/init',
  segment_template: '{{profile_id}}/{{segment_timestamp}}',
  contents: [
    {
      segment_length: 4,
      profiles: [
        profile(1, { max_bitrate: 168008, video_bitrate: 150000, video_width: 426, video_height: 240, video_resolution: 240 }),
        profile(2, { max_bitrate: 336000, video_bitrate: 300000, video_width: 854, video_height: 480, video_resolution: 480 }),
        profile(3, { max_bitrate: 560000, video_bitrate: 500000, video_width: 1280, video_height: 720, video_resolution: 720 }),
        profile(4, {
          mime_type: 'video/webm',
          video_codec: 'vp8',
          max_bitrate: 280000,
          video_bitrate: 250000,
          video_width: 640,
          video_height: 360,
          video_resolution: 360,
        }),
        profile(10, { mime_type: 'audio/mp4', video_codec: null, audio_codec: 'mp4a.40.2', max_bitrate: 133089, audio_bitrate: 128000 }),
      ],
      encryption_infos: [{ key_system: 'org.w3.clearkey', pssh: 'AAAAVHBzc2gBAAAA', key_id: '0123456789abcdef0123456789abcdef' }],
    },
  ],
  start_time_millis: 0,
  end_time_millis: 22000,
  subtitle_language_codes: ['en', 'sv'],
  subtitle_template: 'subtitles/{{language_code}}.vtt',
};

export const PREVIEW: VideoManifest = {
  ...PREMIUM,
  contents: [
    {
      segment_length: 4,
      profiles: [
        profile(101, { encryption_index: null, max_bitrate: 168008, video_bitrate: 150000, video_width: 426, video_height: 240, video_resolution: 240 }),
        profile(110, { mime_type: 'audio/mp4', video_codec: null, audio_codec: 'mp4a.40.2', encryption_index: null, audio_bitrate: 128000 }),
      ],
      encryption_infos: [],
    },
  ],
};
