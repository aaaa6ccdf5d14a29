// Subsample encryption of NAL-structured video for CENC scheme 'cenc' (ISO/IEC 23001-7 §9.5.2 and §10.1):
// each sample is a run of length-prefixed NAL units (ISO/IEC 14496-15); the length fields, the NAL headers
// and every non-VCL NAL unit (SPS, PPS, SEI, AUD) stay clear, and of each slice NAL unit a whole number
// of 16-byte blocks is encrypted, its remainder left clear before them. The protected bytes of one sample
// form a single AES-CTR stream (the counter runs on across subsamples).
import { createCipheriv } from 'node:crypto';

/** One senc subsample entry: BytesOfClearData then BytesOfProtectedData. */
export interface Subsample {
  readonly clear: number;
  readonly protected: number;
}

/** senc's BytesOfClearData is 16 bits: a longer clear run takes several entries. */
const MAX_CLEAR = 0xffff;
const AES_BLOCK = 16;
/** H.264 NAL unit types with slice data (ISO/IEC 14496-10 Table 7-1: 1 non-IDR slice .. 5 IDR slice). */
const isSliceNal = (type: number) => type >= 1 && type <= 5;

/**
 * The subsample table of one H.264 sample: one entry per slice NAL unit, its clear count taking in the
 * non-VCL NAL units before it; NAL units after the last slice end the table with a clear-only entry.
 */
export function avcSubsamples(sample: Uint8Array, nalLengthSize: number): Subsample[] {
  const entries: Subsample[] = [];
  let pendingClear = 0;
  const pushClear = (clear: number, protectedBytes: number) => {
    while (clear > MAX_CLEAR) {
      entries.push({ clear: MAX_CLEAR, protected: 0 });
      clear -= MAX_CLEAR;
    }
    entries.push({ clear, protected: protectedBytes });
  };
  let at = 0;
  while (at < sample.length) {
    if (at + nalLengthSize > sample.length) throw new Error(`truncated NAL length at byte ${at} of a ${sample.length}-byte sample`);
    let length = 0;
    for (let i = 0; i < nalLengthSize; i += 1) length = length * 256 + (sample[at + i] as number);
    const end = at + nalLengthSize + length;
    if (length === 0 || end > sample.length) throw new Error(`NAL unit at byte ${at} runs past its sample (${length} bytes)`);
    const type = (sample[at + nalLengthSize] as number) & 0x1f;
    const body = length - 1; // after the one-byte NAL header
    const protectedBytes = isSliceNal(type) ? body - (body % AES_BLOCK) : 0;
    if (protectedBytes === 0) {
      pendingClear += nalLengthSize + length;
    } else {
      pushClear(pendingClear + nalLengthSize + 1 + (body % AES_BLOCK), protectedBytes);
      pendingClear = 0;
    }
    at = end;
  }
  if (pendingClear > 0 || entries.length === 0) pushClear(pendingClear, 0);
  return entries;
}

/** The sample with its protected ranges encrypted as one AES-128-CTR stream (counter block = IV then zeros). */
export function encryptSubsamples(key: Uint8Array, iv: Uint8Array, sample: Uint8Array, subsamples: readonly Subsample[]): Uint8Array {
  const total = subsamples.reduce((sum, s) => sum + s.clear + s.protected, 0);
  if (total !== sample.length) throw new Error(`subsamples cover ${total} bytes of a ${sample.length}-byte sample`);
  const counter = new Uint8Array(16);
  counter.set(iv);
  const cipher = createCipheriv('aes-128-ctr', key, counter);
  const out = new Uint8Array(sample);
  let at = 0;
  for (const { clear, protected: bytes } of subsamples) {
    at += clear;
    // A CTR cipher's update keeps its position in the key stream between calls: one stream per sample.
    if (bytes > 0) out.set(cipher.update(sample.subarray(at, at + bytes)), at);
    at += bytes;
  }
  cipher.final();
  return out;
}

/** One sample's senc entry with subsamples (flags 0x2): IV, subsample_count (16 bits), then the entries. */
export function sampleInfoWithSubsamples(iv: Uint8Array, subsamples: readonly Subsample[]): Uint8Array {
  if (subsamples.length > 0xffff) throw new Error('too many subsamples in one sample');
  const out = new Uint8Array(iv.length + 2 + subsamples.length * 6);
  const dv = new DataView(out.buffer);
  out.set(iv);
  dv.setUint16(iv.length, subsamples.length);
  subsamples.forEach((s, i) => {
    dv.setUint16(iv.length + 2 + i * 6, s.clear);
    dv.setUint32(iv.length + 4 + i * 6, s.protected);
  });
  return out;
}

/** saiz sample_info_size is one byte: a sample whose entry is longer cannot be described (more than 41 subsamples). */
export function sampleInfoSize(length: number): number {
  if (length > 0xff) throw new Error(`a sample's encryption info of ${length} bytes does not fit saiz (at most 255)`);
  return length;
}

/** Parses a senc payload written with subsamples (tests and tools): per sample its IV and subsample table. */
export function readSencSubsamples(senc: Uint8Array, ivSize: number): Array<{ iv: Uint8Array; subsamples: Subsample[] }> {
  const dv = new DataView(senc.buffer, senc.byteOffset, senc.byteLength);
  if ((dv.getUint32(0) & 2) === 0) throw new Error('senc has no subsample tables (flags 0x2 unset)');
  const count = dv.getUint32(4);
  const out: Array<{ iv: Uint8Array; subsamples: Subsample[] }> = [];
  let at = 8;
  for (let i = 0; i < count; i += 1) {
    const iv = senc.subarray(at, at + ivSize);
    const n = dv.getUint16(at + ivSize);
    at += ivSize + 2;
    const subsamples: Subsample[] = [];
    for (let j = 0; j < n; j += 1, at += 6) subsamples.push({ clear: dv.getUint16(at), protected: dv.getUint32(at + 2) });
    out.push({ iv, subsamples });
  }
  return out;
}
