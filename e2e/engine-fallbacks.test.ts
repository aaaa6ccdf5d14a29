// Issue 5, in Debian Chromium against the real server on loopback: logged-in visitors whose engine
// cannot play full tracks hear the 30 s preview instead (spec 000 §4 Initialization failure; spec
// 001 §8 Reactions). (A browser offering only Widevine: e2e/full-playback.test.ts.)
import type { Browser, Page } from 'puppeteer';
import { heard, logIn, waitFor } from './engine-page';
import { firstAlbumId, type RunningServer, startServerAndPage, stopServerAndPage } from './harness';

jest.setTimeout(120_000);

const pageErrors: string[] = [];
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await startServerAndPage(pageErrors));
});
afterAll(() => stopServerAndPage({ server, browser }));

/** Opens the album embed (debug=1) and presses play as a visitor would: pointer over it, then a click. */
async function pressPlay(p: Page): Promise<void> {
  await p.goto(`${server.origin}/embed/album/${firstAlbumId(server.dataDir)}?debug=1`);
  await p.waitForSelector('html[data-hydrated=true]');
  await p.hover('[data-testid=play-button]');
  await p.click('[data-testid=play-button]');
}

describe('logged-in visitors the engine cannot serve hear the preview (spec 000 §4 Initialization failure)', () => {
  it('a free listener: the track-playback service refuses the registration with 403 premium required (spec 001 §6, §8), an initialization failure', async () => {
    await logIn(page, server.origin, 'free', 'free');
    await pressPlay(page);
    const first = await waitFor(page, 'the preview playing', (h) => h.widget.forcePreview && h.preview.time > 0.5 && !h.preview.paused);
    // The engine started for this logged-in visitor: it connected and tried to register its device.
    expect(first.engineActions).toEqual(expect.arrayContaining(['transport/authenticated', 'device/registrationRequested']));
    expect(first.engineActions).not.toContain('device/registered');
    expect(first.engineLog.find((a) => a.type === 'device/registrationFailed')).toMatchObject({
      code: 'TP_REGISTRATION_FAILED_NON_PREMIUM',
      err: 'Premium required',
      fatal: true,
    });
    expect(first.engineLog.find((a) => a.type === 'player/initializationFailed')).toMatchObject({ code: 'LIST_PLAYER_NO_TRACK_PLAYER', message: 'Premium required' });
    // The preview goes on (its currentTime advances) and the engine's element stays silent.
    await waitFor(page, 'the preview advancing', (h) => h.preview.time > first.preview.time + 1 && !h.preview.paused);
    expect((await heard(page)).time).toBe(0);
  });

  it('a browser without MediaSource has no track player (spec 001 §8 List player, Reactions)', async () => {
    await page.goto(`${server.origin}/logout`);
    await logIn(page, server.origin, 'demo', 'demo');
    const noMse = await browser.newPage();
    await noMse.evaluateOnNewDocument(() => {
      delete (window as { MediaSource?: unknown }).MediaSource;
    });
    await pressPlay(noMse);
    const fallback = await waitFor(noMse, 'the preview playing', (h) => h.widget.forcePreview && h.preview.time > 0.5 && !h.preview.paused);
    expect(fallback.engineLog.find((a) => a.type === 'player/initializationFailed')).toMatchObject({ code: 'LIST_PLAYER_NO_TRACK_PLAYER' });
    await noMse.close();
  });
});
