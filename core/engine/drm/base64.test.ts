import { base64ToLatin1, hexToBase64 } from './base64';

describe('base64 to text (EME byte payloads cross the port as base64)', () => {
  it.each([
    ['eyJraWRzIjpbXX0=', '{"kids":[]}'],
    ['eyJraWRzIjpbXX0', '{"kids":[]}'],
    ['_-8', '\xff\xef'],
    ['', ''],
  ])('%j decodes to %j', (input, output) => expect(base64ToLatin1(input)).toBe(output));

  it('refuses characters outside the alphabet', () => expect(() => base64ToLatin1('a$b')).toThrow('invalid base64'));
});

describe("a key id's 'webm' init data (spec 001 §3 key_id, hex) as the browser's base64", () => {
  it.each([
    ['0123456789abcdef0123456789abcdef', 'ASNFZ4mrze8BI0VniavN7w=='],
    ['ff', '/w=='],
    ['ffee', '/+4='],
    ['ABCDEF', 'q83v'],
  ])('%s is %s', (hex, base64) => expect(hexToBase64(hex)).toBe(base64));
});
