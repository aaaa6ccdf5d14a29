import { ascii, boxSize, fullBox, parseBoxes, requireBox, scanBoxes, view, type Box } from './mp4-boxes';
import { readFragmentSamples, readTrackDefaults } from './mp4-fragments';
import { cencCtr, COMMON_SYSTEM_ID, packageCenc, readSeekTable, type CencOptions } from './cenc-packager';
import { SYNTHETIC_SAMPLE_DURATION, SYNTHETIC_TIMESCALE, syntheticFmp4, syntheticSample } from './synthetic-fmp4';

const keyId = Uint8Array.from({ length: 16 }, (_, i) => 0xa0 + i);
const key = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Deterministic IV source that remembers what it handed out. */
function recordingRandom() {
  let next = 1;
  const handedOut: Uint8Array[] = [];
  const randomBytes = (n: number) => {
    const bytes = Uint8Array.from({ length: n }, () => (next++ * 37) & 0xff);
    handedOut.push(bytes);
    return bytes;
  };
  return { randomBytes, handedOut };
}

const FRAGMENTS = [
  { sizes: [300, 280, 310, 299] },
  { sizes: [120, 500], durations: [1024, 512] }, // the last fragment of a file often ends with a short sample
];

function packaged(opts: Partial<CencOptions> = {}) {
  const random = recordingRandom();
  const input = syntheticFmp4(FRAGMENTS);
  const output = packageCenc(input, { keyId, key, randomBytes: random.randomBytes, ...opts });
  return { input, output, ivs: random.handedOut, boxes: parseBoxes(output) };
}

/** Start offsets of the top-level moofs of a file. */
const moofStarts = (file: Uint8Array) =>
  scanBoxes(file)
    .filter((box) => box.type === 'moof')
    .map((box) => box.start);

describe('packageCenc (ISO/IEC 23001-7 scheme cenc; issue 4 Ingest)', () => {
  it('renames mp4a to enca with sinf: frma mp4a, schm cenc 1.0, tenc protected with the key id', () => {
    const { boxes } = packaged();
    const stsd = requireBox(boxes, 'moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd');
    expect(stsd.children?.map((box) => box.type)).toEqual(['enca']);
    const enca = requireBox(stsd, 'enca');
    expect(enca.children?.map((box) => box.type)).toEqual(['esds', 'sinf']); // codec config kept
    expect(ascii('mp4a')).toEqual(requireBox(enca, 'sinf', 'frma').payload);
    const schm = view(requireBox(enca, 'sinf', 'schm').payload);
    expect([schm.getUint32(0), schm.getUint32(4), schm.getUint32(8)]).toEqual([0, 0x63656e63 /* 'cenc' */, 0x00010000]);
    const tenc = requireBox(enca, 'sinf', 'schi', 'tenc').payload;
    expect(Array.from(tenc.subarray(0, 8))).toEqual([0, 0, 0, 0, 0, 0, 1, 8]); // v0, isProtected 1, IV size 8
    expect(hex(tenc.subarray(8))).toBe(hex(keyId));
  });

  it('puts a version 1 common-system pssh carrying the key id in moov', () => {
    const pssh = requireBox(parseBoxes(packaged().output), 'moov', 'pssh').payload;
    expect(view(pssh).getUint32(0)).toBe(0x01000000);
    expect(hex(pssh.subarray(4, 20))).toBe('1077efecc0b24d02ace33c1e52e2fb4b');
    expect(hex(pssh.subarray(4, 20))).toBe(hex(COMMON_SYSTEM_ID));
    expect(view(pssh).getUint32(20)).toBe(1); // KID_count
    expect(hex(pssh.subarray(24, 40))).toBe(hex(keyId));
    expect(view(pssh).getUint32(40)).toBe(0); // no system data
    expect(pssh.length).toBe(44);
  });

  it('writes one senc IV per sample, saiz of the IV size, and a saio offset that points at the IVs', () => {
    const { output, boxes, ivs } = packaged();
    const moofs = boxes.filter((box) => box.type === 'moof');
    const starts = moofStarts(output);
    let ivIndex = 0;
    moofs.forEach((moof, k) => {
      const traf = requireBox(moof, 'traf');
      const count = FRAGMENTS[k]?.sizes.length ?? -1;
      const senc = requireBox(traf, 'senc').payload;
      expect(view(senc).getUint32(0)).toBe(0); // flags 0: no subsample encryption (whole AAC samples)
      expect(view(senc).getUint32(4)).toBe(count);
      expect(senc.length).toBe(8 + 8 * count);
      const saiz = requireBox(traf, 'saiz').payload;
      expect([saiz[4], view(saiz).getUint32(5)]).toEqual([8, count]);
      const saio = view(requireBox(traf, 'saio').payload);
      expect(saio.getUint32(4)).toBe(1);
      const at = (starts[k] ?? 0) + saio.getUint32(8); // relative to the moof start (default-base-is-moof)
      expect(hex(output.subarray(at, at + 8 * count))).toBe(hex(senc.subarray(8)));
      expect(hex(senc.subarray(8))).toBe(
        ivs
          .slice(ivIndex, ivIndex + count)
          .map(hex)
          .join(''),
      );
      ivIndex += count;
    });
  });

  it('moves trun data_offset past the grown moof; each sample decrypts with its IV back to the original bytes', () => {
    const { output, boxes } = packaged();
    const moov = requireBox(boxes, 'moov');
    const starts = moofStarts(output);
    let sampleIndex = 0;
    boxes
      .filter((box) => box.type === 'moof')
      .forEach((moof, k) => {
        const traf = requireBox(moof, 'traf');
        const samples = readFragmentSamples(traf, readTrackDefaults(moov));
        expect(samples.dataOffset).toBe(boxSize(moof) + 8);
        const senc = requireBox(traf, 'senc').payload;
        let at = (starts[k] ?? 0) + (samples.dataOffset ?? 0);
        samples.sizes.forEach((size, i) => {
          const encrypted = output.subarray(at, at + size);
          const original = syntheticSample(sampleIndex++, size);
          expect(hex(encrypted)).not.toBe(hex(original));
          expect(hex(cencCtr(key, senc.subarray(8 + 8 * i, 16 + 8 * i), encrypted))).toBe(hex(original));
          at += size;
        });
      });
    expect(sampleIndex).toBe(6);
  });

  it('supports 16-byte IVs and an optional pssh per moof with the offsets still right', () => {
    const { output, boxes } = packaged({ ivSize: 16, psshInFragments: true });
    const moof = boxes.find((box) => box.type === 'moof') as Box;
    const traf = requireBox(moof, 'traf');
    expect(requireBox(moof, 'pssh').payload.length).toBe(44);
    expect(requireBox(traf, 'saiz').payload[4]).toBe(16);
    const senc = requireBox(traf, 'senc').payload;
    const start = moofStarts(output)[0] ?? 0;
    const saioOffset = view(requireBox(traf, 'saio').payload).getUint32(8);
    expect(hex(output.subarray(start + saioOffset, start + saioOffset + 64))).toBe(hex(senc.subarray(8)));
    const dataOffset = view(requireBox(traf, 'trun').payload).getInt32(8);
    expect(hex(cencCtr(key, senc.subarray(8, 24), output.subarray(start + dataOffset, start + dataOffset + 300)))).toBe(hex(syntheticSample(0, 300)));
  });

  it('drops sidx and mfra, whose byte offsets the grown moofs would make wrong', () => {
    const input = syntheticFmp4(FRAGMENTS, [fullBox('mfra', 0, 0, new Uint8Array(8))]);
    const output = packageCenc(input, { keyId, key, randomBytes: recordingRandom().randomBytes });
    expect(scanBoxes(output).map((box) => box.type)).toEqual(['ftyp', 'moov', 'moof', 'mdat', 'moof', 'mdat']);
  });

  it('leaves its input untouched, also when it is a Node Buffer (whose slice() is a view)', () => {
    const input = Buffer.from(syntheticFmp4(FRAGMENTS));
    const before = Buffer.from(input);
    const opts = { keyId, key, randomBytes: recordingRandom().randomBytes };
    const first = packageCenc(input, opts);
    expect(input.equals(before)).toBe(true);
    expect(packageCenc(input, opts).length).toBe(first.length);
  });

  it('refuses what it cannot package', () => {
    const opts = { keyId, key, randomBytes: recordingRandom().randomBytes };
    expect(() => packageCenc(syntheticFmp4(FRAGMENTS), { ...opts, key: key.subarray(0, 8) })).toThrow(/16 bytes/);
    const input = syntheticFmp4(FRAGMENTS);
    const mdatOnly = input.subarray(scanBoxes(input)[3]?.start ?? 0);
    expect(() => packageCenc(mdatOnly, opts)).toThrow(/mdat without a moof/);
  });
});

describe('readSeekTable (spec 001 §3 audio manifest: offset, timescale, segments)', () => {
  it('gives the init size, the mdhd timescale and [size, duration] per moof+mdat; sizes sum to the file length', () => {
    const { output } = packaged();
    const table = readSeekTable(output);
    const extents = scanBoxes(output);
    expect(table.offset).toBe((extents[0]?.size ?? 0) + (extents[1]?.size ?? 0)); // ftyp + moov
    expect(table.timescale).toBe(SYNTHETIC_TIMESCALE);
    expect(table.segments).toEqual([
      [(extents[2]?.size ?? 0) + (extents[3]?.size ?? 0), 4 * SYNTHETIC_SAMPLE_DURATION],
      [(extents[4]?.size ?? 0) + (extents[5]?.size ?? 0), 1024 + 512],
    ]);
    expect(table.offset + table.segments.reduce((sum, [size]) => sum + size, 0)).toBe(output.length);
  });

  it('refuses a file with something other than moof+mdat pairs after the init segment', () => {
    const withTrailer = syntheticFmp4(FRAGMENTS, [fullBox('mfra', 0, 0, new Uint8Array(8))]);
    expect(() => readSeekTable(withTrailer)).toThrow(/moof\+mdat pair/);
  });
});
