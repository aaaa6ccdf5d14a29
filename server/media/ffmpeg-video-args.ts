// The ffmpeg command lines of a video episode's profiles (spec 001 §9 codecs: avc1.4d401f and vp8).
// Every profile has a fixed frame rate and a key frame exactly every segment (GOP = segment length,
// no scene-cut key frames), so each fragment (MP4) or Cluster (WebM) is one segment of the manifest's
// segment_length (spec 001 §3 contents[0].segment_length) and every segment starts with a key frame:
// a player can switch profile at any segment boundary.

/** The frame rate every profile is encoded at. */
export const VIDEO_FPS = 25;

export interface VideoRung {
  readonly codec: 'avc1.4d401f' | 'vp8';
  readonly height: number;
  readonly kbps: number;
}

const common = (input: string): string[] => [
  '-hide_banner',
  '-loglevel',
  'error',
  '-nostdin',
  '-y',
  '-i',
  input,
  '-map',
  '0:v:0',
  '-an',
  '-sn',
  '-map_metadata',
  '-1',
];

/** Arguments for one video-only profile: H.264 Main@3.1 in fragmented MP4 (avc1.4d401f) or VP8 in WebM. */
export function ffmpegVideoArgs(input: string, output: string, rung: VideoRung, segmentSeconds: number, extra: readonly string[] = []): string[] {
  if (!Number.isInteger(segmentSeconds) || segmentSeconds <= 0) throw new Error(`bad segment length ${segmentSeconds}`);
  const gop = String(VIDEO_FPS * segmentSeconds);
  const rate = `${rung.kbps}k`;
  // -2: the width that keeps the aspect ratio, rounded to an even number (4:2:0 needs even sizes).
  const scale = ['-vf', `scale=-2:${rung.height},fps=${VIDEO_FPS},format=yuv420p`];
  const bitexact = ['-fflags', '+bitexact', '-flags:v', '+bitexact'];
  if (rung.codec === 'avc1.4d401f') {
    return [
      ...common(input),
      ...scale,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      // avc1.4d401f: profile_idc 77 (Main), constraint_set1 (0x40), level_idc 31 (3.1).
      '-profile:v',
      'main',
      '-level:v',
      '3.1',
      '-b:v',
      rate,
      '-maxrate',
      `${Math.round(rung.kbps * 1.2)}k`,
      '-bufsize',
      `${rung.kbps * 2}k`,
      '-g',
      gop,
      '-keyint_min',
      gop,
      '-sc_threshold',
      '0',
      ...bitexact,
      // One fragment per key frame: one moof+mdat per segment; tfhd offsets from the moof (MSE); no mfra.
      '-movflags',
      '+frag_keyframe+empty_moov+default_base_moof+skip_trailer',
      ...extra,
      '-f',
      'mp4',
      output,
    ];
  }
  return [
    ...common(input),
    ...scale,
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    rate,
    '-g',
    gop,
    '-keyint_min',
    gop,
    // Alternate reference frames are invisible frames; off, every block is a shown frame.
    '-auto-alt-ref',
    '0',
    ...bitexact,
    // WebM DASH mode: a new Cluster at every key frame, i.e. one Cluster per segment.
    '-dash',
    '1',
    ...extra,
    '-f',
    'webm',
    output,
  ];
}
