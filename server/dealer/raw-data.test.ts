import { rawDataText } from './raw-data';

describe('rawDataText (a websocket message as text, whatever binaryType ws was given)', () => {
  const text = '{"type":"ping","é":"ü"}';

  it('reads a Buffer (the default nodebuffer), fragments and an ArrayBuffer as the same UTF-8 text', () => {
    const buffer = Buffer.from(text, 'utf8');
    const bytes = new Uint8Array(buffer);
    expect(rawDataText(buffer)).toBe(text);
    expect(rawDataText([buffer.subarray(0, 5), buffer.subarray(5)])).toBe(text);
    expect(rawDataText(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))).toBe(text);
  });
});
