import type { VideoManifestJson } from '../server/video/manifest';
import { videoDashManifest } from './bench-video';

// The Shaka baseline of the video bench plays the same source from a DASH manifest of its video manifest
// (spec 001 §3): the same templated URLs (§7 {{profile_id}}, {{segment_timestamp}} = index × segment_length s).
const profile = (id: number, mime: string, video: string | null, bitrate: number, height: number) => ({
  id,
  mime_type: mime,
  video_codec: video,
  audio_codec: video === null ? 'mp4a.40.2' : null,
  encryption_index: 0,
  max_bitrate: bitrate,
  video_bitrate: video === null ? 0 : bitrate,
  audio_bitrate: video === null ? bitrate : 0,
  video_width: Math.round((height * 16) / 9),
  video_height: height,
  video_resolution: height,
});

const MANIFEST: VideoManifestJson = {
  source_id: 's1',
  base_urls: ['http://127.0.0.1:1/cdn/video/s1/'],
  initialization_template: '{{profile_id}}/init',
  segment_template: '{{profile_id}}/{{segment_timestamp}}',
  contents: [
    {
      segment_length: 4,
      profiles: [
        profile(1, 'video/mp4', 'avc1.4d401f', 168008, 240),
        profile(3, 'video/mp4', 'avc1.4d401f', 550000, 720),
        profile(4, 'video/webm', 'vp8', 280000, 360),
        profile(10, 'audio/mp4', null, 133089, 0),
      ],
      encryption_infos: [{ key_system: 'org.w3.clearkey', pssh: 'AAAANHBzc2gBAAAA', key_id: 'cadd02c798b7b23293bd3266d6a0472b' }],
    },
  ],
  start_time_millis: 0,
  end_time_millis: 22000,
  subtitle_language_codes: ['en', 'sv'],
  subtitle_template: 'subtitles/{{language_code}}.vtt',
};

describe("the video bench's DASH manifest names the segments the engine fetches (spec 001 §3, §7)", () => {
  const mpd = videoDashManifest(MANIFEST);

  it('templated URLs: the profile id is the Representation id, the segment timestamp $Time$ on a 1 s timescale, from base_urls[0]', () => {
    expect(mpd).toContain('<BaseURL>http://127.0.0.1:1/cdn/video/s1/</BaseURL>');
    expect(mpd).toContain('<SegmentTemplate timescale="1" initialization="$RepresentationID$/init" media="$RepresentationID$/$Time$">');
    expect([...mpd.matchAll(/<Representation id="(\d+)"/g)].map((m) => m[1])).toEqual(['1', '3', '4', '10']);
  });

  it('the timeline starts at 0 and steps by segment_length (0, 4, …, 20 for 22 s), the last segment what is left', () => {
    expect(mpd).toContain('<SegmentTimeline><S t="0" d="4" r="4"/><S d="2"/></SegmentTimeline>');
    expect(mpd).toContain('mediaPresentationDuration="PT22.000S"');
  });

  it('one AdaptationSet per MIME type (a source buffer keeps its type), bandwidth the max_bitrate', () => {
    expect([...mpd.matchAll(/<AdaptationSet [^>]*mimeType="([^"]+)"/g)].map((m) => m[1])).toEqual(['video/mp4', 'video/webm', 'audio/mp4']);
    expect(mpd).toContain('<Representation id="3" codecs="avc1.4d401f" bandwidth="550000" width="1280" height="720"/>');
    expect(mpd).toContain('<Representation id="10" codecs="mp4a.40.2" bandwidth="133089"/>');
  });

  it("each protected set is CENC with the manifest's key id as a UUID, and offered to ClearKey with its pssh", () => {
    expect(mpd.match(/cenc:default_KID="cadd02c7-98b7-b232-93bd-3266d6a0472b"/g)).toHaveLength(3);
    expect(mpd).toContain(
      '<ContentProtection schemeIdUri="urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e" value="ClearKey1.0"><cenc:pssh>AAAANHBzc2gBAAAA</cenc:pssh>',
    );
  });

  it('a clear manifest (the preview) has no ContentProtection', () => {
    const clear = {
      ...MANIFEST,
      contents: [{ ...MANIFEST.contents[0]!, profiles: MANIFEST.contents[0]!.profiles.map((p) => ({ ...p, encryption_index: null })), encryption_infos: [] }],
    };
    expect(videoDashManifest(clear)).not.toContain('ContentProtection');
  });
});
