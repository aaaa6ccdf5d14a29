// Test support: a small fragmented MP4 with one AAC track laid out as ffmpeg writes it
// (-movflags +empty_moov+default_base_moof): ftyp, moov with mvex/trex, then moof+mdat pairs whose
// tfhd carries default-base-is-moof and whose trun carries data_offset and sample sizes.
import { ascii, boxSize, fullBox, leafBox, serializeBoxes, u32, view, type Box } from './mp4-boxes';

export interface SyntheticFragment {
  sizes: number[];
  /** Per-sample durations in the trun (flag 0x100); otherwise the tfhd default of 1024. */
  durations?: number[];
}

export const SYNTHETIC_TIMESCALE = 44100;
export const SYNTHETIC_SAMPLE_DURATION = 1024;

const container = (type: string, children: Box[], payload = new Uint8Array(0)): Box => ({ type, payload, children });
const u64 = (value: number): Uint8Array => {
  const out = new Uint8Array(8);
  view(out).setBigUint64(0, BigInt(value));
  return out;
};

/** AudioSampleEntry v0 fields: data_reference_index 1, 2 channels, 16 bit, 44100 Hz (16.16). */
const AUDIO_ENTRY_FIELDS = Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 16, 0, 0, 0, 0, 0xac, 0x44, 0, 0);

/** The bytes of sample `index` of the file: a pattern that differs per sample. */
export const syntheticSample = (index: number, size: number): Uint8Array => Uint8Array.from({ length: size }, (_, i) => (index * 53 + i * 7) & 0xff);

export function syntheticFmp4(fragments: SyntheticFragment[], extraTopLevel: Box[] = []): Uint8Array {
  const esds = fullBox('esds', 0, 0, Uint8Array.of(0x03, 0x19, 0, 1, 0, 0x04, 0x11, 0x40, 0x15), new Uint8Array(14), Uint8Array.of(0x05, 0x02, 0x12, 0x10));
  const moov = container('moov', [
    fullBox('mvhd', 0, 0, new Uint8Array(96)),
    container('trak', [
      fullBox('tkhd', 0, 3, new Uint8Array(80)),
      container('mdia', [
        fullBox('mdhd', 0, 0, u32(0), u32(0), u32(SYNTHETIC_TIMESCALE), u32(0), u32(0x55c40000)),
        fullBox('hdlr', 0, 0, u32(0), ascii('soun'), new Uint8Array(12), ascii('SoundHandler\0')),
        container('minf', [container('stbl', [container('stsd', [container('mp4a', [esds], AUDIO_ENTRY_FIELDS)], Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 1))])]),
      ]),
    ]),
    container('mvex', [fullBox('trex', 0, 0, u32(1), u32(1), u32(0), u32(0), u32(0))]),
  ]);
  const boxes: Box[] = [leafBox('ftyp', ascii('isom'), u32(0x200), ascii('isomiso6mp41')), moov];
  let sampleIndex = 0;
  let decodeTime = 0;
  fragments.forEach((fragment, sequence) => {
    const withDurations = fragment.durations !== undefined;
    const entries = fragment.sizes.flatMap((size, i) => (withDurations ? [u32(fragment.durations?.[i] ?? 0), u32(size)] : [u32(size)]));
    const trun = fullBox('trun', 0, withDurations ? 0x301 : 0x201, u32(fragment.sizes.length), u32(0), ...entries);
    const moof = container('moof', [
      fullBox('mfhd', 0, 0, u32(sequence + 1)),
      container('traf', [
        // default-base-is-moof, default duration, size and flags
        fullBox('tfhd', 0, 0x020038, u32(1), u32(SYNTHETIC_SAMPLE_DURATION), u32(0), u32(0x02000000)),
        fullBox('tfdt', 1, 0, u64(decodeTime)),
        trun,
      ]),
    ]);
    view(trun.payload).setInt32(8, boxSize(moof) + 8); // samples start right after the mdat header
    const samples = fragment.sizes.map((size) => syntheticSample(sampleIndex++, size));
    boxes.push(moof, leafBox('mdat', ...samples));
    decodeTime += (fragment.durations ?? fragment.sizes.map(() => SYNTHETIC_SAMPLE_DURATION)).reduce((a, b) => a + b, 0);
  });
  return serializeBoxes([...boxes, ...extraTopLevel]);
}
