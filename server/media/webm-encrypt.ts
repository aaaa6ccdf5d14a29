// The project's own WebM packager for encrypted VP8 (the WebM Encryption format,
// https://www.webmproject.org/docs/webm-encryption/, which Chromium's MSE and EME read with the 'webm'
// init data type): the video TrackEntry gets ContentEncodings (encryption, AES, the key id, AES-CTR), and
// every frame becomes a signal byte (0x01: encrypted), an 8-byte IV and the frame in AES-128-CTR with the
// counter block IV || 0^64. The file is rewritten as an init segment (EBML header, Segment of unknown
// size, Info, Tracks) followed by one Cluster per media segment; SeekHead, Cues, Tags and Void go, as
// their offsets would be stale once the blocks grow.
import { createCipheriv } from 'node:crypto';

/** One EBML element: its id (with the length marker, as written), and either data or children. */
export interface EbmlElement {
  readonly id: number;
  data: Uint8Array;
  children?: EbmlElement[];
}

export const EBML_ID = {
  EBML: 0x1a45dfa3,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  ContentEncodings: 0x6d80,
  ContentEncoding: 0x6240,
  ContentEncodingOrder: 0x5031,
  ContentEncodingScope: 0x5032,
  ContentEncodingType: 0x5033,
  ContentEncryption: 0x5035,
  ContentEncAlgo: 0x47e1,
  ContentEncKeyID: 0x47e2,
  ContentEncAESSettings: 0x47e7,
  AESSettingsCipherMode: 0x47e8,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  Cues: 0x1c53bb6b,
  Tags: 0x1254c367,
  Void: 0xec,
} as const;

const MASTERS = new Set<number>([
  EBML_ID.Segment,
  EBML_ID.Info,
  EBML_ID.Tracks,
  EBML_ID.TrackEntry,
  EBML_ID.Cluster,
  EBML_ID.BlockGroup,
  EBML_ID.ContentEncodings,
  EBML_ID.ContentEncoding,
  EBML_ID.ContentEncryption,
  EBML_ID.ContentEncAESSettings,
]);

/** An element id: 1 to 4 bytes, the marker bit kept. */
function readId(bytes: Uint8Array, at: number): { value: number; length: number } {
  const first = bytes[at] ?? 0;
  const length = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : 0;
  if (length === 0 || at + length > bytes.length) throw new Error(`bad EBML id at byte ${at}`);
  let value = 0;
  for (let i = 0; i < length; i += 1) value = value * 256 + (bytes[at + i] as number);
  return { value, length };
}

/** A data size: 1 to 8 bytes, the marker removed; all ones is 'unknown' (null). */
export function readVint(bytes: Uint8Array, at: number): { value: number | null; length: number } {
  const first = bytes[at] ?? 0;
  let length = 1;
  while (length <= 8 && (first & (0x100 >> length)) === 0) length += 1;
  if (length > 8 || at + length > bytes.length) throw new Error(`bad EBML size at byte ${at}`);
  let value = first & ((0x100 >> length) - 1);
  let allOnes = value === (0x100 >> length) - 1;
  for (let i = 1; i < length; i += 1) {
    const byte = bytes[at + i] as number;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value: allOnes ? null : value, length };
}

/** Parses elements; masters we rewrite are parsed into children, the rest kept as data (views into `bytes`). */
export function parseEbml(bytes: Uint8Array): EbmlElement[] {
  const out: EbmlElement[] = [];
  let at = 0;
  while (at < bytes.length) {
    const id = readId(bytes, at);
    const size = readVint(bytes, at + id.length);
    const start = at + id.length + size.length;
    const end = size.value === null ? bytes.length : start + size.value;
    if (end > bytes.length) throw new Error(`EBML element 0x${id.value.toString(16)} at byte ${at} runs past the end`);
    const data = bytes.subarray(start, end);
    out.push(MASTERS.has(id.value) ? { id: id.value, data: new Uint8Array(0), children: parseEbml(data) } : { id: id.value, data });
    at = end;
  }
  return out;
}

function idBytes(id: number): number[] {
  const out: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return out;
}

/** The shortest size vint for `n` (all ones is reserved for 'unknown'). */
function sizeBytes(n: number): number[] {
  let length = 1;
  while (n >= 2 ** (7 * length) - 1) length += 1;
  if (length > 8) throw new Error(`EBML size ${n} too large`);
  const out: number[] = [];
  let v = n;
  for (let i = 0; i < length; i += 1) {
    out.unshift(v % 256);
    v = Math.floor(v / 256);
  }
  out[0] = (out[0] as number) | (0x100 >> length);
  return out;
}

/** An element's serialised size. */
export function ebmlSize(element: EbmlElement): number {
  const body = element.children === undefined ? element.data.length : element.children.reduce((sum, c) => sum + ebmlSize(c), 0);
  return idBytes(element.id).length + sizeBytes(body).length + body;
}

/** Serialises elements; `unknownSize` ids are written with the 8-byte 'unknown' size (a live-style Segment). */
export function serializeEbml(elements: readonly EbmlElement[], unknownSize: ReadonlySet<number> = new Set()): Uint8Array {
  const parts: Uint8Array[] = [];
  const write = (element: EbmlElement) => {
    const body = element.children === undefined ? element.data.length : element.children.reduce((sum, c) => sum + ebmlSize(c), 0);
    const size = unknownSize.has(element.id) ? [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff] : sizeBytes(body);
    parts.push(Uint8Array.from([...idBytes(element.id), ...size]));
    if (element.children === undefined) parts.push(element.data);
    else element.children.forEach(write);
  };
  elements.forEach(write);
  return new Uint8Array(Buffer.concat(parts));
}

const uint = (id: number, value: number): EbmlElement => {
  const bytes: number[] = [];
  for (let v = value; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return { id, data: Uint8Array.from(bytes.length === 0 ? [0] : bytes) };
};
const readUint = (data: Uint8Array): number => data.reduce((v, b) => v * 256 + b, 0);

/** The ContentEncodings of an encrypted track (WebM Encryption: order 0, scope 1 (frames), type 1 (encryption), AES, CTR). */
export function contentEncodings(keyId: Uint8Array): EbmlElement {
  return {
    id: EBML_ID.ContentEncodings,
    data: new Uint8Array(0),
    children: [
      {
        id: EBML_ID.ContentEncoding,
        data: new Uint8Array(0),
        children: [
          uint(EBML_ID.ContentEncodingOrder, 0),
          uint(EBML_ID.ContentEncodingScope, 1),
          uint(EBML_ID.ContentEncodingType, 1),
          {
            id: EBML_ID.ContentEncryption,
            data: new Uint8Array(0),
            children: [
              uint(EBML_ID.ContentEncAlgo, 5),
              { id: EBML_ID.ContentEncKeyID, data: keyId },
              { id: EBML_ID.ContentEncAESSettings, data: new Uint8Array(0), children: [uint(EBML_ID.AESSettingsCipherMode, 1)] },
            ],
          },
        ],
      },
    ],
  };
}

/** The signal byte's bit 0: the frame is encrypted (an IV follows). */
export const WEBM_SIGNAL_ENCRYPTED = 0x01;
export const WEBM_IV_SIZE = 8;

/** A (Simple)Block's header length: track number vint, 16-bit timecode, flags; lacing is refused (video frames are never laced). */
function blockHeaderLength(block: Uint8Array): number {
  const track = readVint(block, 0);
  const flags = block[track.length + 2];
  if (flags === undefined) throw new Error('truncated block');
  if ((flags & 0x06) !== 0) throw new Error('laced blocks are not supported');
  return track.length + 3;
}

function encryptBlock(block: Uint8Array, key: Uint8Array, iv: Uint8Array): Uint8Array {
  const header = blockHeaderLength(block);
  const counter = new Uint8Array(16);
  counter.set(iv.subarray(0, WEBM_IV_SIZE));
  const cipher = createCipheriv('aes-128-ctr', key, counter);
  const frame = block.subarray(header);
  return new Uint8Array(
    Buffer.concat([block.subarray(0, header), Uint8Array.of(WEBM_SIGNAL_ENCRYPTED), iv.subarray(0, WEBM_IV_SIZE), cipher.update(frame), cipher.final()]),
  );
}

export interface WebmEncryptOptions {
  readonly keyId: Uint8Array;
  readonly key: Uint8Array;
  readonly randomBytes: (n: number) => Uint8Array;
}

/** The blocks of a cluster (SimpleBlocks and the Blocks of BlockGroups), as elements whose data can be replaced. */
export function blocksOf(cluster: EbmlElement): EbmlElement[] {
  return (cluster.children ?? []).flatMap((child) =>
    child.id === EBML_ID.SimpleBlock ? [child] : child.id === EBML_ID.BlockGroup ? (child.children ?? []).filter((c) => c.id === EBML_ID.Block) : [],
  );
}

/**
 * Rewrites a WebM file of one video track (ffmpeg's, one Cluster per key frame with `-dash 1`) into an
 * init segment and Clusters; encrypted when `encryption` is given, else only restructured (a clear profile).
 */
export function packageWebm(webm: Uint8Array, encryption: WebmEncryptOptions | null): Uint8Array {
  const top = parseEbml(webm);
  const header = top.find((e) => e.id === EBML_ID.EBML);
  const segment = top.find((e) => e.id === EBML_ID.Segment);
  if (header === undefined || segment?.children === undefined) throw new Error('not a WebM file: no EBML header and Segment');
  const info = segment.children.find((e) => e.id === EBML_ID.Info);
  const tracks = segment.children.find((e) => e.id === EBML_ID.Tracks);
  const entries = tracks?.children?.filter((e) => e.id === EBML_ID.TrackEntry) ?? [];
  if (info === undefined || entries.length !== 1) throw new Error('expected Info and exactly one TrackEntry (video only)');
  const entry = entries[0] as EbmlElement;
  const clusters = segment.children.filter((e) => e.id === EBML_ID.Cluster);
  if (clusters.length === 0) throw new Error('no Cluster');
  if (encryption !== null) {
    if (encryption.keyId.length !== 16 || encryption.key.length !== 16) throw new Error('WebM key id and key must be 16 bytes');
    entry.children = [...(entry.children ?? []).filter((e) => e.id !== EBML_ID.ContentEncodings), contentEncodings(encryption.keyId)];
    for (const cluster of clusters) {
      for (const block of blocksOf(cluster)) block.data = encryptBlock(block.data, encryption.key, encryption.randomBytes(WEBM_IV_SIZE));
    }
  }
  const rebuilt: EbmlElement = { id: EBML_ID.Segment, data: new Uint8Array(0), children: [info, tracks as EbmlElement, ...clusters] };
  return serializeEbml([header, rebuilt], new Set([EBML_ID.Segment]));
}

export interface WebmSeekTable {
  /** Bytes of the init segment (EBML header, Segment header, Info, Tracks). */
  readonly offset: number;
  /** Cluster timecodes are in ms (TimecodeScale 1000000, ffmpeg's). */
  readonly timescale: number;
  /** [size, duration] per Cluster. */
  readonly segments: Array<[number, number]>;
}

/** The seek table of a file packageWebm wrote: where the init segment ends, and each Cluster's size and duration. */
export function readWebmSeekTable(webm: Uint8Array): WebmSeekTable {
  const top = parseEbml(webm);
  const header = top.find((e) => e.id === EBML_ID.EBML);
  const segment = top.find((e) => e.id === EBML_ID.Segment);
  if (header === undefined || segment?.children === undefined) throw new Error('not a WebM file');
  const info = segment.children.find((e) => e.id === EBML_ID.Info);
  const scale = readUint(info?.children?.find((e) => e.id === EBML_ID.TimecodeScale)?.data ?? Uint8Array.of(0x0f, 0x42, 0x40));
  if (scale !== 1_000_000) throw new Error(`TimecodeScale ${scale}: only 1000000 (ms) is supported`);
  const durationData = info?.children?.find((e) => e.id === EBML_ID.Duration)?.data;
  const durationMs =
    durationData === undefined
      ? null
      : durationData.length === 4
        ? new DataView(durationData.buffer, durationData.byteOffset, 4).getFloat32(0)
        : new DataView(durationData.buffer, durationData.byteOffset, 8).getFloat64(0);
  let offset = ebmlSize(header) + 4 + 8; // Segment id (4 bytes) and its 8-byte unknown size
  const segments: Array<[number, number]> = [];
  const starts: number[] = [];
  for (const child of segment.children) {
    if (child.id !== EBML_ID.Cluster) {
      if (segments.length > 0) throw new Error('an element after the first Cluster that is not a Cluster');
      offset += ebmlSize(child);
      continue;
    }
    starts.push(readUint(child.children?.find((e) => e.id === EBML_ID.Timecode)?.data ?? new Uint8Array(0)));
    segments.push([ebmlSize(child), 0]);
  }
  starts.forEach((start, i) => {
    const next = starts[i + 1] ?? (durationMs === null ? start : Math.round(durationMs));
    (segments[i] as [number, number])[1] = next - start;
  });
  return { offset, timescale: 1000, segments };
}
