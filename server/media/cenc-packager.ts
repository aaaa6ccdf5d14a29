// The project's own Common Encryption packager (ISO/IEC 23001-7, scheme 'cenc', AES-128-CTR).
// Debian's ffmpeg writes usable fragmented MP4 but not CENC that MSE + EME accept, so the ingest
// transcodes with ffmpeg (ffmpeg-fragment-args.ts) and encrypts the result here.
import { createCipheriv } from 'node:crypto';
import { ascii, boxSize, fullBox, leafBox, parseBoxes, requireBox, serializeBoxes, u32, view, type Box } from './mp4-boxes';
import { readFragmentSamples, readTrackDefaults, withTrunDataOffset, type TrackDefaults } from './mp4-fragments';
import { avcSubsamples, encryptSubsamples, sampleInfoSize, sampleInfoWithSubsamples } from './cenc-subsamples';

export { ffmpegFragmentArgs } from './ffmpeg-fragment-args';
export { avcSubsamples, type Subsample } from './cenc-subsamples';
export { readSeekTable, type SeekTable } from './seek-table';

export interface CencOptions {
  /** 16-byte key id, written to tenc and pssh. */
  keyId: Uint8Array;
  /** 16-byte AES-128 content key; never written to the file. */
  key: Uint8Array;
  /** Source of per-sample IVs (crypto.randomBytes in production, seeded in tests). */
  randomBytes: (n: number) => Uint8Array;
  /** Per-sample IV size; 8 (the default) puts a zero 64-bit block counter after the IV. */
  ivSize?: 8 | 16;
  /** Also put the pssh in every moof (some players look for key ids there). Default false. */
  psshInFragments?: boolean;
}

/** The W3C "common" protection system id (https://w3c.github.io/encrypted-media/format-registry/initdata/cenc.html). */
export const COMMON_SYSTEM_ID = Uint8Array.from(Buffer.from('1077efecc0b24d02ace33c1e52e2fb4b', 'hex'));

/** Encrypts a fragmented MP4 with one AAC track (as ffmpegFragmentArgs writes it) or one H.264 track (ffmpegVideoFragmentArgs) into CENC. */
export function packageCenc(fmp4: Uint8Array, opts: CencOptions): Uint8Array {
  if (opts.keyId.length !== 16 || opts.key.length !== 16) throw new Error('CENC key id and key must be 16 bytes');
  const boxes = parseBoxes(fmp4);
  const out: Box[] = [];
  let defaults: TrackDefaults | undefined;
  let protection: Protection | undefined;
  for (let i = 0; i < boxes.length; i += 1) {
    const box = boxes[i] as Box;
    if (box.type === 'moov') {
      defaults = readTrackDefaults(box);
      const protectedMoov = protectMoov(box, opts);
      protection = protectedMoov.protection;
      out.push(protectedMoov.moov);
    } else if (box.type === 'moof') {
      const mdat = boxes[i + 1];
      if (defaults === undefined || protection === undefined) throw new Error('moof before moov');
      if (mdat?.type !== 'mdat') throw new Error('every moof must be followed by its mdat');
      out.push(...encryptFragment(box, mdat, defaults, protection, opts));
      i += 1;
    } else if (box.type === 'mdat') {
      throw new Error('mdat without a moof: the input is not a fragmented MP4');
    } else if (box.type !== 'sidx' && box.type !== 'mfra') {
      // sidx and mfra hold byte offsets that the grown moofs make stale; the seek table replaces them.
      out.push(box);
    }
  }
  if (defaults === undefined) throw new Error('no moov box');
  return serializeBoxes(out);
}

/** The version 1 common-system pssh box for one key id (also the video manifest's encryption_infos pssh). */
export function psshBox(keyId: Uint8Array): Box {
  // Version 1 lists the key ids; no system-specific data.
  return fullBox('pssh', 1, 0, COMMON_SYSTEM_ID, u32(1), keyId, u32(0));
}

/** What the sample entry says about how its samples are encrypted. */
interface Protection {
  /** avc1: the NAL length field size (avcC lengthSizeMinusOne + 1); null for audio (whole-sample encryption). */
  readonly nalLengthSize: number | null;
}

const PROTECTED_ENTRY: Readonly<Record<string, string>> = { mp4a: 'enca', avc1: 'encv' };

/**
 * mp4a → enca or avc1 → encv with sinf (frma, schm cenc 1.0, schi/tenc), and a common-system pssh in moov.
 * Video samples are then encrypted by subsample (ISO/IEC 23001-7 §9.5.2.1: NAL structured video).
 */
function protectMoov(moov: Box, opts: CencOptions): { moov: Box; protection: Protection } {
  const stsd = requireBox(moov, 'trak', 'mdia', 'minf', 'stbl', 'stsd');
  const entries = stsd.children ?? [];
  const entry = entries[0];
  const protectedType = entry === undefined ? undefined : PROTECTED_ENTRY[entry.type];
  if (entries.length !== 1 || entry === undefined || protectedType === undefined) {
    throw new Error('expected one mp4a (AAC audio) or avc1 (H.264 video) sample entry');
  }
  const sinf: Box = {
    type: 'sinf',
    payload: new Uint8Array(0),
    children: [
      leafBox('frma', ascii(entry.type)),
      fullBox('schm', 0, 0, ascii('cenc'), u32(0x00010000)),
      {
        type: 'schi',
        payload: new Uint8Array(0),
        // tenc v0: two reserved bytes, default_isProtected = 1, default_Per_Sample_IV_Size, default_KID.
        children: [fullBox('tenc', 0, 0, Uint8Array.of(0, 0, 1, opts.ivSize ?? 8), opts.keyId)],
      },
    ],
  };
  let nalLengthSize: number | null = null;
  if (entry.type === 'avc1') {
    // AVCDecoderConfigurationRecord byte 4: six reserved bits, lengthSizeMinusOne (ISO/IEC 14496-15 §5.3.3.1).
    const avcC = requireBox(entry, 'avcC').payload;
    nalLengthSize = ((avcC[4] ?? 3) & 3) + 1;
  }
  stsd.children = [{ type: protectedType, payload: entry.payload, children: [...(entry.children ?? []), sinf] }];
  return { moov: { ...moov, children: [...(moov.children ?? []), psshBox(opts.keyId)] }, protection: { nalLengthSize } };
}

/** AES-128-CTR over a whole sample, counter block = IV (8 bytes + zero block counter, or 16 bytes). */
export function cencCtr(key: Uint8Array, iv: Uint8Array, sample: Uint8Array): Uint8Array {
  const counter = new Uint8Array(16);
  counter.set(iv);
  const cipher = createCipheriv('aes-128-ctr', key, counter);
  return new Uint8Array(Buffer.concat([cipher.update(sample), cipher.final()]));
}

/** Encrypts one moof+mdat pair: senc/saiz/saio added to the traf, trun data_offset moved past them. */
function encryptFragment(moof: Box, mdat: Box, defaults: TrackDefaults, protection: Protection, opts: CencOptions): [Box, Box] {
  const trafs = (moof.children ?? []).filter((box) => box.type === 'traf');
  const traf = trafs[0];
  if (traf === undefined || trafs.length !== 1) throw new Error('expected one traf per moof');
  const samples = readFragmentSamples(traf, defaults);
  if (samples.dataOffset === undefined) throw new Error('trun without data_offset');
  const ivSize = opts.ivSize ?? 8;

  // Sample data starts data_offset bytes after the moof start, i.e. inside the following mdat.
  const payload = new Uint8Array(mdat.payload); // a copy (Buffer#slice would be a view of the input)
  let at = samples.dataOffset - boxSize(moof) - 8;
  const infos: Uint8Array[] = [];
  for (const size of samples.sizes) {
    if (at < 0 || at + size > payload.length) throw new Error('trun points outside its mdat');
    const iv = new Uint8Array(opts.randomBytes(ivSize).subarray(0, ivSize));
    const sample = payload.subarray(at, at + size);
    if (protection.nalLengthSize === null) {
      payload.set(cencCtr(opts.key, iv, sample), at);
      infos.push(iv);
    } else {
      const subsamples = avcSubsamples(sample, protection.nalLengthSize);
      payload.set(encryptSubsamples(opts.key, iv, sample, subsamples), at);
      infos.push(sampleInfoWithSubsamples(iv, subsamples));
    }
    at += size;
  }

  const count = samples.sizes.length;
  const subsampled = protection.nalLengthSize !== null;
  // senc flags 0x2: every sample's IV is followed by its subsample table; 0: whole-sample encryption.
  const senc = fullBox('senc', 0, subsampled ? 2 : 0, u32(count), ...infos);
  // saiz: one default_sample_info_size (the IV size) for whole samples, else 0 and a size per sample.
  const saiz = subsampled
    ? fullBox(
        'saiz',
        0,
        0,
        Uint8Array.of(0),
        u32(count),
        Uint8Array.from(infos, (info) => sampleInfoSize(info.length)),
      )
    : fullBox('saiz', 0, 0, Uint8Array.of(ivSize), u32(count));
  const saio = fullBox('saio', 0, 0, u32(1), u32(0)); // offset filled in below
  const trun = requireBox(traf, 'trun');
  // Box order inside a traf is free (ISO/IEC 14496-12 §8.8.6); Chromium reads the IVs from senc, while
  // players that follow saiz/saio find the same bytes through them.
  const trafChildren = [...(traf.children ?? []).filter((box) => box !== trun), trun, saiz, saio, senc];
  const moofChildren = (moof.children ?? []).map((box) => (box === traf ? { ...traf, children: trafChildren } : box));
  if (opts.psshInFragments) moofChildren.push(psshBox(opts.keyId));
  const grown: Box = { ...moof, children: moofChildren };

  // saio: the IVs' offset from the moof start (tfhd default-base-is-moof); they follow senc's
  // header, full-box word and sample_count.
  const before = (list: Box[], stop: Box) => list.slice(0, list.indexOf(stop)).reduce((sum, box) => sum + boxSize(box), 0);
  const grownTraf = moofChildren.find((box) => box.type === 'traf') as Box;
  const ivOffset = 8 + before(moofChildren, grownTraf) + 8 + before(trafChildren, senc) + 8 + 4 + 4;
  view(saio.payload).setUint32(8, ivOffset);

  // The samples moved by however much the moof grew. The corrected trun has the same size, so the
  // saio offset above stays right; it replaces the old one in the array the grown traf holds.
  const growth = boxSize(grown) - boxSize(moof);
  trafChildren[trafChildren.indexOf(trun)] = withTrunDataOffset(trun, samples.dataOffset + growth);
  return [grown, { type: 'mdat', payload }];
}
