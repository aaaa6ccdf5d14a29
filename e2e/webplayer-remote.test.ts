// Issue 16 "A device picker where a logged-in listener expects one: in the web player's pages", in Debian
// Chromium against the real server on loopback, two browser contexts logged in as the same demo user:
// context A plays an album in an embed; context B opens a web player page, its player bar shows A's track
// with "Listening on {device}" and a position that advances, its device picker lists A as the active
// device; B pauses A from its bar and transfers playback to itself, and its bar plays on from A's position
// while A stays stopped. B's page token lists the devices (GET /v1/me/player/devices, spec 001 §7).
import type { Browser, BrowserContext, Page } from 'puppeteer';
import { artifactPath } from './artifacts';
import { logIn, waitFor } from './engine-page';
import { firstAlbumId, launchChromium, type RunningServer, startServer, stopServerAndPage } from './harness';
import { watchPageProblems } from './page-problems';
import { until } from './until';

jest.setTimeout(240_000);

const problems = watchPageProblems();
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});
afterEach(() => {
  expect(problems.take()).toEqual([]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await stopServerAndPage({ server, browser });
});

async function pageInNewContext(width: number, height: number): Promise<Page> {
  const context = await browser.createBrowserContext();
  contexts.push(context);
  const page = problems.watch(await context.newPage());
  await page.setViewport({ width, height });
  return page;
}

/** The engine's element of a page: the embed's (not its preview element), or the web player's. */
const element = (p: Page) =>
  p.evaluate(() => {
    const audio = [...document.querySelectorAll<HTMLMediaElement>('audio, video')].find(
      (a) => a.id !== 'preview-audio' && !a.classList.contains('wp-preview-audio'),
    );
    return { paused: audio?.paused ?? true, time: audio?.currentTime ?? 0 };
  });

/** What B's player bar shows. */
const barOf = (p: Page) =>
  p.evaluate(() => {
    const bar = document.querySelector('.wp-bar');
    const range = bar?.querySelector<HTMLInputElement>('.wp-progress input[type=range]');
    return {
      now: bar?.querySelector('.wp-now')?.textContent ?? '',
      listeningOn: bar?.querySelector('[data-testid="listening-on"]')?.textContent ?? null,
      toggle: bar?.querySelector('.wp-toggle')?.getAttribute('aria-label') ?? null,
      positionMs: range === null || range === undefined ? 0 : Number(range.value),
    };
  });

/** Shuffle and repeat as a page's buttons show them (the web player bar's, or the embed's remote view). */
const optionsOf = (p: Page) =>
  p.evaluate(() => ({
    shuffle: document.querySelector('[data-testid="remote-shuffle"]')?.getAttribute('aria-pressed') ?? null,
    repeat: document.querySelector<HTMLElement>('[data-testid="remote-repeat"]')?.dataset.repeat ?? null,
  }));

describe('the controller in the web player (issue 16 The controller, issue 17 web player)', () => {
  let a: Page;
  let b: Page;

  it("B's web player page shows A playing an album embed; its picker lists A active; B pauses A and takes playback over from A's position", async () => {
    a = await pageInNewContext(300, 380);
    b = await pageInNewContext(1280, 800);
    await logIn(a, server.origin, 'demo', 'demo');
    await logIn(b, server.origin, 'demo', 'demo');
    const album = firstAlbumId(server.dataDir);

    await a.goto(`${server.origin}/embed/album/${album}?debug=1`);
    await a.waitForSelector('html[data-hydrated=true]');
    await a.hover('[data-testid=play-button]');
    await a.click('[data-testid=play-button]');
    const playing = await waitFor(a, 'A playing', (h) => h.time > 1 && h.widget.isPlaying);
    // A's own device (its widget follows the devices from its first pointer entry).
    const aDevice = await until(
      "A's device id",
      () =>
        a.evaluate(() => {
          const w = window as unknown as { __embedDebug: { state(): { remote?: { devices: Array<{ id: string; local: boolean }> } } } };
          return w.__embedDebug.state().remote?.devices.find((d) => d.local)?.id ?? null;
        }),
      (id) => id !== null,
    );

    // B: a web player page (the album's), logged in: the bar follows the devices from the start.
    await b.goto(`${server.origin}/album/${album}`);
    await b.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 15_000 });
    const shown = await until(
      "B's bar showing A's track, listening on A",
      () => barOf(b),
      (bar) => bar.listeningOn !== null && bar.now !== '' && bar.toggle === 'Pause',
    );
    expect(shown.listeningOn).toMatch(/^Listening on .+/);
    const trackId = (playing.widget.trackUri ?? '').split(':')[2] ?? '';
    const track = await server.app.database.kysely.selectFrom('tracks').select('name').where('id', '=', trackId).executeTakeFirstOrThrow();
    expect(shown.now).toBe(track.name);
    // The position moves on by itself (ticks from the cluster's position, no polling).
    await until(
      "B's position advancing",
      () => barOf(b),
      (bar) => bar.positionMs >= shown.positionMs + 2000,
      10_000,
    );

    // A listener's page may first ask them to accept updated terms (spec 001 §7 Terms): accepted, as a listener would.
    const terms = await b.waitForSelector('.wp-terms-accept', { timeout: 3000 }).catch(() => null);
    if (terms !== null) {
      await terms.click();
      await b.waitForSelector('.wp-terms', { hidden: true });
    }
    await b.screenshot({ path: artifactPath('webplayer-remote', 'b-listening-on-a-1280x800.png') });
    // The picker: the user's devices, A's the active one (aria-current), B's own marked "This browser".
    await b.click('[data-testid=devices-button]');
    await b.waitForSelector('[data-testid=device-list]');
    await b.screenshot({ path: artifactPath('webplayer-remote', 'b-device-list-1280x800.png') });
    const listed = await until(
      "B's list with A active and B's own device",
      () =>
        b.$eval('[data-testid=device-list]', (list) =>
          [...list.querySelectorAll<HTMLElement>('[data-testid=device]')].map((d) => ({
            id: d.dataset.deviceId ?? '',
            active: d.getAttribute('aria-current') === 'true',
            own: d.textContent?.includes('This browser') ?? false,
          })),
        ),
      (devices) => devices.some((d) => d.own) && devices.some((d) => d.active),
    );
    expect(listed.filter((d) => d.active).map((d) => d.id)).toEqual([aDevice]);
    const own = listed.find((d) => d.own)!.id;
    expect(own).not.toBe(aDevice);
    await b.keyboard.press('Escape');
    await b.waitForSelector('[data-testid=device-list]', { hidden: true });

    // spec 001 §7 GET /v1/me/player/devices with the page's own token (the one the server handed it) lists A active.
    const devices = await b.evaluate(async () => {
      const data = JSON.parse(document.getElementById('webplayer-data')?.textContent ?? '{}') as { session?: { accessToken: string } };
      const answer = await fetch('/v1/me/player/devices', { headers: { authorization: `Bearer ${data.session?.accessToken ?? ''}` } });
      return { status: answer.status, body: (await answer.json()) as { devices?: Array<{ id: string; is_active: boolean }> } };
    });
    expect(devices.status).toBe(200);
    expect(devices.body.devices?.filter((d) => d.is_active).map((d) => d.id)).toEqual([aDevice]);

    // B's bar pauses A.
    await b.click('.wp-bar .wp-toggle');
    await until(
      'A paused',
      () => element(a),
      (e) => e.paused,
    );
    const paused = await until(
      "B's bar showing the pause",
      () => barOf(b),
      (bar) => bar.toggle === 'Play',
    );
    expect(paused.listeningOn).not.toBeNull();

    // spec 001 §7 set_shuffling_context, set_repeating_context and set_repeating_track: B's shuffle and repeat change A's,
    // which B's bar shows from the cluster. A repeat step is two commands, both sent, one after the other.
    expect(await optionsOf(b)).toEqual({ shuffle: 'false', repeat: 'OFF' });
    await b.click('.wp-bar [data-testid=remote-shuffle]');
    await until(
      "A's shuffle on in B's bar",
      () => optionsOf(b),
      (o) => o.shuffle === 'true',
    );
    await b.click('.wp-bar [data-testid=remote-repeat]');
    await until(
      "A's repeat CONTEXT in B's bar",
      () => optionsOf(b),
      (o) => o.repeat === 'CONTEXT',
    );
    await b.click('.wp-bar [data-testid=remote-repeat]');
    await until(
      "A's repeat TRACK in B's bar",
      () => optionsOf(b),
      (o) => o.repeat === 'TRACK',
    );
    const from = await element(a);

    // B takes playback over: its own device from the list.
    await b.click('[data-testid=devices-button]');
    await b.waitForSelector('[data-testid=device-list]');
    await b.click(`[data-testid=device][data-device-id="${own}"]`);
    // Playback is here now (paused, as it was on A: restore): the bar is this engine's, no "Listening on".
    await until(
      "B's bar its own",
      () => barOf(b),
      (bar) => bar.listeningOn === null && bar.now !== '',
    );
    await until(
      "B's engine loaded at A's position",
      () => element(b),
      (e) => e.time >= from.time - 1,
    );
    await b.click('.wp-bar .wp-toggle');
    const here = await until(
      'B playing',
      () => element(b),
      (e) => !e.paused && e.time > from.time,
    );
    expect(here.time).toBeGreaterThanOrEqual(from.time - 1);
    const bar = await until(
      "B's bar playing from A's position",
      () => barOf(b),
      (x) => x.toggle === 'Pause' && x.positionMs >= from.time * 1000 - 1000,
    );
    expect(bar.listeningOn).toBeNull();
    // A stays stopped (its engine was cleared by the transfer); its embed now shows B playing elsewhere.
    expect((await element(a)).paused).toBe(true);
    await until(
      "A's embed listening on B",
      () => a.evaluate(() => document.querySelector('[data-testid="listening-on"]')?.textContent ?? null),
      (line) => line !== null && /^Listening on .+/.test(line),
    );
    expect((await element(a)).paused).toBe(true);

    await b.screenshot({ path: artifactPath('webplayer-remote', 'b-playing-here-1280x800.png') });
    await b.setViewport({ width: 400, height: 800 });
    await b.screenshot({ path: artifactPath('webplayer-remote', 'b-playing-here-400x800.png') });
    await b.setViewport({ width: 380, height: 800 });
    await b.screenshot({ path: artifactPath('webplayer-remote', 'b-playing-here-380x800.png') });
  });
});
