// spec 001 §4 device service: a device id identifies one player, so two live pages of one browser
// (one origin, one local storage) never register the same id. In Debian Chromium against the real
// server on loopback, one browser context logged in as the demo user opens two web player pages:
// each registers its own device and lists the other; a play in one leaves the other's player as it
// was; a reload keeps a page's device; a closed page's id goes to the next page that opens
// (adapters/browser/device-id-lock.ts over Web Locks, core/engine/device/device-pool.ts).
// Run `node build.mjs` first.
import type { Browser, BrowserContext, Page } from 'puppeteer';
import { hydrated } from './axe';
import { logIn } from './engine-page';
import { firstAlbumId, launchChromium, type RunningServer, startServer, stopServerAndPage } from './harness';
import { watchPageProblems } from './page-problems';
import { until } from './until';

jest.setTimeout(240_000);

const problems = watchPageProblems();
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  context = await browser.createBrowserContext();
});
afterEach(() => {
  expect(problems.take()).toEqual([]);
});
afterAll(async () => {
  await context?.close();
  await stopServerAndPage({ server, browser });
});

interface Listed {
  readonly id: string;
  readonly name: string;
  readonly own: boolean;
}

/** A web player page of the album, hydrated: a logged-in page's engine starts and registers at once (it follows the devices). */
async function openPlayer(url: string): Promise<Page> {
  const page = problems.watch(await context.newPage());
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(url);
  await hydrated(page);
  return page;
}

/** The page's device list as its picker shows it, once it lists its own device and `others` more. */
async function devicesOf(page: Page, others: number): Promise<Listed[]> {
  // A page behind another renders nothing, and a click waits for it to render: this one comes to the front.
  await page.bringToFront();
  await page.click('[data-testid=devices-button]');
  await page.waitForSelector('[data-testid=device-list]');
  const listed = await until(
    `a list of this browser and ${others} more`,
    () =>
      page.$eval('[data-testid=device-list]', (list) =>
        [...list.querySelectorAll<HTMLElement>('[data-testid=device]')].map((d) => ({
          id: d.dataset.deviceId ?? '',
          name: d.querySelector('.device-list__name')?.textContent ?? '',
          own: d.textContent?.includes('This browser') ?? false,
        })),
      ),
    (devices) => devices.filter((d) => d.own).length === 1 && devices.length >= others + 1,
  );
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=device-list]', { hidden: true });
  return listed;
}

/** This page's own device: the one its list marks "This browser". */
const ownOf = (listed: Listed[]): Listed => listed.find((d) => d.own)!;

/** The page's engine element (not its preview element). */
const engineElement = (page: Page) =>
  page.evaluate(() => {
    const media = [...document.querySelectorAll<HTMLMediaElement>('audio, video')].find((a) => !a.classList.contains('wp-preview-audio'));
    return { paused: media?.paused ?? true, time: media?.currentTime ?? 0 };
  });

/** Whether a page (any of the context's) sees the lock of that device id held. */
const lockHeld = (page: Page, id: string) =>
  page.evaluate(async (name) => ((await navigator.locks.query()).held ?? []).some((lock) => lock.name === name), `embed.device:${id}`);

describe('two pages of one browser are two devices (spec 001 §4: a device id identifies one player)', () => {
  it('two web player pages register distinct ids and list each other; a play in one leaves the other alone; a reload keeps the id; a closed page frees its id', async () => {
    const login = problems.watch(await context.newPage());
    await logIn(login, server.origin, 'demo', 'demo');
    await login.close();
    const url = `${server.origin}/album/${firstAlbumId(server.dataDir)}`;

    const a = await openPlayer(url);
    const aOwn = ownOf(await devicesOf(a, 0));
    const b = await openPlayer(url);
    const bListed = await devicesOf(b, 1);
    const bOwn = ownOf(bListed);
    expect(bOwn.id).not.toBe(aOwn.id);
    // Each lists the other; the names tell the two pages of this browser apart (spec 001 §3 name template, numbered).
    expect(bListed.map((d) => d.id)).toContain(aOwn.id);
    const aListed = await devicesOf(a, 1);
    expect(aListed.map((d) => d.id)).toContain(bOwn.id);
    expect(ownOf(aListed).id).toBe(aOwn.id);
    expect(aOwn.name).toMatch(/^Web Player \(.+\)$/);
    expect(bOwn.name).toMatch(/^Web Player 2 \(.+\)$/);

    // A plays the album; B's own player stays as it was, and B's bar shows the play as A's.
    await a.bringToFront();
    await a.click('.wp-bigplay');
    await until(
      'A playing',
      () => engineElement(a),
      (e) => !e.paused && e.time > 1,
    );
    const listening = await until(
      "B's bar listening on A",
      () => b.evaluate(() => document.querySelector('.wp-bar [data-testid="listening-on"]')?.textContent ?? null),
      (line) => line !== null,
    );
    expect(listening).toContain(aOwn.name);
    await until(
      'A playing on',
      () => engineElement(a),
      (e) => !e.paused && e.time > 3,
    );
    expect(await engineElement(b)).toEqual({ paused: true, time: 0 });
    const active = await b.evaluate(async () => {
      const data = JSON.parse(document.getElementById('webplayer-data')?.textContent ?? '{}') as { session?: { accessToken: string } };
      const answer = await fetch('/v1/me/player/devices', { headers: { authorization: `Bearer ${data.session?.accessToken ?? ''}` } });
      return ((await answer.json()) as { devices?: Array<{ id: string; is_active: boolean }> }).devices?.filter((d) => d.is_active).map((d) => d.id);
    });
    expect(active).toEqual([aOwn.id]);
    await a.bringToFront();
    await a.click('.wp-bar .wp-toggle');
    await until(
      'A paused',
      () => engineElement(a),
      (e) => e.paused,
    );

    // A reload keeps the page's device: the same id, the same name, and the list does not grow.
    await b.reload();
    await hydrated(b);
    const reloaded = await devicesOf(b, 1);
    expect(ownOf(reloaded)).toEqual(bOwn);
    expect(reloaded.map((d) => d.id).sort()).toEqual(bListed.map((d) => d.id).sort());

    // A closes: its id is free again. B reloaded keeps its own id all the same (the tab remembers it);
    // a page opened next takes A's.
    await a.close();
    await until(
      "A's lock let go",
      () => lockHeld(b, aOwn.id),
      (held) => !held,
    );
    await b.reload();
    await hydrated(b);
    expect(ownOf(await devicesOf(b, 0)).id).toBe(bOwn.id);
    const c = await openPlayer(url);
    const cOwn = ownOf(await devicesOf(c, 1));
    expect(cOwn).toEqual({ ...aOwn, own: true });
    await c.close();
    await b.close();
  });
});
