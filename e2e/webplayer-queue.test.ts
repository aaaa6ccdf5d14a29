// spec 001 §4 Playback actions: add to queue, in the web player. A logged-in listener plays an album,
// adds a song of another album to the queue from a row (by keyboard): the song playing goes on as it is
// (the engine's element is not reloaded, seeked or refetched); skips next: the queued song plays;
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
/** The page's requests, in order: path, Range header (the media's byte ranges) and body. */
const requests: Array<{ path: string; range: string | null; body: string }> = [];

/** Waits (bounded) until `found` holds. */
async function until(found: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !found(); i += 1) await new Promise((r) => setTimeout(r, 100));
  if (!found()) throw new Error(`never: ${what}`);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  page = await newPageCollectingErrors(browser, pageErrors);
  page.on('request', (r) => {
    bodies.push(r.postData() ?? '');
    requests.push({ path: decodeURIComponent(new URL(r.url()).pathname), range: r.headers()['range'] ?? null, body: r.postData() ?? '' });
  });
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
  it('a listener plays an album, queues a song of another album from its row: the song playing goes on, not reloaded; skips next: the queued song plays, then the album goes on', async () => {
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
    // The engine's element playing the album's first track: from here on it records what would make a gap
    // (a reload empties it and starts a load, a seek seeks), and where it is.
    await page.evaluate(() => {
      const element = [...document.querySelectorAll<HTMLMediaElement>('audio, video')].find((a) => !a.paused && a.currentTime > 0.3);
      if (element === undefined) throw new Error('no element playing');
      const events: string[] = [];
      for (const type of ['emptied', 'loadstart', 'seeking', 'abort']) element.addEventListener(type, () => events.push(type));
      Object.assign(window, { queueProbe: { element, events } });
    });
    // The file the element plays (its fragments are fetched from /cdn/audio/{fileId}) and the ranges fetched of it so far.
    const audio = requests.filter((r) => r.path.startsWith('/cdn/audio/'));
    const playingFile = audio[audio.length - 1]?.path.slice('/cdn/audio/'.length);
    expect(playingFile).toBeDefined();
    const mark = requests.length;
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
    // The same element goes on playing past where it was once the new machine was taken, and nothing
    // emptied, loaded or seeked it: no reload, so no gap.
    const adoptedAt = await page.evaluate(() => (window as unknown as { queueProbe: { element: HTMLMediaElement } }).queueProbe.element.currentTime);
    await page.waitForFunction(
      (from) => {
        const { element } = (window as unknown as { queueProbe: { element: HTMLMediaElement } }).queueProbe;
        return element.isConnected && !element.paused && element.currentTime > from + 1;
      },
      { timeout: 30_000 },
      adoptedAt,
    );
    expect(await page.evaluate(() => (window as unknown as { queueProbe: { events: string[] } }).queueProbe.events)).toEqual([]);
    // Nor was the playing file resolved, its seek table read or any range of it fetched again (a reload fetches
    // its init segment and the fragment at the position anew); fragments further on may follow as it plays.
    const before = new Set(audio.filter((r) => r.path === `/cdn/audio/${playingFile}`).map((r) => r.range));
    const since = requests.slice(mark);
    expect(since.filter((r) => (r.path.includes('/storage-resolve/') || r.path.includes('/seektable/')) && r.path.includes(playingFile!))).toEqual([]);
    expect(since.filter((r) => r.path === `/cdn/audio/${playingFile}` && before.has(r.range))).toEqual([]);
    await page.screenshot({ path: artifactPath('webplayer-queue', 'queued.png') });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: artifactPath('webplayer-queue', 'queued.png') });

    await page.click('.wp-bar button[aria-label="Next"]');
    await playing(queued!.name);

    await page.click('.wp-bar button[aria-label="Next"]');
    await playing(albumTracks[1]!.name);

    // One play of the first track, one playback logged as started for it (spec 001 §7 jssdk_playback_start; a log
    // sent again is the same playback id): the queue change started no second one. Read once the start of the
    // track playing now was logged, after it.
    const started = (uri: string) =>
      new Set(
        requests
          .filter((r) => r.path.endsWith('/v1/logging/jssdk_playback_start'))
          .map((r) => JSON.parse(r.body) as { play_track?: string; playback_id?: string })
          .filter((log) => log.play_track === uri)
          .map((log) => log.playback_id),
      );
    await until(() => started(`spotify:track:${albumTracks[1]!.id}`).size > 0, "the album's second track's playback start logged");
    expect(started(`spotify:track:${albumTracks[0]!.id}`).size).toBe(1);
  }, 180_000);
});
