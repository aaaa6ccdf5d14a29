import { bytesToBase64 } from './eme';

/** The top-level boxes of `bytes` from `start` to `end`: their type and extent (size 1: 64-bit size; 0: to the end). */
function* boxes(view: DataView, start: number, end: number): Generator<{ type: string; start: number; end: number; header: number }> {
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) return;
    const type = String.fromCharCode(view.getUint8(at + 4), view.getUint8(at + 5), view.getUint8(at + 6), view.getUint8(at + 7));
    yield { type, start: at, end: at + size, header };
    at += size;
  }
}

/**
 * The 'cenc' init data of an init segment: its moov's pssh boxes, whole and in order, as base64
 * (ISO 23001-7; what Chromium's 'encrypted' event carries for the segment once it is appended),
 * or undefined when the body has no moov or no pssh.
 */
export function psshInitData(body: ArrayBuffer): string | undefined {
  const view = new DataView(body);
  for (const box of boxes(view, 0, body.byteLength)) {
    if (box.type !== 'moov') continue;
    const pssh = [...boxes(view, box.start + box.header, box.end)].filter((child) => child.type === 'pssh');
    if (pssh.length === 0) return undefined;
    const joined = new Uint8Array(pssh.reduce((sum, p) => sum + (p.end - p.start), 0));
    let at = 0;
    for (const p of pssh) {
      joined.set(new Uint8Array(body, p.start, p.end - p.start), at);
      at += p.end - p.start;
    }
    return bytesToBase64(joined);
  }
  return undefined;
}
