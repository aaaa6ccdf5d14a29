// The project's own Common Encryption packager (ISO/IEC 23001-7, scheme 'cenc', AES-128-CTR).
// Debian's ffmpeg writes usable fragmented MP4 but not CENC that MSE + EME accept, so the ingest
// transcodes with ffmpeg (ffmpeg-fragment-args.ts) and encrypts the result here.
import { createCipheriv } from 'node:crypto';
import { ascii, boxSize, fullBox, leafBox, parseBoxes, requireBox, serializeBoxes, u32, view, type Box } from './mp4-boxes';
import { readFragmentSamples, readTrackDefaults, withTrunDataOffset, type TrackDefaults } from './mp4-fragments';

export { ffmpegFragmentArgs } from './ffmpeg-fragment-args';
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

/** Encrypts a fragmented MP4 with one AAC track (as ffmpegFragmentArgs writes it) into CENC. */
export function packageCenc(fmp4: Uint8Array, opts: CencOptions): Uint8Array {
  if (opts.keyId.length !== 16 || opts.key.length !== 16) throw new Error('CENC key id and key must be 16 bytes');
  const boxes = parseBoxes(fmp4);
  const out: Box[] = [];
  let defaults: TrackDefaults | undefined;
  for (let i = 0; i < boxes.length; i += 1) {
    const box = boxes[i] as Box;
    if (box.type === 'moov') {
      defaults = readTrackDefaults(box);
      out.push(protectMoov(box, opts));
    } else if (box.type === 'moof') {
      const mdat = boxes[i + 1];
      if (defaults === undefined) throw new Error('moof before moov');
      if (mdat?.type !== 'mdat') throw new Error('every moof must be followed by its mdat');
      out.push(...encryptFragment(box, mdat, defaults, opts));
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

function psshBox(keyId: Uint8Array): Box {
  // Version 1 lists the key ids; no system-specific data.
  return fullBox('pssh', 1, 0, COMMON_SYSTEM_ID, u32(1), keyId, u32(0));
}

/** mp4a → enca with sinf (frma, schm cenc 1.0, schi/tenc), and a common-system pssh in moov. */
function protectMoov(moov: Box, opts: CencOptions): Box {
  const stsd = requireBox(moov, 'trak', 'mdia', 'minf', 'stbl', 'stsd');
  const entries = stsd.children ?? [];
  if (entries.length !== 1 || entries[0]?.type !== 'mp4a') throw new Error('expected one mp4a sample entry (AAC audio)');
  const sinf: Box = {
    type: 'sinf',
    payload: new Uint8Array(0),
    children: [
      leafBox('frma', ascii('mp4a')),
      fullBox('schm', 0, 0, ascii('cenc'), u32(0x00010000)),
      {
        type: 'schi',
        payload: new Uint8Array(0),
        // tenc v0: two reserved bytes, default_isProtected = 1, default_Per_Sample_IV_Size, default_KID.
        children: [fullBox('tenc', 0, 0, Uint8Array.of(0, 0, 1, opts.ivSize ?? 8), opts.keyId)],
      },
    ],
  };
  const mp4a = entries[0];
  stsd.children = [{ type: 'enca', payload: mp4a.payload, children: [...(mp4a.children ?? []), sinf] }];
  return { ...moov, children: [...(moov.children ?? []), psshBox(opts.keyId)] };
}

/** AES-128-CTR over a whole sample, counter block = IV (8 bytes + zero block counter, or 16 bytes). */
export function cencCtr(key: Uint8Array, iv: Uint8Array, sample: Uint8Array): Uint8Array {
  const counter = new Uint8Array(16);
  counter.set(iv);
  const cipher = createCipheriv('aes-128-ctr', key, counter);
  return new Uint8Array(Buffer.concat([cipher.update(sample), cipher.final()]));
}

/** Encrypts one moof+mdat pair: senc/saiz/saio added to the traf, trun data_offset moved past them. */
function encryptFragment(moof: Box, mdat: Box, defaults: TrackDefaults, opts: CencOptions): [Box, Box] {
  const trafs = (moof.children ?? []).filter((box) => box.type === 'traf');
  const traf = trafs[0];
  if (traf === undefined || trafs.length !== 1) throw new Error('expected one traf per moof');
  const samples = readFragmentSamples(traf, defaults);
  if (samples.dataOffset === undefined) throw new Error('trun without data_offset');
  const ivSize = opts.ivSize ?? 8;

  // Sample data starts data_offset bytes after the moof start, i.e. inside the following mdat.
  const payload = new Uint8Array(mdat.payload); // a copy (Buffer#slice would be a view of the input)
  let at = samples.dataOffset - boxSize(moof) - 8;
  const ivs: Uint8Array[] = [];
  for (const size of samples.sizes) {
    if (at < 0 || at + size > payload.length) throw new Error('trun points outside its mdat');
    const iv = new Uint8Array(opts.randomBytes(ivSize).subarray(0, ivSize));
    payload.set(cencCtr(opts.key, iv, payload.subarray(at, at + size)), at);
    ivs.push(iv);
    at += size;
  }

  const count = samples.sizes.length;
  const senc = fullBox('senc', 0, 0, u32(count), ...ivs); // flags 0: no subsamples, whole-sample encryption
  const saiz = fullBox('saiz', 0, 0, Uint8Array.of(ivSize), u32(count)); // default_sample_info_size = IV size
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
