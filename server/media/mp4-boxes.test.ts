import { ascii, boxSize, findBox, fullBox, fullBoxHeader, leafBox, parseBoxes, requireBox, scanBoxes, serializeBoxes, u32, view, type Box } from './mp4-boxes';

const container = (type: string, children: Box[], payload = new Uint8Array(0)): Box => ({ type, payload, children });

/** stsd full box header and entry_count 1. */
const STSD_HEADER = Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 1);

/** AudioSampleEntry fields (version 0): data_reference_index 1, 2 channels, 16 bit, 44100 Hz. */
const ENTRY_FIELDS = Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 16, 0, 0, 0, 0, 0xac, 0x44, 0, 0);

/** An mp4a sample entry: its fixed fields, then an esds child. */
const mp4a = (): Box => container('mp4a', [fullBox('esds', 0, 0, Uint8Array.of(3, 4, 5))], ENTRY_FIELDS);

describe('ISO-BMFF box reader/writer (ISO/IEC 14496-12 §4.2)', () => {
  it('writes sizes that include the header and reads the same tree back', () => {
    const tree: Box[] = [
      leafBox('ftyp', ascii('isom'), u32(512)),
      container('moov', [container('trak', [container('mdia', [container('minf', [container('stbl', [container('stsd', [mp4a()], STSD_HEADER)])])])])]),
      leafBox('mdat', Uint8Array.of(9, 9, 9)),
    ];
    const bytes = serializeBoxes(tree);
    expect(view(bytes).getUint32(0)).toBe(16); // ftyp: 8 header + 8 payload
    expect(bytes.length).toBe(tree.reduce((sum, box) => sum + boxSize(box), 0));

    const back = parseBoxes(bytes);
    expect(back.map((box) => box.type)).toEqual(['ftyp', 'moov', 'mdat']);
    const entry = requireBox(back, 'moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd', 'mp4a');
    expect(entry.payload).toEqual(ENTRY_FIELDS); // sample entry fields kept apart
    expect(entry.children?.map((box) => box.type)).toEqual(['esds']);
    expect(requireBox(back, 'moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd').payload).toEqual(STSD_HEADER);
    expect(serializeBoxes(back)).toEqual(bytes); // round trip is byte-exact
  });

  it('recomputes the sizes of every ancestor when a child grows', () => {
    const moov = parseBoxes(serializeBoxes([container('moov', [container('trak', [leafBox('tkhd', u32(1))])])]))[0] as Box;
    requireBox(moov, 'trak').children?.push(leafBox('free', new Uint8Array(100)));
    const bytes = serializeBoxes([moov]);
    expect(view(bytes).getUint32(0)).toBe(8 + 8 + 12 + 108);
    expect(view(bytes).getUint32(8)).toBe(8 + 12 + 108);
    expect(parseBoxes(bytes)[0]?.children?.[0]?.children?.map((box) => box.type)).toEqual(['tkhd', 'free']);
  });

  it('reads 64-bit largesize boxes and size 0 (to the end of the file)', () => {
    const large = new Uint8Array(16 + 4);
    view(large).setUint32(0, 1);
    large.set(ascii('free'), 4);
    view(large).setBigUint64(8, 20n);
    const tail = new Uint8Array(8 + 3);
    tail.set(ascii('mdat'), 4); // size 0
    const bytes = new Uint8Array([...large, ...tail]);
    expect(scanBoxes(bytes)).toEqual([
      { type: 'free', start: 0, size: 20, header: 16 },
      { type: 'mdat', start: 20, size: 11, header: 8 },
    ]);
    expect(parseBoxes(bytes)[1]?.payload.length).toBe(3);
  });

  it('refuses truncated or oversized boxes', () => {
    expect(() => parseBoxes(Uint8Array.of(0, 0, 0))).toThrow(/truncated/);
    const bad = serializeBoxes([leafBox('free', new Uint8Array(4))]);
    view(bad).setUint32(0, 99);
    expect(() => parseBoxes(bad)).toThrow(/bad size 99/);
  });

  it('finds boxes by path and builds full boxes with version and flags', () => {
    const box = fullBox('tfhd', 1, 0x020038, u32(7));
    expect(fullBoxHeader(box.payload)).toEqual({ version: 1, flags: 0x020038 });
    const moof = container('moof', [container('traf', [box])]);
    expect(findBox(moof, 'traf', 'tfhd')).toBe(box);
    expect(findBox([moof], 'moof', 'traf', 'trun')).toBeUndefined();
    expect(() => requireBox(moof, 'traf', 'trun')).toThrow('missing box traf/trun');
  });
});
