import { judgeVideoManifest, videoManifestRequest } from './manifest';
import { PREMIUM, PREVIEW, SOURCE } from './testing/manifests';

const answer = (status: number, body: unknown) => ({ status, headers: {}, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('the video manifest (spec 001 §3 Video manifest and profile, §7 GET video manifest by source id)', () => {
  it('is asked by source id, authorised, with supports_drm', () => {
    expect(videoManifestRequest('http://p.test/manifests/v7/json/sources/', SOURCE, 'tok')).toEqual({
      method: 'GET',
      url: `http://p.test/manifests/v7/json/sources/${SOURCE}/options/supports_drm`,
      headers: { authorization: 'Bearer tok' },
    });
  });

  it.each([
    ['premium (protected ladder)', PREMIUM],
    ['preview (clear)', PREVIEW],
  ])('the provider’s %s manifest decodes with every field', (_name, manifest) => {
    expect(judgeVideoManifest(answer(200, manifest))).toEqual({ kind: 'ok', manifest });
  });

  it.each<[string, number, unknown]>([
    ['401 (no token)', 401, { error: { status: 401, message: 'No token provided' } }],
    ['403 (not sold in the market)', 403, { error: { status: 403, message: 'Restriction violated' } }],
    ['404 (unknown source)', 404, ''],
    ['500', 500, ''],
    ['200 that is not JSON', 200, '<html>'],
    ['200 without segment_template', 200, { ...PREMIUM, segment_template: undefined }],
    ['200 with no contents', 200, { ...PREMIUM, contents: [] }],
    ['200 with no base URL', 200, { ...PREMIUM, base_urls: [] }],
    ['200 with a profile lacking video_bitrate', 200, { ...PREMIUM, contents: [{ ...PREMIUM.contents[0], profiles: [{ id: 1, mime_type: 'video/mp4' }] }] }],
  ])("%s → STORAGE_VIDEO_MANIFEST_FAILED 'Video manifest request failed with status N' (spec 001 §8 Storage: video manifest failed)", (_case, status, body) => {
    const verdict = judgeVideoManifest(answer(status, body));
    expect(verdict.kind).toBe('fail');
    expect(verdict.kind === 'fail' && [verdict.error.code, verdict.error.message]).toEqual([
      'STORAGE_VIDEO_MANIFEST_FAILED',
      `Video manifest request failed with status ${status}`,
    ]);
  });
});
