// Issue 5 "DRM": in Debian's Chromium (which offers ClearKey only) the engine's DRM epics over the
// browser EME adapter (adapters/browser/eme.ts) try Widevine, PlayReady and PlayReady hardware,
// are refused, choose ClearKey (the local provider's choice), resolve the licence URL, fetch a
// licence for the challenge from a test licence route, and the encrypted file plays.
// Like e2e/cenc-playback.test.ts: a tone from ffmpeg, packaged by server/media/cenc-packager.ts,
// served from a loopback server (a secure context); the page script is bundled with esbuild here.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'puppeteer';
import { launchChromium, newPageCollectingErrors } from './harness';
import { packagedTone } from './packaged-tone';
import { readSeekTable, type SeekTable } from '../server/media/cenc-packager';
import { clearKeyLicence, clearKeyRequestKeyIds } from '../server/media/clearkey-licence';
import type { DrmPageRun } from './pages/drm-page';

jest.setTimeout(120_000);

const MIME = 'audio/mp4; codecs="mp4a.40.2"';

let browser: Browser;
let http: Server;
let origin: string;
let keyId: Uint8Array;
let key: Uint8Array;
let cenc: Uint8Array;
let script: string;
/** What the test licence route saw: method, path, content type, authorization and the key ids asked for. */
const licenceRequests: Array<{ method: string; contentType: string; authorization: string; kids: string[] }> = [];

function readBody(req: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => resolve(body));
  });
}

beforeAll(async () => {
  ({ keyId, key, cenc } = packagedTone(12));
  const bundle = await build({ entryPoints: [join(__dirname, 'pages', 'drm-page.ts')], bundle: true, format: 'iife', write: false, target: 'es2022' });
  script = bundle.outputFiles[0]?.text ?? '';

  http = createServer((req, res) => {
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const path = (req.url ?? '').split('?')[0];
    if (path === '/')
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><link rel="icon" href="data:,"><body><script src="/drm.js"></script></body>');
    else if (path === '/drm.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else if (path === '/cenc.mp4') res.writeHead(200, { 'content-type': 'video/mp4' }).end(cenc);
    // spec 001 §7 Media: server time (timestamp) and the license url (uri, expires), in server seconds.
    else if (path === '/server-time') json(200, { timestamp: Math.floor(Date.now() / 1000) });
    else if (path === '/license-url') json(200, { uri: `${origin}/licence`, expires: Math.floor(Date.now() / 1000) + 3600 });
    else if (path === '/licence' && req.method === 'POST') {
      void readBody(req).then((body) => {
        const kids = clearKeyRequestKeyIds(body).map((kid) => Buffer.from(kid).toString('hex'));
        licenceRequests.push({
          method: req.method ?? '',
          contentType: req.headers['content-type'] ?? '',
          authorization: req.headers.authorization ?? '',
          kids,
        });
        if (kids.includes(Buffer.from(keyId).toString('hex'))) json(200, clearKeyLicence(keyId, key));
        else json(403, { error: 'unknown key id' });
      });
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => http?.close(resolve));
});

describe('DRM through the EME adapter and the DRM epics (spec 001 §3, §7 Media, §9 Key system order)', () => {
  it('refuses Widevine, PlayReady and PlayReady hardware, chooses ClearKey, fetches a licence and plays the CENC file', async () => {
    const errors: string[] = [];
    const page = await newPageCollectingErrors(browser, errors);
    try {
      await page.goto(`${origin}/`);
      const table: SeekTable = readSeekTable(cenc);
      const run: DrmPageRun = { origin, file: '/cenc.mp4', mime: MIME, offset: table.offset, segments: table.segments };
      await page.evaluate((r: DrmPageRun) => window.drmPage.run(r), run);
      await page.waitForFunction(
        () => {
          const audio = document.querySelector('audio');
          return audio !== null && (audio.error !== null || audio.currentTime > 2);
        },
        { timeout: 60_000 },
      );
      const outcome = await page.evaluate(() => {
        const audio = document.querySelector('audio') as HTMLAudioElement;
        return { currentTime: audio.currentTime, error: audio.error?.message ?? null, state: window.drmPage.state };
      });

      expect(outcome.state.tried).toEqual([
        'com.widevine.alpha refused',
        'com.microsoft.playready.recommendation refused',
        'com.microsoft.playready.recommendation.3000 refused',
        'org.w3.clearkey granted',
      ]);
      // The server time and licence URL are fetched as the keys are attached, while the page feeds the
      // file: they race the encrypted event, but a challenge waits for them, so each comes once, before
      // the licence is applied.
      const prefetch = ['drm/licencePrefetchStarted', 'drm/serverTimeFetched', 'drm/licenceUrlResolved', 'drm/licencePrefetchEnded'];
      expect(outcome.state.actions.filter((a) => !prefetch.includes(a))).toEqual([
        'drm/setupRequested',
        'drm/keySystemSelected org.w3.clearkey',
        'drm/mediaKeysAttached org.w3.clearkey',
        'drm/encrypted',
        // The licence session's creation and the licence's arrival mark the edges of spec 001 §3's
        // licence-session and request latencies.
        'drm/licenceSessionCreated',
        'drm/licenceChallenged',
        'drm/licenceReceived',
        'drm/licenceUpdated org.w3.clearkey',
      ]);
      const updated = outcome.state.actions.indexOf('drm/licenceUpdated org.w3.clearkey');
      for (const step of prefetch) {
        expect(outcome.state.actions.filter((a) => a === step)).toHaveLength(1);
        expect(outcome.state.actions.indexOf(step)).toBeGreaterThan(outcome.state.actions.indexOf('drm/mediaKeysAttached org.w3.clearkey'));
        expect(outcome.state.actions.indexOf(step)).toBeLessThan(updated);
      }
      // The ClearKey challenge went as JSON to the URI the licence-url answer named, authorised.
      expect(licenceRequests).toEqual([
        { method: 'POST', contentType: 'application/json', authorization: 'Bearer e2e-token', kids: [Buffer.from(keyId).toString('hex')] },
      ]);
      expect(outcome.error).toBeNull();
      expect(outcome.currentTime).toBeGreaterThan(2);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
