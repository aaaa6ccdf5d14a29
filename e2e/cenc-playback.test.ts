// Issue 4 "Must show": a file packaged by our CENC packager plays in Debian Chromium through
// MediaSource + EME ClearKey with its key, and fails with a decode error under a wrong key.
// The page appends the init segment and then each moof+mdat segment of the seek table (spec 001 §3
// audio manifest: offset, timescale, segments), as the engine will.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'puppeteer';
import { launchChromium, newPageCollectingErrors } from './harness';
import { packagedTone } from './packaged-tone';
import { readSeekTable, type SeekTable } from '../server/media/cenc-packager';
import { clearKeyLicence, clearKeyRequestKeyIds, type ClearKeyLicence } from '../server/media/clearkey-licence';

jest.setTimeout(120_000);

const MIME = 'audio/mp4; codecs="mp4a.40.2"';

let browser: Browser;
let http: Server;
let origin: string;
let keyId: Uint8Array;
let key: Uint8Array;
const files = new Map<string, Uint8Array>();

beforeAll(async () => {
  const tone = packagedTone(25);
  ({ keyId, key } = tone);
  files.set('/clear.mp4', tone.clear);
  files.set('/cenc.mp4', tone.cenc);

  // EME needs a secure context: http://127.0.0.1 is one.
  http = createServer((req, res) => {
    const body = files.get(req.url ?? '');
    if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><link rel="icon" href="data:,"><body></body>');
    else if (body !== undefined) res.writeHead(200, { 'content-type': 'video/mp4' }).end(body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => http?.close(resolve));
});

interface PlayOutcome {
  currentTime: number;
  error: { code: number; message: string } | null;
  /** EME steps seen by the page, in order. */
  steps: string[];
}

/** Plays `path` in a fresh page through MSE (and ClearKey with `licence`) until it passes 2 s or errors. */
async function play(path: string, table: SeekTable, licence: ClearKeyLicence | null, pageErrors: string[]): Promise<PlayOutcome> {
  const page = await newPageCollectingErrors(browser, pageErrors);
  try {
    await page.goto(`${origin}/`);
    await page.evaluate(
      async (url: string, seek: SeekTable, lic: ClearKeyLicence | null, mime: string) => {
        const steps: string[] = [];
        const audio = document.createElement('audio');
        document.body.append(audio);
        (window as unknown as { __steps: string[] }).__steps = steps;
        if (lic !== null) {
          const access = await navigator.requestMediaKeySystemAccess('org.w3.clearkey', [
            { initDataTypes: ['cenc'], audioCapabilities: [{ contentType: mime }] },
          ]);
          const mediaKeys = await access.createMediaKeys();
          await audio.setMediaKeys(mediaKeys);
          let session: MediaKeySession | null = null;
          audio.addEventListener('encrypted', (event) => {
            steps.push(`encrypted:${event.initDataType}`);
            if (session !== null || event.initData === null) return; // one session for the one key id
            session = mediaKeys.createSession('temporary');
            session.addEventListener('message', (message) => {
              steps.push(`message:${message.messageType}`, `request:${new TextDecoder().decode(message.message)}`);
              void (message.target as MediaKeySession).update(new TextEncoder().encode(JSON.stringify(lic))).then(
                () => steps.push('updated'),
                (err: unknown) => steps.push(`update failed: ${String(err)}`),
              );
            });
            void session.generateRequest(event.initDataType, event.initData).catch((err: unknown) => steps.push(`generateRequest failed: ${String(err)}`));
          });
        }
        const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
        const source = new MediaSource();
        audio.src = URL.createObjectURL(source);
        await new Promise((resolve) => source.addEventListener('sourceopen', resolve, { once: true }));
        const buffer = source.addSourceBuffer(mime);
        const append = (chunk: BufferSource) =>
          new Promise<void>((resolve, reject) => {
            buffer.addEventListener('updateend', () => resolve(), { once: true });
            buffer.addEventListener('error', () => reject(new Error('append failed')), { once: true });
            buffer.appendBuffer(chunk);
          });
        void (async () => {
          try {
            await append(bytes.subarray(0, seek.offset));
            let at = seek.offset;
            for (const [size] of seek.segments) {
              await append(bytes.subarray(at, at + size));
              at += size;
            }
            source.endOfStream();
            steps.push('appended');
          } catch (err) {
            steps.push(`append stopped: ${String(err)}`); // expected once the element has a decode error
          }
        })();
        audio.play().catch((err: unknown) => steps.push(`play rejected: ${String(err)}`));
      },
      path,
      table,
      licence,
      MIME,
    );
    await page.waitForFunction(
      () => {
        const audio = document.querySelector('audio');
        return audio !== null && (audio.error !== null || audio.currentTime > 2);
      },
      { timeout: 60_000 },
    );
    return await page.evaluate(() => {
      const audio = document.querySelector('audio') as HTMLAudioElement;
      const error = audio.error === null ? null : { code: audio.error.code, message: audio.error.message };
      return { currentTime: audio.currentTime, error, steps: (window as unknown as { __steps: string[] }).__steps };
    });
  } finally {
    await page.close();
  }
}

describe('CENC packaging plays in Chromium through MSE + ClearKey (issue 4 Must show; spec 001 §3, §9)', () => {
  it('plays the unencrypted ffmpeg output (sanity: the fragments themselves are valid for MSE)', async () => {
    const clear = files.get('/clear.mp4') as Uint8Array;
    const errors: string[] = [];
    const outcome = await play('/clear.mp4', readSeekTable(clear), null, errors);
    expect(outcome.error).toBeNull();
    expect(outcome.currentTime).toBeGreaterThan(2);
    expect(errors).toEqual([]);
  });

  it('plays the packaged file with the right key: currentTime advances past 2 s, no media error', async () => {
    const cenc = files.get('/cenc.mp4') as Uint8Array;
    const errors: string[] = [];
    const outcome = await play('/cenc.mp4', readSeekTable(cenc), clearKeyLicence(keyId, key), errors);
    expect(outcome.error).toBeNull();
    expect(outcome.currentTime).toBeGreaterThan(2);
    expect(outcome.steps).toEqual(expect.arrayContaining(['encrypted:cenc', 'message:license-request', 'updated']));
    // The CDM found our key id in the common-system pssh and asked for exactly that key.
    const request = outcome.steps.find((step) => step.startsWith('request:'))?.slice('request:'.length) ?? '';
    expect(clearKeyRequestKeyIds(request).map((kid) => Buffer.from(kid).toString('hex'))).toEqual([Buffer.from(keyId).toString('hex')]);
    expect(errors).toEqual([]);
  });

  it('fails with MEDIA_ERR_DECODE when the licence carries a wrong key for the same key id', async () => {
    const cenc = files.get('/cenc.mp4') as Uint8Array;
    const wrongKey = key.map((byte) => byte ^ 0xff);
    const outcome = await play('/cenc.mp4', readSeekTable(cenc), clearKeyLicence(keyId, wrongKey), []);
    expect(outcome.steps).toEqual(expect.arrayContaining(['updated']));
    // What Chromium 156 reports: code 3 with "PipelineStatus::PIPELINE_ERROR_DECODE: Failed to send
    // audio packet for decoding" (the ClearKey CDM decrypts to garbage and the AAC decoder rejects it).
    expect(outcome.error?.code).toBe(3); // MediaError.MEDIA_ERR_DECODE
    expect(outcome.error?.message).toMatch(/PIPELINE_ERROR_DECODE/);
    expect(outcome.currentTime).toBeLessThan(2);
  });
});
