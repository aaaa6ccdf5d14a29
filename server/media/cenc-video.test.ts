import { readFileSync } from 'node:fs';
import { createDecipheriv } from 'node:crypto';
import { ascii, parseBoxes, requireBox, scanBoxes, view, type Box } from './mp4-boxes';
import { readFragmentSamples, readTrackDefaults } from './mp4-fragments';
import { avcSubsamples, packageCenc, readSeekTable } from './cenc-packager';
import { readSencSubsamples, type Subsample } from './cenc-subsamples';
import { testVideoMedia } from '../testing/video-media';

/*
 * Issue 18: H.264 video is encrypted by subsample, as ISO/IEC 23001-7 requires of NAL-structured video
 * ('cenc' scheme): NAL length fields, NAL headers and non-slice NAL units clear, one senc subsample entry per
 * slice NAL unit whose ranges end on the NAL unit boundaries.
 */

const keyId = Uint8Array.from({ length: 16 }, (_, i) => 0x10 + i);
const key = Uint8Array.from({ length: 16 }, (_, i) => 0xf0 - i);
let counter = 0;
const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => (counter++ * 29 + 7) & 0xff);

interface Nal {
  start: number;
  end: number;
  type: number;
}
/** The NAL units of an AVCC sample (4-byte lengths). */
function nalsOf(sample: Uint8Array): Nal[] {
  const out: Nal[] = [];
  for (let at = 0; at < sample.length;) {
    const length = view(sample).getUint32(at);
    out.push({ start: at, end: at + 4 + length, type: (sample[at + 4] as number) & 0x1f });
    at += 4 + length;
  }
  return out;
}

/** The samples of every fragment of a file, as byte arrays, in order. */
function samplesOf(file: Uint8Array): Uint8Array[] {
  const boxes = parseBoxes(file);
  const defaults = readTrackDefaults(requireBox(boxes, 'moov'));
  const out: Uint8Array[] = [];
  const extents = scanBoxes(file);
  extents.forEach((extent, i) => {
    if (extent.type !== 'moof') return;
    const moof = boxes[i] as Box;
    const traf = requireBox(moof, 'traf');
    const samples = readFragmentSamples(traf, defaults);
    let at = extent.start + (samples.dataOffset ?? 0);
    for (const size of samples.sizes) {
      out.push(file.subarray(at, at + size));
      at += size;
    }
  });
  return out;
}

/** Every senc entry of a packaged file, in sample order. */
function sencEntriesOf(file: Uint8Array): Array<{ iv: Uint8Array; subsamples: Subsample[] }> {
  return parseBoxes(file)
    .filter((box) => box.type === 'moof')
    .flatMap((moof) => readSencSubsamples(requireBox(moof, 'traf', 'senc').payload, 8));
}

describe('packageCenc of H.264 (avc1.4d401f) with subsample encryption (ISO/IEC 23001-7 §9.5.2, §10.1)', () => {
  const media = testVideoMedia();
  const clear = new Uint8Array(readFileSync(media.h264Fragmented));
  const packaged = packageCenc(clear, { keyId, key, randomBytes });
  const clearSamples = samplesOf(clear);
  const encryptedSamples = samplesOf(packaged);
  const entries = sencEntriesOf(packaged);

  it('renames avc1 to encv with sinf: frma avc1, schm cenc 1.0, tenc with the key id; avcC kept', () => {
    const stsd = requireBox(parseBoxes(packaged), 'moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd');
    const encv = requireBox(stsd, 'encv');
    expect(encv.children?.map((b) => b.type)).toContain('avcC');
    expect(requireBox(encv, 'sinf', 'frma').payload).toEqual(ascii('avc1'));
    expect(Buffer.from(requireBox(encv, 'sinf', 'schi', 'tenc').payload.subarray(8)).toString('hex')).toBe(Buffer.from(keyId).toString('hex'));
    // avcC still says Main 3.1 with constraint_set1: the codec string avc1.4d401f.
    expect(Buffer.from(requireBox(encv, 'avcC').payload.subarray(1, 4)).toString('hex')).toBe('4d401f');
  });

  it('has one senc entry per sample, flags 0x2, and saiz sizes that match each entry', () => {
    expect(entries).toHaveLength(clearSamples.length);
    for (const moof of parseBoxes(packaged).filter((b) => b.type === 'moof')) {
      const senc = requireBox(moof, 'traf', 'senc').payload;
      expect(view(senc).getUint32(0) & 0xffffff).toBe(2);
      const saiz = requireBox(moof, 'traf', 'saiz').payload;
      expect(saiz[4]).toBe(0); // default_sample_info_size 0: one size per sample follows
      const count = view(saiz).getUint32(5);
      const sizes = Array.from(saiz.subarray(9, 9 + count));
      expect(sizes).toEqual(readSencSubsamples(senc, 8).map((e) => 8 + 2 + 6 * e.subsamples.length));
    }
  });

  it('each subsample table matches the NAL boundaries: one entry per slice, ending where its NAL unit ends, headers and non-slice NAL units clear', () => {
    let slices = 0;
    clearSamples.forEach((sample, i) => {
      const nals = nalsOf(sample);
      const table = entries[i]!.subsamples;
      expect(table.reduce((sum, s) => sum + s.clear + s.protected, 0)).toBe(sample.length);
      const sliceNals = nals.filter((n) => n.type >= 1 && n.type <= 5 && n.end - n.start - 5 >= 16);
      expect(table.filter((s) => s.protected > 0)).toHaveLength(sliceNals.length);
      slices += sliceNals.length;
      // Walk the table: every protected range lies inside one slice NAL unit after its length and header, ends at its end, and is whole AES blocks.
      let at = 0;
      for (const { clear, protected: bytes } of table) {
        at += clear;
        if (bytes === 0) continue;
        const nal = nals.find((n) => at > n.start && at + bytes <= n.end)!;
        expect(nal).toBeDefined();
        expect([1, 2, 3, 4, 5]).toContain(nal.type);
        expect(at).toBeGreaterThanOrEqual(nal.start + 5);
        expect(at + bytes).toBe(nal.end);
        expect(bytes % 16).toBe(0);
        at += bytes;
      }
    });
    expect(slices).toBeGreaterThan(0);
  });

  it('leaves the clear ranges as they were and decrypts the protected ranges, as one AES-CTR stream per sample, back to the input', () => {
    clearSamples.forEach((sample, i) => {
      const { iv, subsamples } = entries[i]!;
      const counterBlock = new Uint8Array(16);
      counterBlock.set(iv);
      const decipher = createDecipheriv('aes-128-ctr', key, counterBlock);
      const encrypted = encryptedSamples[i]!;
      let at = 0;
      for (const { clear, protected: bytes } of subsamples) {
        expect(Buffer.from(encrypted.subarray(at, at + clear)).equals(Buffer.from(sample.subarray(at, at + clear)))).toBe(true);
        at += clear;
        if (bytes > 0) {
          const plain = decipher.update(encrypted.subarray(at, at + bytes));
          expect(Buffer.from(plain).equals(Buffer.from(sample.subarray(at, at + bytes)))).toBe(true);
          expect(Buffer.from(encrypted.subarray(at, at + bytes)).equals(Buffer.from(sample.subarray(at, at + bytes)))).toBe(false);
        }
        at += bytes;
      }
    });
  });

  it('keeps one fragment per segment, so the seek table lists the segments of the manifest', () => {
    const table = readSeekTable(packaged);
    expect(table.segments).toHaveLength(3); // 10 s in 4 s segments
    expect(table.offset + table.segments.reduce((sum, [size]) => sum + size, 0)).toBe(packaged.length);
    expect(table.segments.slice(0, 2).map(([, duration]) => duration / table.timescale)).toEqual([4, 4]);
  });
});

describe('avcSubsamples (the subsample rule on hand-made samples)', () => {
  const nal = (type: number, bodyLength: number) => {
    const out = new Uint8Array(4 + 1 + bodyLength);
    view(out).setUint32(0, 1 + bodyLength);
    out[4] = 0x60 | type;
    return out;
  };
  const join = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => Array.from(p)));

  it('SPS, PPS and SEI go into the clear count of the next slice; a slice keeps its remainder of 16 clear after its header', () => {
    const sample = join(nal(7, 20), nal(8, 4), nal(6, 30), nal(5, 100), nal(1, 40));
    // 25 + 9 + 35 clear NAL units, then the IDR slice: 5 header bytes + 100 % 16 = 4 clear, 96 protected; then 5 + 8 clear, 32 protected.
    expect(avcSubsamples(sample, 4)).toEqual([
      { clear: 25 + 9 + 35 + 5 + 4, protected: 96 },
      { clear: 5 + 8, protected: 32 },
    ]);
  });

  it('a slice shorter than one block stays clear; NAL units after the last slice end the table clear', () => {
    expect(avcSubsamples(join(nal(1, 10), nal(12, 3)), 4)).toEqual([{ clear: 15 + 8, protected: 0 }]);
    expect(avcSubsamples(join(nal(1, 32), nal(12, 3)), 4)).toEqual([
      { clear: 5, protected: 32 },
      { clear: 8, protected: 0 },
    ]);
  });

  it('refuses a NAL unit that runs past its sample', () => {
    const broken = nal(1, 40).subarray(0, 30);
    expect(() => avcSubsamples(broken, 4)).toThrow(/runs past its sample/);
  });
});
