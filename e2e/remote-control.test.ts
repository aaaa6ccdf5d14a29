// Issue 16 Must show, the controller in the widget: in Debian Chromium against the real server on loopback,
// two browser contexts logged in as the same demo user. Context A plays an album embed; context B's embed
// shows A as the active device ("Listening on" it) with A's track and a position that advances; pause, next,
// a seek to 40 s and volume 0.3 from B's controls take effect in A's engine element; B transfers playback to
// itself from its device list and goes on from A's position while A stops. A second user's embed sees none of it.
import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'puppeteer';
import { firstAlbumId, launchChromium, type RunningServer, startServer, stopServerAndPage } from './harness';
import { heard, logIn, waitFor } from './engine-page';
import { artifactPath } from './artifacts';
import { watchPageProblems } from './page-problems';
import { checkEngineSession, checkRecordedSession, keepRecordedSession } from './recorded-session';
import { until } from './until';

jest.setTimeout(240_000);

const problems = watchPageProblems();
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let pageA: Page | undefined;
let pageB: Page | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});
afterEach(() => {
  expect(problems.take()).toEqual([]);
});
afterAll(async () => {
  // The engines' action logs (with their times), to read when a step failed.
  for (const [name, page] of [
    ['a', pageA],
    ['b', pageB],
  ] as const) {
    if (page === undefined || page.isClosed()) continue;
    const logs = await page
      .evaluate(() => {
        const w = window as unknown as { __engineDebug?: { actionLog(): string }; __embedDebug?: { actionLog(): string } };
        return { engine: w.__engineDebug?.actionLog() ?? '', widget: w.__embedDebug?.actionLog() ?? '' };
      })
      .catch(() => ({ engine: '', widget: '' }));
    writeFileSync(artifactPath('remote-control', `e2e-${name}.engine.jsonl`), logs.engine);
    writeFileSync(artifactPath('remote-control', `e2e-${name}.widget.jsonl`), logs.widget);
  }
  for (const context of contexts) await context.close();
  await stopServerAndPage({ server, browser });
});

/** A page in a browser context of its own (its own cookies: its own login, its own engine device). */
async function pageInNewContext(): Promise<Page> {
  const context = await browser.createBrowserContext();
  contexts.push(context);
  const page = problems.watch(await context.newPage());
  await page.setViewport({ width: 300, height: 380 });
  return page;
}

/** The engine's element of a page (not the widget's preview element). */
const element = (p: Page) =>
  p.evaluate(() => {
    const audio = [...document.querySelectorAll<HTMLMediaElement>('audio, video')].find((a) => a.id !== 'preview-audio');
    return { paused: audio?.paused ?? true, time: audio?.currentTime ?? 0, volume: audio?.volume ?? null };
  });

interface Controller {
  /** A cluster reached the widget. */
  readonly observed: boolean;
  readonly activeId: string | null;
  readonly activeLocal: boolean | null;
  readonly deviceIds: string[];
  readonly trackUri: string | null;
  readonly progress: number;
  readonly durationMs: number | null;
  readonly isPlaying: boolean;
  readonly listeningOn: string | null;
  readonly title: string | null;
}

/** What B's widget shows: its state (debug=1) and the remote-control view's line. */
const controllerOf = (p: Page): Promise<Controller> =>
  p.evaluate(() => {
    type Device = { id: string; local: boolean };
    const w = window as unknown as {
      __embedDebug: {
        state(): {
          playback: { trackUri: string | null; progress: number; durationMs: number | null; isPlaying: boolean };
          remote?: { activeDeviceId: string | null; devices: Device[] };
        };
      };
    };
    const state = w.__embedDebug.state();
    const remote = state.remote ?? { activeDeviceId: null, devices: [] };
    const active = remote.devices.find((d) => d.id === remote.activeDeviceId);
    return {
      observed: state.remote !== undefined,
      activeId: remote.activeDeviceId,
      activeLocal: active === undefined ? null : active.local,
      deviceIds: remote.devices.map((d) => d.id),
      trackUri: state.playback.trackUri,
      progress: state.playback.progress,
      durationMs: state.playback.durationMs,
      isPlaying: state.playback.isPlaying,
      listeningOn: document.querySelector('[data-testid="listening-on"]')?.textContent ?? null,
      title: document.querySelector('[data-testid="title"]')?.textContent ?? null,
    };
  });

/** Clicks B's progress bar where `ms` of a `durationMs` track is (spec 000 §2: a click seeks). */
async function clickProgressAt(p: Page, ms: number, durationMs: number): Promise<void> {
  const box = await (await p.$('[data-testid=progress]'))?.boundingBox();
  if (box === null || box === undefined) throw new Error('no progress bar');
  await p.mouse.click(box.x + (box.width * ms) / durationMs, box.y + box.height / 2);
}

async function openAlbum(p: Page): Promise<void> {
  await p.goto(`${server.origin}/embed/album/${firstAlbumId(server.dataDir)}?debug=1`);
  await p.waitForSelector('html[data-hydrated=true]');
  // spec 001 §4 Client lifecycle: the first pointer entry starts the engine, which follows the devices.
  await p.hover('[data-testid=play-button]');
}

describe('the controller in the widget (issue 16 The controller)', () => {
  let a: Page;
  let b: Page;
  let aDevice: string;

  it("B's embed shows A playing the album: A as the active device, its track, a position that advances", async () => {
    a = pageA = await pageInNewContext();
    b = pageB = await pageInNewContext();
    await logIn(a, server.origin, 'demo', 'demo');
    await logIn(b, server.origin, 'demo', 'demo');
    await openAlbum(a);
    await a.click('[data-testid=play-button]');
    const playing = await waitFor(a, 'A playing track 1', (h) => h.time > 1 && h.widget.isPlaying);

    await openAlbum(b);
    const seen = await until(
      'B showing A as the active device',
      () => controllerOf(b),
      // The widget renders a store change a task after it (ui/hooks/deferred-subscribe.ts): the line is awaited with the state.
      (c) => c.activeLocal === false && c.trackUri === playing.widget.trackUri && c.isPlaying && c.listeningOn !== null,
    );
    aDevice = seen.activeId!;
    expect(seen.listeningOn).toMatch(/^Listening on .+/);
    expect(seen.title).not.toBeNull();
    // The position moves on in B by itself (the widget's own ticks from the cluster's position).
    const later = await until(
      "B's position advancing",
      () => controllerOf(b),
      (c) => c.progress >= seen.progress + 2000,
      10_000,
    );
    expect(later.trackUri).toBe(seen.trackUri);
    await b.screenshot({ path: artifactPath('remote-control', 'e2e-b-listening-on-a.png') });
  });

  it("pause, next, a seek to 40 s and volume 0.3 from B's controls reach A's element", async () => {
    await b.click('[data-testid=play-button]');
    await until(
      'A paused',
      () => element(a),
      (e) => e.paused,
    );
    await until(
      'B showing the pause',
      () => controllerOf(b),
      (c) => !c.isPlaying,
    );

    const before = (await heard(a)).widget.trackUri;
    await b.click('[data-testid=skip-forward]');
    const next = await waitFor(a, 'A on the next track', (h) => h.widget.trackUri !== null && h.widget.trackUri !== before);
    const shown = await until(
      'B showing the next track',
      () => controllerOf(b),
      (c) => c.trackUri === next.widget.trackUri && c.durationMs !== null && c.durationMs > 40_000,
    );

    await clickProgressAt(b, 40_000, shown.durationMs!);
    await until(
      'A at 40 s',
      () => element(a),
      (e) => Math.abs(e.time - 40) < 1.5,
    );

    await b.focus('[data-testid=volume-slider]');
    await b.keyboard.press('Home');
    for (let i = 0; i < 30; i += 1) await b.keyboard.press('ArrowRight');
    // spec 001 §9: the remote volume is debounced 1 s; the last one, 0.3, is what A gets.
    await until(
      'A at volume 0.3',
      () => element(a),
      (e) => e.volume !== null && Math.abs(e.volume - 0.3) < 0.001,
    );
    // spec 001 §7: each command's ack_id is confirmed by a cluster once A reports what it did; none timed out.
    const outcomes = await until(
      "B's commands acknowledged",
      async () =>
        (await heard(b)).engineLog.filter(
          (x) => x.type === 'connect/commandSent' || x.type === 'connect/commandAcknowledged' || x.type === 'connect/commandTimedOut',
        ),
      (log) => log.filter((x) => x.type !== 'connect/commandSent').length >= log.filter((x) => x.type === 'connect/commandSent' && x['ackId'] !== null).length,
    );
    expect(outcomes.filter((x) => x.type === 'connect/commandTimedOut')).toEqual([]);
    expect([...new Set(outcomes.filter((x) => x.type === 'connect/commandSent').map((x) => x['endpoint']))]).toEqual([
      'pause',
      'skip_next',
      'seek_to',
      'volume',
    ]);
  });

  it('B takes playback over from its device list: it goes on from where A was, and A stops', async () => {
    // A plays (a skip may have started it already): B's play button resumes it when B shows it paused.
    if (!(await controllerOf(b)).isPlaying) await b.click('[data-testid=play-button]');
    await until(
      'A playing',
      () => element(a),
      (e) => !e.paused,
    );
    await until(
      'B showing A playing',
      () => controllerOf(b),
      (c) => c.isPlaying && c.activeLocal === false,
    );
    const from = await element(a);
    await b.click('[data-testid=devices-button]');
    await b.waitForSelector('[data-testid=device-list]');
    await b.screenshot({ path: artifactPath('remote-control', 'e2e-b-device-list.png') });
    const own = await b.$eval('[data-testid=device-list]', (list) => {
      const mine = [...list.querySelectorAll<HTMLElement>('[data-testid=device]')].find(
        (d) => d.getAttribute('aria-current') === null && d.dataset.deviceId !== undefined && d.textContent?.includes('This browser'),
      );
      return mine?.dataset.deviceId ?? null;
    });
    expect(own).not.toBeNull();
    expect(own).not.toBe(aDevice);
    await b.click(`[data-testid=device][data-device-id="${own}"]`);

    await until(
      'B playing',
      () => element(b),
      (e) => !e.paused && e.time > 0,
    );
    await until(
      'A stopped',
      () => element(a),
      (e) => e.paused,
    );
    const here = await element(b);
    expect(here.time).toBeGreaterThanOrEqual(from.time - 1);
    const after = await until(
      'B as the active device, its own',
      () => controllerOf(b),
      (c) => c.activeId === own && c.activeLocal === true && c.listeningOn === null,
    );
    // Playback here: no "Listening on" line; the widget shows its own engine.
    expect(after.listeningOn).toBeNull();
    // Issue 19 regression corpus: A, the controlled device (commanded by B, then playback taken from it), both its logs;
    // and B's widget, the controller's side in the widget (fixtures/sessions/remote-control{led,ler-widget}.*).
    keepRecordedSession('remote-controlled', await checkRecordedSession(a));
    keepRecordedSession('remote-controlled.engine', await checkEngineSession(a));
    keepRecordedSession('remote-controller-widget', await checkRecordedSession(b));
  });

  it("a second user's embed sees none of it", async () => {
    const other = await pageInNewContext();
    // A second premium listener (the seeded free one made premium here): its embed has an engine device and the
    // device picker of its own, so what it lists is the provider's answer for that user, not an empty preview widget.
    await server.app.database.kysely.updateTable('accounts').set({ product: 'premium' }).where('username', '=', 'free').execute();
    await logIn(other, server.origin, 'free', 'free');
    await openAlbum(other);
    // Its engine observes too: its own device only (its own engine's), none of demo's, nothing active.
    const seen = await until(
      "the second user's devices",
      () => controllerOf(other),
      (c) => c.observed && c.deviceIds.length > 0,
      20_000,
    );
    const demo = await controllerOf(b);
    // demo's devices (A's and B's engines) are there to be seen: the checks below are not of an empty world.
    expect(demo.deviceIds).toEqual(expect.arrayContaining([aDevice]));
    expect(demo.deviceIds.length).toBeGreaterThanOrEqual(2);
    expect(seen.deviceIds).toHaveLength(1);
    expect(seen.deviceIds.filter((id) => demo.deviceIds.includes(id))).toEqual([]);
    expect(seen.activeId).toBeNull();
    expect(seen.listeningOn).toBeNull();
    expect(seen.isPlaying).toBe(false);

    // The picker the second user opens lists its own browser only: none of demo's devices, none marked active.
    await other.click('[data-testid=devices-button]');
    await other.waitForSelector('[data-testid=device-list]');
    await other.screenshot({ path: artifactPath('remote-control', 'e2e-other-device-list.png') });
    const picker = await other.$eval('[data-testid=device-list]', (list) =>
      [...list.querySelectorAll<HTMLElement>('[data-testid=device]')].map((d) => ({ id: d.dataset.deviceId ?? null, current: d.getAttribute('aria-current') })),
    );
    expect(picker.map((d) => d.id)).toEqual(seen.deviceIds);
    expect(picker.filter((d) => d.id === null || demo.deviceIds.includes(d.id))).toEqual([]);
    expect(picker.filter((d) => d.current !== null)).toEqual([]);

    // spec 001 §7 GET /v1/me/player/devices with each page's own token: demo's lists A, the second user's none of demo's.
    const listed = (p: Page) =>
      p.evaluate(async () => {
        // The token the page's login gives (GET /access_token with its session cookie), as a page of the user would ask.
        const { accessToken } = (await (await fetch('/access_token?productType=web_player')).json()) as { accessToken: string };
        const answer = await fetch('/v1/me/player/devices', { headers: { authorization: `Bearer ${accessToken}` } });
        const body = (await answer.json()) as { devices?: { id: string; is_active: boolean }[] };
        return { status: answer.status, devices: body.devices ?? [] };
      });
    const demoListed = await listed(b);
    expect(demoListed.status).toBe(200);
    expect(demoListed.devices.map((d) => d.id)).toEqual(expect.arrayContaining([aDevice]));
    const otherListed = await listed(other);
    expect(otherListed.status).toBe(200);
    expect(otherListed.devices.map((d) => d.id)).toEqual(seen.deviceIds);
    expect(otherListed.devices.filter((d) => demoListed.devices.some((x) => x.id === d.id) || d.is_active)).toEqual([]);
  });
});
