import { clearKeyLicence, clearKeyRequestKeyIds } from './clearkey-licence';

const keyId = Uint8Array.from({ length: 16 }, (_, i) => 0xf0 + (i % 16));
const key = Uint8Array.from({ length: 16 }, (_, i) => i);

describe('ClearKey licence (W3C EME §9.1.4 License Format)', () => {
  it('is {keys:[{kty:oct,k,kid}],type:temporary} with unpadded base64url', () => {
    const licence = clearKeyLicence(keyId, key);
    expect(licence).toEqual({
      keys: [{ kty: 'oct', k: 'AAECAwQFBgcICQoLDA0ODw', kid: '8PHy8_T19vf4-fr7_P3-_w' }],
      type: 'temporary',
    });
  });

  it('reads the key ids of a licence request, and refuses one without kids', () => {
    const request = new TextEncoder().encode(JSON.stringify({ kids: ['8PHy8_T19vf4-fr7_P3-_w'], type: 'temporary' }));
    expect(clearKeyRequestKeyIds(request)).toEqual([keyId]);
    expect(() => clearKeyRequestKeyIds('{"type":"temporary"}')).toThrow(/kids/);
  });
});
