import { INCOMPLETE_OPTIONS } from './constants';
import { browserOf } from './browser-name';
import { checkDescriptor, createDescriptor, DEFAULT_NAME_TEMPLATE, INVALID_DEVICE_ID, isValidDeviceId } from './descriptor';

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

  it('ignores a manifest_formats capability given by the caller (spec 001 §3: cannot be set directly): the engine names its own', () => {
    const r = checkDescriptor({ ...full, capabilities: { manifest_formats: ['file_urls_mp3'], audio_podcasts: false } });
    expect(r.ok && r.descriptor.capabilities).toEqual({
      manifest_formats: ['file_ids_mp4'],
      audio_podcasts: false,
      video_playback: false,
      change_volume: true,
      endsong_snooping: false,
    });
  });

  it('carries every capability of spec 001 §3 (manifest_formats, audio_podcasts, video_playback, change_volume, endsong_snooping), defaults filled', () => {
    const r = checkDescriptor({ ...full, capabilities: { change_volume: false, endsong_snooping: true } });
    expect(r.ok && r.descriptor.capabilities).toEqual({
      manifest_formats: ['file_ids_mp4'],
      audio_podcasts: true,
      video_playback: false,
      change_volume: false,
      endsong_snooping: true,
    });
  });

  it('issue 18: an engine with video_playback advertises manifest_ids_video among its manifest_formats (spec 001 §3)', () => {
    const r = checkDescriptor({ ...full, capabilities: { video_playback: true, manifest_formats: ['file_urls_mp3'] } });
    expect(r.ok && r.descriptor.capabilities).toMatchObject({ manifest_formats: ['file_ids_mp4', 'manifest_ids_video'], video_playback: true });
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

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.224 Safari/537.36';

describe('default descriptor (spec 001 §3: type computer, a default model name, a name template filled with browser name, version and platform)', () => {
  it('fills type, model and the name from the user agent', () => {
    const r = createDescriptor({ id: 'abc' }, CHROME_LINUX);
    expect(DEFAULT_NAME_TEMPLATE).toBe('Web Player{number} ({browser} {version} on {platform})');
    expect(r.ok && r.descriptor).toMatchObject({ id: 'abc', type: 'computer', model: 'embed_v2', name: 'Web Player (Chrome 120 on Linux)' });
  });

  it("numbers a browser's second and later players, so two pages of one browser differ in a device list", () => {
    const named = (ordinal: number) => {
      const r = createDescriptor({ id: 'abc' }, CHROME_LINUX, ordinal);
      return r.ok ? r.descriptor.name : r.err;
    };
    expect([1, 2, 3].map(named)).toEqual(['Web Player (Chrome 120 on Linux)', 'Web Player 2 (Chrome 120 on Linux)', 'Web Player 3 (Chrome 120 on Linux)']);
  });

  it("the caller's fields win over the defaults", () => {
    const r = createDescriptor({ id: 'abc', name: 'Kitchen', model: 'm', type: 'Speaker' }, CHROME_LINUX);
    expect(r.ok && r.descriptor).toMatchObject({ name: 'Kitchen', model: 'm', type: 'speaker' });
  });

  it.each([
    [CHROME_LINUX, { name: 'Chrome', version: '120', platform: 'Linux' }],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
      { name: 'Edge', version: '120', platform: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
      { name: 'Safari', version: '17', platform: 'macOS' },
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', { name: 'Firefox', version: '121', platform: 'Linux' }],
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      { name: 'Chrome', version: '120', platform: 'Android' },
    ],
    ['curl/8.0', { name: 'Browser', version: '', platform: 'unknown platform' }],
  ])('browserOf(%p)', (userAgent, facts) => expect(browserOf(userAgent)).toEqual(facts));
});
