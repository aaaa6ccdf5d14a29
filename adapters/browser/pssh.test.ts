import { bytesToBase64 } from './eme';
import { psshInitData } from './pssh';

// spec 001 §4 can-preload: the init data of a file fetched ahead, read from its init segment as
// the element's 'encrypted' event would report it (the moov's pssh boxes, ISO 23001-7).

function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const size = 8 + payload.reduce((sum, p) => sum + p.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  for (let i = 0; i < 4; i += 1) out[4 + i] = type.charCodeAt(i);
  let at = 8;
  for (const p of payload) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const pssh = (fill: number) => box('pssh', new Uint8Array(28).fill(fill));

describe('psshInitData', () => {
  it("joins the moov's pssh boxes, whole and in order, as base64", () => {
    const [a, b] = [pssh(1), pssh(2)];
    const body = new Uint8Array([...box('ftyp', new Uint8Array(8)), ...box('moov', box('mvhd', new Uint8Array(12)), a, box('trak'), b)]);
    expect(psshInitData(body.buffer)).toBe(bytesToBase64(new Uint8Array([...a, ...b])));
  });

  it('has none without a moov, without a pssh, or for a truncated box', () => {
    expect(psshInitData(box('moof', pssh(1)).buffer as ArrayBuffer)).toBeUndefined();
    expect(psshInitData(box('moov', box('mvhd')).buffer as ArrayBuffer)).toBeUndefined();
    const moov = box('moov', pssh(1));
    expect(psshInitData(moov.slice(0, moov.length - 4).buffer)).toBeUndefined();
  });
});
