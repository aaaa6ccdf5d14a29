// Issue 18 (ingest and provider half): the demo's video episode, as the provider serves it, plays in Debian's
// Chromium through MediaSource + EME ClearKey in a plain page (no engine): the page fetches the video manifest
// by source id with a premium listener's token (spec 001 §7 Media), appends the init segment and the first
// segments of one video profile and of the audio profile from the templated URLs, gets the key from the
// licence server (licence URL, then the ClearKey request with the video's source id as content id), and plays.
// Both codecs of spec 001 §9 (avc1.4d401f in CENC with subsample encryption, vp8 in encrypted WebM), and the
// anonymous visitor's clear 30 s preview without any key.
import type { Browser } from 'puppeteer';
import { createTokenIssuer } from '../server/accounts/tokens';
import { demoCatalogue } from '../server/testing/demo-catalogue';
import { LICENCE_URL_PATH } from '../server/licence/licence-url';
import { videoManifestPath } from '../server/video/manifest';
import { launchChromium, newPageCollectingErrors, startServer, type RunningServer } from './harness';

jest.setTimeout(180_000);

let server: RunningServer;
let browser: Browser;
let sourceId: string;
const tokens: Record<'premium' | 'anonymous', string> = { premium: '', anonymous: '' };

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  const db = server.app.database.kysely;
  const episode = demoCatalogue().episodes.find((e) => e.name.startsWith('Ep. 1: A Harbour'));
  if (episode === undefined) throw new Error('the demo catalogue has no video episode');
  sourceId = (await db.selectFrom('video_sources').select('source_id').where('episode_id', '=', episode.id).executeTakeFirstOrThrow()).source_id;
  const issue = createTokenIssuer(db, Date.now);
  const demo = await db.selectFrom('accounts').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
  tokens.premium = (await issue(demo.id, 'SE')).accessToken;
  tokens.anonymous = (await issue(null, 'SE')).accessToken;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface PlayRequest {
  manifestPath: string;
  licenceUrlPath: string;
  token: string;
  /** Which video profile: by codec, the lowest bitrate of it. */
  codec: string;
  segments: number;
}
interface PlayOutcome {
  profile: { id: number; mime_type: string; video_codec: string | null; encryption_index: number | null } | null;
  currentTime: number;
  frames: number;
  error: string | null;
  steps: string[];
}

/** In the page: the manifest, EME when the profile is encrypted, MSE with one video and one audio SourceBuffer, play. */
async function playInPage(request: PlayRequest, errors: string[]): Promise<PlayOutcome> {
  const page = await newPageCollectingErrors(browser, errors);
  try {
    // A plain page of the provider's origin (a secure context on loopback), so the page's requests are same-origin;
    // it has no icon, so Chromium's own favicon request is answered here rather than logging a 404.
    await page.setRequestInterception(true);
    page.on('request', (r) => void (new URL(r.url()).pathname === '/favicon.ico' ? r.respond({ status: 204 }) : r.continue()));
    await page.goto(`${server.origin}/healthz`);
    return await page.evaluate(async (req: PlayRequest): Promise<PlayOutcome> => {
      const steps: string[] = [];
      const auth = { authorization: `Bearer ${req.token}` };
      const answer = await fetch(req.manifestPath, { headers: auth });
      steps.push(`manifest ${answer.status}`);
      interface Profile {
        id: number;
        mime_type: string;
        video_codec: string | null;
        audio_codec: string | null;
        encryption_index: number | null;
        video_bitrate: number;
      }
      const manifest = (await answer.json()) as {
        source_id: string;
        base_urls: string[];
        initialization_template: string;
        segment_template: string;
        contents: Array<{ segment_length: number; profiles: Profile[]; encryption_infos: Array<{ key_system: string; pssh: string }> }>;
      };
      const content = manifest.contents[0]!;
      const video = content.profiles.filter((p) => p.video_codec === req.codec).sort((a, b) => a.video_bitrate - b.video_bitrate)[0];
      const audio = content.profiles.find((p) => p.audio_codec !== null && p.video_codec === null);
      if (video === undefined || audio === undefined) return { profile: video ?? null, currentTime: 0, frames: 0, error: 'no such profile', steps };
      const videoType = `${video.mime_type}; codecs="${video.video_codec}"`;
      const audioType = `${audio.mime_type}; codecs="${audio.audio_codec}"`;
      const element = document.createElement('video');
      element.muted = true;
      document.body.append(element);
      let failure: string | null = null;
      element.addEventListener('error', () => (failure = `media error ${element.error?.code}: ${element.error?.message}`));

      if (video.encryption_index !== null) {
        const info = content.encryption_infos[video.encryption_index]!;
        const access = await navigator.requestMediaKeySystemAccess(info.key_system, [
          { initDataTypes: ['cenc', 'webm'], videoCapabilities: [{ contentType: videoType }], audioCapabilities: [{ contentType: audioType }] },
        ]);
        const mediaKeys = await access.createMediaKeys();
        await element.setMediaKeys(mediaKeys);
        const licence = (await (await fetch(req.licenceUrlPath, { headers: auth })).json()) as { uri: string };
        let session: MediaKeySession | null = null;
        element.addEventListener('encrypted', (event) => {
          steps.push(`encrypted:${event.initDataType}`);
          if (session !== null || event.initData === null) return; // one key for every profile of the video
          session = mediaKeys.createSession('temporary');
          session.addEventListener('message', (message) => {
            const target = message.target as MediaKeySession;
            void fetch(licence.uri.replace('{contentId}', manifest.source_id), { method: 'POST', headers: auth, body: message.message })
              .then(async (r) => {
                steps.push(`licence ${r.status}`);
                await target.update(await r.arrayBuffer());
                steps.push('key added');
              })
              .catch((err: unknown) => (failure = `licence: ${String(err)}`));
          });
          void session.generateRequest(event.initDataType, event.initData).catch((err: unknown) => (failure = `generateRequest: ${String(err)}`));
        });
      }

      const source = new MediaSource();
      element.src = URL.createObjectURL(source);
      await new Promise((resolve) => source.addEventListener('sourceopen', resolve, { once: true }));
      const url = (template: string, profile: number, segment: number) =>
        manifest.base_urls[0]! + template.replace('{{profile_id}}', String(profile)).replace('{{segment_timestamp}}', String(segment * content.segment_length));
      const append = async (buffer: SourceBuffer, address: string) => {
        const response = await fetch(address);
        steps.push(`${address.split('/').slice(-2).join('/')} ${response.status}`);
        buffer.appendBuffer(await response.arrayBuffer());
        await new Promise((resolve) => buffer.addEventListener('updateend', resolve, { once: true }));
      };
      const videoBuffer = source.addSourceBuffer(videoType);
      const audioBuffer = source.addSourceBuffer(audioType);
      await append(videoBuffer, url(manifest.initialization_template, video.id, 0));
      await append(audioBuffer, url(manifest.initialization_template, audio.id, 0));
      for (let i = 0; i < req.segments; i += 1) {
        await append(videoBuffer, url(manifest.segment_template, video.id, i));
        await append(audioBuffer, url(manifest.segment_template, audio.id, i));
      }
      await element.play().catch((err: unknown) => (failure = `play: ${String(err)}`));
      const started = performance.now();
      // Bounded: until 2.5 s have played, an error, or 30 s of wall time.
      while (element.currentTime < 2.5 && failure === null && performance.now() - started < 30_000) await new Promise((r) => setTimeout(r, 100));
      return { profile: video, currentTime: element.currentTime, frames: element.getVideoPlaybackQuality().totalVideoFrames, error: failure, steps };
    }, request);
  } finally {
    await page.close();
  }
}

const licenceUrlPath = `${LICENCE_URL_PATH}?keysystem=org.w3.clearkey&mediatype=video&sdk_name=test&sdk_version=3.22.1`;

describe('the video episode plays in Chromium through MSE and EME ClearKey (issue 18, spec 001 §3 video manifest, §9 codecs)', () => {
  it.each([
    ['avc1.4d401f', 'video/mp4', 'cenc'],
    ['vp8', 'video/webm', 'webm'],
  ])('the %s profile (%s), encrypted, decrypts with the licence server key and plays a few seconds', async (codec, mime, initDataType) => {
    const errors: string[] = [];
    const outcome = await playInPage({ manifestPath: videoManifestPath(sourceId), licenceUrlPath, token: tokens.premium, codec, segments: 1 }, errors);
    expect(outcome.error).toBeNull();
    expect(outcome.profile).toMatchObject({ mime_type: mime, video_codec: codec, encryption_index: 0 });
    expect(outcome.steps).toContain(`encrypted:${initDataType}`);
    expect(outcome.steps).toContain('licence 200');
    expect(outcome.steps).toContain('key added');
    expect(outcome.currentTime).toBeGreaterThanOrEqual(2.5);
    expect(outcome.frames).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('an anonymous visitor gets the clear preview profile and plays it without a key', async () => {
    const errors: string[] = [];
    const outcome = await playInPage(
      { manifestPath: videoManifestPath(sourceId), licenceUrlPath, token: tokens.anonymous, codec: 'avc1.4d401f', segments: 1 },
      errors,
    );
    expect(outcome.error).toBeNull();
    expect(outcome.profile).toMatchObject({ mime_type: 'video/mp4', encryption_index: null });
    expect(outcome.steps.some((s) => s.startsWith('encrypted'))).toBe(false);
    expect(outcome.currentTime).toBeGreaterThanOrEqual(2.5);
    expect(errors).toEqual([]);
  });
});
