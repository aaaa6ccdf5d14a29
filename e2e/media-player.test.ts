// Issue 5 "Media": the engine's media player (core/engine/media) over the browser MediaSource
// adapter, with the DRM epics over the EME adapter on the same audio element, plays a CENC file
// from the real server on loopback: storage-resolve, the seek table, the init segment and 10 s
// fragments by byte range from the CDN route, the ClearKey licence of a logged-in premium user.
// The file is a tone packaged by server/media/cenc-packager.ts (e2e/packaged-tone.ts), added to the
// test server's catalogue as an `audio_files` row, as the ingest would.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'puppeteer';
import { launchChromium, newPageCollectingErrors, startServer, type RunningServer } from './harness';
import { packagedTone } from './packaged-tone';
import { readSeekTable } from '../server/media/cenc-packager';
import type { MediaPlayerPageRun } from './pages/media-player-page';

jest.setTimeout(120_000);

const FILE_ID = 'e2eMediaPlayerTone';

let server: RunningServer;
let browser: Browser;
let script: string;
let mediaDir: string;

beforeAll(async () => {
  const tone = packagedTone(25);
  mediaDir = mkdtempSync(join(tmpdir(), 'media-player-e2e-'));
  const path = join(mediaDir, 'tone.mp4');
  writeFileSync(path, tone.cenc);
  const table = readSeekTable(tone.cenc);
  server = await startServer();
  await server.app.database.kysely
    .insertInto('audio_files')
    .values({
      file_id: FILE_ID,
      path,
      format: 'mp4',
      bitrate: 128000,
      key_id: Buffer.from(tone.keyId).toString('hex'),
      key: Buffer.from(tone.key).toString('hex'),
      seek_table: JSON.stringify({ offset: table.offset, timescale: table.timescale, segments: table.segments }),
    })
    .execute();
  const bundle = await build({ entryPoints: [join(__dirname, 'pages', 'media-player-page.ts')], bundle: true, format: 'iife', write: false, target: 'es2022' });
  script = bundle.outputFiles[0]?.text ?? '';
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (mediaDir !== undefined) rmSync(mediaDir, { recursive: true, force: true });
});

/** Logs in as the premium demo user and answers the session's access token. */
async function logIn(page: Page): Promise<string> {
  await page.goto(`${server.origin}/login?continue=%2F`, { waitUntil: 'load' });
  await page.type('#username', 'demo');
  await page.type('#password', 'demo');
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type="submit"]')]);
  return page.evaluate(async () => {
    const response = await fetch('/access_token?reason=init&productType=web_player');
    return ((await response.json()) as { accessToken: string }).accessToken;
  });
}

/** A logged-in page on the server's origin (a JSON route: the page script is added to it). */
async function openPage(errors: string[]): Promise<Page> {
  const page = await newPageCollectingErrors(browser, errors);
  // The login and JSON pages have no icon: Chromium's own favicon request is not this test's concern.
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/favicon.ico') void request.respond({ status: 204, body: '' });
    else void request.continue();
  });
  // One session for the file: the cookie is the browser's, so the second page is logged in already.
  if (accessToken === '') accessToken = await logIn(page);
  await page.setBypassCSP(true);
  await page.goto(`${server.origin}/melody/v1/time`, { waitUntil: 'load' });
  await page.addScriptTag({ content: script });
  return page;
}

let accessToken = '';

function runIn(page: Page, startMs: number, seekToMs: number | null): Promise<void> {
  const run: MediaPlayerPageRun = { origin: server.origin, accessToken, fileId: FILE_ID, startMs, seekToMs };
  return page.evaluate((r: MediaPlayerPageRun) => window.mediaPlayerPage.run(r), run);
}

function outcomeOf(page: Page) {
  return page.evaluate(() => {
    const audio = document.querySelector('audio') as HTMLAudioElement;
    return { currentTime: audio.currentTime, error: audio.error?.code ?? null, state: window.mediaPlayerPage.state };
  });
}

describe('the media player in Chromium (spec 001 §4 Media player, §7 Media, §9 Audio fragment length 10 s)', () => {
  it('plays the protected file from 8 s past the 10 s fragment boundary with no media error', async () => {
    const errors: string[] = [];
    const page = await openPage(errors);
    try {
      await runIn(page, 8000, null);
      await page.waitForFunction(
        () => {
          const audio = document.querySelector('audio');
          return audio !== null && (audio.error !== null || audio.currentTime > 11 || window.mediaPlayerPage.state.failures.length > 0);
        },
        { timeout: 60_000 },
      );
      const outcome = await outcomeOf(page);
      expect(outcome.state.failures).toEqual([]);
      expect(outcome.error).toBeNull();
      expect(outcome.currentTime).toBeGreaterThan(11);
      // The init segment, then fragment 0 (0-10 s) holding 8 s and fragment 1 (10-20 s), by byte range.
      expect(outcome.state.actions).toEqual(
        expect.arrayContaining([
          'mediaPlayer/storageResolved',
          'mediaPlayer/seekTableLoaded',
          'mediaPlayer/fragmentFetched -1',
          'mediaPlayer/fragmentFetched 0',
          'mediaPlayer/fragmentFetched 1',
          'drm/licenceUpdated',
        ]),
      );
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a seek while playing clears the buffer, fetches the fragments of the new position, ends the stream and the track ends', async () => {
    const errors: string[] = [];
    const page = await openPage(errors);
    try {
      await runIn(page, 0, 18000);
      await page.waitForFunction(
        () => {
          const { actions, failures } = window.mediaPlayerPage.state;
          return actions.includes('mediaPlayer/ended') || failures.length > 0 || document.querySelector('audio')?.error != null;
        },
        { timeout: 60_000 },
      );
      const outcome = await outcomeOf(page);
      expect(outcome.state.failures).toEqual([]);
      expect(outcome.error).toBeNull();
      expect(outcome.currentTime).toBeGreaterThan(20);
      const { actions } = outcome.state;
      const seek = actions.indexOf('mediaPlayer/seekRequested');
      expect(seek).toBeGreaterThan(0);
      // After the seek: fragment 1 (10-20 s) holding 18 s, fragment 2 (20-25 s), then the end of the stream.
      expect(actions.slice(seek)).toEqual(
        expect.arrayContaining(['mediaPlayer/fragmentFetched 1', 'mediaPlayer/fragmentFetched 2', 'mediaPlayer/endOfStreamRequested', 'mediaPlayer/ended']),
      );
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
