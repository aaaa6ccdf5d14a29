import { INCOMPLETE_OPTIONS } from './constants';
import { checkDescriptor, INVALID_DEVICE_ID, isValidDeviceId } from './descriptor';

const full = { id: 'abc', name: 'Web Player', model: 'embed', type: 'Computer' };

describe("device descriptor (spec 001 §5: id, name, model and type, else 'Incomplete options value')", () => {
  it.each([
    ['id', { ...full, id: undefined }],
    ['name', { ...full, name: undefined }],
    ['model', { ...full, model: undefined }],
    ['type', { ...full, type: undefined }],
    ['an empty name', { ...full, name: '' }],
  ])('is incomplete without %s', (_what, options) => {
    expect(checkDescriptor(options)).toEqual({ ok: false, err: INCOMPLETE_OPTIONS });
  });

  it("fills the §3 defaults (brand, platform_identifier 'Partner {brand} {model}') and lowercases the type", () => {
    const r = checkDescriptor(full);
    expect(r.ok && r.descriptor).toMatchObject({ type: 'computer', brand: 'partner', platform_identifier: 'Partner partner embed' });
  });

  it('drops a manifest_formats capability given by the caller (spec 001 §3: cannot be set directly)', () => {
    const r = checkDescriptor({ ...full, capabilities: { manifest_formats: true, audio_podcasts: true } });
    expect(r.ok && r.descriptor.capabilities).toEqual({ audio_podcasts: true });
  });

  it('refuses an id outside the device id pattern (spec 001 §8: invalid device id)', () => {
    expect(checkDescriptor({ ...full, id: 'a b' })).toEqual({ ok: false, err: INVALID_DEVICE_ID });
  });
});

describe('device id pattern (spec 001 §3: 1 to 40 letters, digits, underscore, percent, colon, hyphen)', () => {
  it.each([
    ['a', true],
    ['A9_%:-', true],
    ['x'.repeat(40), true],
    ['x'.repeat(41), false],
    ['', false],
    ['a.b', false],
    ['a/b', false],
    ['é', false],
  ])('%p → %p', (id, ok) => expect(isValidDeviceId(id)).toBe(ok));
});
