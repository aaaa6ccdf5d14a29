import { base64ToLatin1 } from './base64';

describe('base64 to text (EME byte payloads cross the port as base64)', () => {
  it.each([
    ['eyJraWRzIjpbXX0=', '{"kids":[]}'],
    ['eyJraWRzIjpbXX0', '{"kids":[]}'],
    ['_-8', '\xff\xef'],
    ['', ''],
  ])('%j decodes to %j', (input, output) => expect(base64ToLatin1(input)).toBe(output));

  it('refuses characters outside the alphabet', () => expect(() => base64ToLatin1('a$b')).toThrow('invalid base64'));
});
