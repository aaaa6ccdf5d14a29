// spec 001 §4 Playback actions: add to queue, in the web player. A logged-in listener plays an album,
// adds a song of another album to the queue from a row (by keyboard), skips next: the queued song plays;
// skips next again: the album goes on with its second track (spec 001 §7 set_queue through the provider).
import type { Browser, CDPSession, Page } from 'puppeteer-core';
import { artifactPath } from './artifacts';
import { axeViolations, hydrated } from './axe';
import { launchChromium, newPageCollectingErrors, startServer, type RunningServer } from './harness';
import { demoCatalogue } from '../server/testing/demo-catalogue';

const catalogue = demoCatalogue();
const [album, other] = catalogue.albums;
const tracksOf = (albumId: string) => catalogue.tracks.filter((t) => t.albumId === albumId);

let server: RunningServer;
let browser: Browser;
let page: Page;
let cdp: CDPSession;
const pageErrors: string[] = [];
/** The state machines the page's device was sent (replace_state over the dealer), in order. */
const machines: Array<{ id: string; uris: string[] }> = [];
/** The bodies the page sent (its device's state updates among them). */
const bodies: string[] = [];

/** Waits (bounded) until `found` holds. */
async function until(found: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !found(); i += 1) await new Promise((r) => setTimeout(r, 100));
  if (!found()) throw new Error(`never: ${what}`);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  page = await newPageCollectingErrors(browser, pageErrors);
  page.on('request', (r) => bodies.push(r.postData() ?? ''));
  cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  cdp.on('Network.webSocketFrameReceived', ({ response }: { response: { payloadData: string } }) => {
    try {
      const frame = JSON.parse(response.payloadData) as { type?: string; message?: { type?: string; state_machine?: any } };
      const machine = frame.type === 'request' && frame.message?.type === 'replace_state' ? frame.message.state_machine : null;
      if (machine != null) machines.push({ id: machine.state_machine_id, uris: machine.tracks.map((t: any) => t.metadata.uri) });
    } catch {
      // Not JSON: not a command.
    }
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

afterEach(() => {
  expect(pageErrors).toEqual([]);
});

/** The audio plays the bar's track: its name shows, and the element advances. */
async function playing(name: string): Promise<void> {
  await page.waitForFunction((n) => document.querySelector('.wp-now')?.textContent === n, { timeout: 30_000 }, name);
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLMediaElement>('audio, video')].some((a) => !a.paused && a.currentTime > 0.3), {
    timeout: 30_000,
  });
}

describe('add to queue in the web player (spec 001 §4 Playback actions, §7 set_queue)', () => {
  it('a listener plays an album, queues a song of another album from its row, skips next: the queued song plays, then the album goes on', async () => {
    expect(album).toBeDefined();
    expect(other).toBeDefined();
    const albumTracks = tracksOf(album!.id);
    expect(albumTracks.length).toBeGreaterThanOrEqual(2);

    // A search whose page shows the album's card and songs of both albums (every name or its album's has an "e").
    const path = '/search/e';
    await page.goto(`${server.origin}/login?continue=${encodeURIComponent(path)}`, { waitUntil: 'load' });
    await page.type('#username', 'demo');
    await page.type('#password', 'demo');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type="submit"]')]);
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(path);
    await hydrated(page);

    await page.click(`.wp-card button[aria-label="Play ${album!.name}"]`);
    await playing(albumTracks[0]!.name);

    // A song of the other album that the page lists; its row's action, by keyboard: focus the named button, then Enter.
    const labels = await page.$$eval('button.wp-q-add', (buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    const queued = tracksOf(other!.id).find((t) => labels.includes(`Add ${t.name} to queue`));
    expect(queued).toBeDefined();
    const add = `button[aria-label="Add ${queued!.name} to queue"]`;
    await page.focus(add);
    await page.waitForFunction((sel) => document.activeElement === document.querySelector(sel), {}, add);
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && (r.request().postData() ?? '').includes('"set_queue"'), { timeout: 30_000 }),
      page.keyboard.press('Enter'),
    ]);
    expect(sent.ok()).toBe(true);
    expect(await page.$eval('.wp-q-notice', (n) => n.textContent)).toBe(`Added to queue: ${queued!.name}`);

    // The provider's new machine: the playing track, the queued one, then the rest of the album.
    const queuedUri = `spotify:track:${queued!.id}`;
    await until(() => machines.some((m) => m.uris.includes(queuedUri)), 'a machine with the queued track');
    const machine = machines.find((m) => m.uris.includes(queuedUri));
    expect(machine?.uris).toEqual([`spotify:track:${albumTracks[0]!.id}`, queuedUri, ...albumTracks.slice(1).map((t) => `spotify:track:${t.id}`)]);
    // The engine took it: it reports its state on the new machine, and plays on.
    await until(() => bodies.some((b) => b.includes(machine!.id)), 'a state update on the new machine');
    await playing(albumTracks[0]!.name);
    await page.screenshot({ path: artifactPath('webplayer-queue', 'queued.png') });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: artifactPath('webplayer-queue', 'queued.png') });

    await page.click('.wp-bar button[aria-label="Next"]');
    await playing(queued!.name);

    await page.click('.wp-bar button[aria-label="Next"]');
    await playing(albumTracks[1]!.name);
  }, 180_000);
});
