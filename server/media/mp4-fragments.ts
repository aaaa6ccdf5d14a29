// Reads the sample tables of a fragmented MP4 (ISO/IEC 14496-12 §8.8): trex defaults, tfhd
// overrides, trun samples, and the media timescale from mdhd. Used by the CENC packager and the
// seek table.
import { requireBox, view, type Box } from './mp4-boxes';

/** trex defaults that a fragment inherits when tfhd and trun leave a field out. */
export interface TrackDefaults {
  trackId: number;
  sampleDuration: number;
  sampleSize: number;
}

/** One track fragment's samples in decode order and where their data starts. */
export interface FragmentSamples {
  trackId: number;
  /** trun data_offset (relative to the moof start with default-base-is-moof), if present. */
  dataOffset: number | undefined;
  sizes: number[];
  durations: number[];
}

// tfhd flags (§8.8.7.1)
const TFHD_BASE_DATA_OFFSET = 0x1;
const TFHD_SAMPLE_DESCRIPTION_INDEX = 0x2;
const TFHD_DEFAULT_DURATION = 0x8;
const TFHD_DEFAULT_SIZE = 0x10;
// trun flags (§8.8.8.1)
const TRUN_DATA_OFFSET = 0x1;
const TRUN_FIRST_SAMPLE_FLAGS = 0x4;
const TRUN_DURATION = 0x100;
const TRUN_SIZE = 0x200;
const TRUN_FLAGS = 0x400;
const TRUN_CTO = 0x800;

/** The media timescale (mdhd) of the first track in moov. */
export function readTimescale(moov: Box): number {
  const mdhd = requireBox(moov, 'trak', 'mdia', 'mdhd').payload;
  // v1 has 64-bit creation and modification times before the timescale.
  return view(mdhd).getUint32(mdhd[0] === 1 ? 20 : 12);
}

/** The trex defaults of the first track (moov/mvex/trex). */
export function readTrackDefaults(moov: Box): TrackDefaults {
  const dv = view(requireBox(moov, 'mvex', 'trex').payload);
  return { trackId: dv.getUint32(4), sampleDuration: dv.getUint32(12), sampleSize: dv.getUint32(16) };
}

/** The samples of one traf. Absolute base data offsets are refused: the packager moves data. */
export function readFragmentSamples(traf: Box, defaults: TrackDefaults): FragmentSamples {
  const tfhd = view(requireBox(traf, 'tfhd').payload);
  const tfhdFlags = tfhd.getUint32(0) & 0xffffff;
  if (tfhdFlags & TFHD_BASE_DATA_OFFSET) throw new Error('tfhd: absolute base_data_offset is not supported');
  let at = 8;
  if (tfhdFlags & TFHD_SAMPLE_DESCRIPTION_INDEX) at += 4;
  let sampleDuration = defaults.sampleDuration;
  let sampleSize = defaults.sampleSize;
  if (tfhdFlags & TFHD_DEFAULT_DURATION) {
    sampleDuration = tfhd.getUint32(at);
    at += 4;
  }
  if (tfhdFlags & TFHD_DEFAULT_SIZE) sampleSize = tfhd.getUint32(at);
  // default_sample_flags (0x20) is not needed: every AAC sample is a sync sample.

  const trun = view(requireBox(traf, 'trun').payload);
  const flags = trun.getUint32(0) & 0xffffff;
  const count = trun.getUint32(4);
  at = 8;
  let dataOffset: number | undefined;
  if (flags & TRUN_DATA_OFFSET) {
    dataOffset = trun.getInt32(at);
    at += 4;
  }
  if (flags & TRUN_FIRST_SAMPLE_FLAGS) at += 4;
  const sizes: number[] = [];
  const durations: number[] = [];
  for (let i = 0; i < count; i += 1) {
    if (flags & TRUN_DURATION) {
      durations.push(trun.getUint32(at));
      at += 4;
    } else durations.push(sampleDuration);
    if (flags & TRUN_SIZE) {
      sizes.push(trun.getUint32(at));
      at += 4;
    } else sizes.push(sampleSize);
    if (flags & TRUN_FLAGS) at += 4;
    if (flags & TRUN_CTO) at += 4;
  }
  return { trackId: tfhd.getUint32(4), dataOffset, sizes, durations };
}

/** A copy of a trun box with its data_offset replaced (the box must already carry one). */
export function withTrunDataOffset(trun: Box, dataOffset: number): Box {
  const payload = new Uint8Array(trun.payload); // a copy: never write into the caller's bytes
  const dv = view(payload);
  if (!(dv.getUint32(0) & 0xffffff & TRUN_DATA_OFFSET)) throw new Error('trun has no data_offset to correct');
  dv.setInt32(8, dataOffset);
  return { type: trun.type, payload };
}
