// A small ISO-BMFF (ISO/IEC 14496-12) box reader and writer: just enough structure to rewrite the
// fragmented AAC and H.264 files ffmpeg writes into CENC (cenc-packager.ts). Boxes we do not need to look
// inside stay opaque bytes, so whatever else ffmpeg writes passes through unchanged.

/**
 * One box. Leaf boxes keep their whole payload in `payload`. Container boxes keep the bytes that
 * precede their children in `payload` (empty for pure containers; the entry count of stsd; the
 * fixed fields of an audio sample entry) and their children in `children`.
 */
export interface Box {
  type: string;
  payload: Uint8Array;
  children?: Box[];
}

/** Pure containers: children start right after the header. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex', 'moof', 'traf', 'dinf', 'edts', 'sinf', 'schi']);

/** Bytes before the children of the containers that have fixed fields first. */
function childOffset(type: string, payload: Uint8Array): number | null {
  if (CONTAINERS.has(type)) return 0;
  if (type === 'stsd') return 8; // full box header + entry_count
  if (type === 'mp4a' || type === 'enca') {
    // AudioSampleEntry: 28 bytes; QuickTime sound description version 1 adds 16 (version at byte 8).
    const version = payload.length >= 10 ? view(payload).getUint16(8) : 0;
    if (version === 0) return 28;
    if (version === 1) return 44;
    throw new Error(`${type}: unsupported sound description version ${version}`);
  }
  // VisualSampleEntry (ISO/IEC 14496-12 §12.1.3): 8 bytes of SampleEntry and 70 of visual fields before avcC and the rest.
  if (type === 'avc1' || type === 'encv') return 78;
  return null;
}

export const view = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const fourcc = (bytes: Uint8Array, at: number): string => String.fromCharCode(...bytes.subarray(at, at + 4));

/** Where a box sits in a byte range, as its header says. */
export interface BoxExtent {
  type: string;
  start: number;
  /** Size including the header, as written in the file. */
  size: number;
  header: number;
}

/** The boxes of one level (a whole file, or a container's child area) without looking inside them. */
export function scanBoxes(bytes: Uint8Array): BoxExtent[] {
  const extents: BoxExtent[] = [];
  const dv = view(bytes);
  let start = 0;
  while (start < bytes.length) {
    if (bytes.length - start < 8) throw new Error(`truncated box header at byte ${start}`);
    let size = dv.getUint32(start);
    const type = fourcc(bytes, start + 4);
    let header = 8;
    if (size === 1) {
      // 64-bit largesize follows the type.
      size = Number(dv.getBigUint64(start + 8));
      header = 16;
    } else if (size === 0) {
      size = bytes.length - start; // the box extends to the end of the file
    }
    if (size < header || start + size > bytes.length) throw new Error(`box '${type}' at byte ${start} has a bad size ${size}`);
    extents.push({ type, start, size, header });
    start += size;
  }
  return extents;
}

/** Parses the boxes in `bytes` into a tree. Payloads are views into `bytes`, not copies. */
export function parseBoxes(bytes: Uint8Array): Box[] {
  return scanBoxes(bytes).map(({ type, start, size, header }) => {
    const body = bytes.subarray(start + header, start + size);
    const split = childOffset(type, body);
    return split === null ? { type, payload: body } : { type, payload: body.subarray(0, split), children: parseBoxes(body.subarray(split)) };
  });
}

/** Serialised size of a box including its header (always written with a 32-bit size). */
export function boxSize(box: Box): number {
  return 8 + box.payload.length + (box.children ?? []).reduce((sum, child) => sum + boxSize(child), 0);
}

function writeBox(box: Box, out: Uint8Array, at: number): number {
  const size = boxSize(box);
  if (size > 0xffffffff) throw new Error(`box '${box.type}' is too large for a 32-bit size`);
  view(out).setUint32(at, size);
  for (let i = 0; i < 4; i += 1) out[at + 4 + i] = box.type.charCodeAt(i);
  out.set(box.payload, at + 8);
  let next = at + 8 + box.payload.length;
  for (const child of box.children ?? []) next = writeBox(child, out, next);
  return next;
}

/** Writes boxes back to bytes, every size recomputed from the (possibly edited) tree. */
export function serializeBoxes(boxes: readonly Box[]): Uint8Array {
  const out = new Uint8Array(boxes.reduce((sum, box) => sum + boxSize(box), 0));
  let at = 0;
  for (const box of boxes) at = writeBox(box, out, at);
  return out;
}

const isBoxList = (root: Box | readonly Box[]): root is readonly Box[] => Array.isArray(root);

/** The first box along a path of types below a box (or in a list), e.g. findBox(moov, 'trak', 'mdia', 'mdhd'). */
export function findBox(root: Box | readonly Box[], ...path: string[]): Box | undefined {
  let level: readonly Box[] = isBoxList(root) ? root : (root.children ?? []);
  let found: Box | undefined;
  for (const type of path) {
    found = level.find((box) => box.type === type);
    if (found === undefined) return undefined;
    level = found.children ?? [];
  }
  return found;
}

/** Like findBox, but a missing box is an error naming the path. */
export function requireBox(root: Box | readonly Box[], ...path: string[]): Box {
  const box = findBox(root, ...path);
  if (box === undefined) throw new Error(`missing box ${path.join('/')}`);
  return box;
}

/** A new leaf box; `parts` are concatenated into its payload. */
export function leafBox(type: string, ...parts: Uint8Array[]): Box {
  const payload = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    payload.set(part, at);
    at += part.length;
  }
  return { type, payload };
}

/** A full box (version + 24-bit flags) with the given body. */
export function fullBox(type: string, version: number, flags: number, ...body: Uint8Array[]): Box {
  return leafBox(type, u32((version << 24) | (flags & 0xffffff)), ...body);
}

/** Version and flags of a full box payload. */
export function fullBoxHeader(payload: Uint8Array): { version: number; flags: number } {
  const word = view(payload).getUint32(0);
  return { version: word >>> 24, flags: word & 0xffffff };
}

export function u32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  view(out).setUint32(0, value >>> 0);
  return out;
}

export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}
