// The ffmpeg command line that turns any audio file into the fragmented AAC MP4 the CENC packager
// expects. Checked against Debian 12's ffmpeg 5.1.
//
// - `-movflags +empty_moov` writes a moov without samples, then moof+mdat fragments; `+default_base_moof`
//   makes tfhd offsets relative to each moof (what MSE and the packager need); `+frag_keyframe`
//   only cuts at video keyframes, so for audio the cut comes from:
// - `-frag_duration 10000000` (microseconds): a new fragment once the current one holds 10 s,
//   i.e. 431 AAC frames of 1024 samples at 44.1 kHz = 10.008 s (spec 001 §9 "Audio fragment length: 10 s").
// - `-map 0:a:0` drops cover art and other streams; `-map_metadata -1` and the bitexact flags keep
//   tags, encoder strings and times out, so the same input always gives the same bytes.
// - `+skip_trailer` leaves out the mfra index: the file is then exactly init + moof/mdat pairs, and
//   the seek table replaces mfra (the packager drops one anyway: its offsets would go stale).

/**
 * Arguments for `ffmpeg` (without the program name) transcoding `input` to `output` at `bitrateKbps`;
 * `fragmentSeconds` is 10 for audio files, a video's segment length for its audio profile.
 */
export function ffmpegFragmentArgs(input: string, output: string, bitrateKbps: number, fragmentSeconds = 10, extra: readonly string[] = []): string[] {
  if (!Number.isInteger(bitrateKbps) || bitrateKbps <= 0) throw new Error(`bad AAC bitrate ${bitrateKbps}`);
  if (!Number.isInteger(fragmentSeconds) || fragmentSeconds <= 0) throw new Error(`bad fragment length ${fragmentSeconds}`);
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-i',
    input,
    '-map',
    '0:a:0',
    '-map_metadata',
    '-1',
    '-c:a',
    'aac',
    '-b:a',
    `${bitrateKbps}k`,
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    '-movflags',
    '+frag_keyframe+empty_moov+default_base_moof+skip_trailer',
    '-frag_duration',
    String(fragmentSeconds * 1_000_000),
    ...extra,
    '-f',
    'mp4',
    output,
  ];
}
