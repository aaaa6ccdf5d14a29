// Issue 16 "The engine's controller is usable without our UI": in Debian Chromium, a plain page of the
// provider imports the engine's bundle (/widget/engine.js), and its controller (ui/engine/remote-controller.ts)
// sees the album a logged-in listener plays in another page, then pauses, seeks, sets the volume of that page's
// engine (spec 001 §4: the device obeys through replace_state and set_volume) and transfers playback to itself,
// where it goes on from the same position while the other page stops. Pause, seek, volume and resume resolve
// acknowledged by a cluster's ack_id (spec 001 §7).
import type { Browser, HTTPResponse, Page } from 'puppeteer';
import { firstAlbumId, startServerAndPage, stopServerAndPage, type RunningServer } from './harness';
import { waitFor } from './engine-page';
import { checkEngineSession, keepRecordedSession } from './recorded-session';
import { until } from './until';

jest.setTimeout(150_000);

const pageErrors: string[] = [];
let server: RunningServer;
let browser: Browser;
let player: Page;
let controller: Page;

beforeAll(async () => {
  ({ server, browser, page: player } = await startServerAndPage(pageErrors));
});
afterAll(() => stopServerAndPage({ server, browser }));

/** Issue 12: the access tokens and ClearKey keys the server gave the controller's page, which its kept session must not hold. */
const issued = new Set<string>();
async function noteIssuedSecrets(response: HTTPResponse): Promise<void> {
  if (!/\/access_token|\/licence\//.test(response.url())) return;
  const text = await response.text().catch(() => ''); // a redirect or a dropped answer has no body
  for (const match of text.matchAll(/"(?:accessToken|k)":"([^"]+)"/g)) issued.add(match[1] ?? '');
}

/** The engine's element of a page (not the widget's preview element). */
const element = (p: Page) =>
  p.evaluate(() => {
    const audio = [...document.querySelectorAll<HTMLMediaElement>('audio, video')].find((a) => a.id !== 'preview-audio');
    return { paused: audio?.paused ?? true, time: audio?.currentTime ?? 0, volume: audio?.volume ?? null };
  });

/** The provider's login page, going on to a light page (the default, the demo page, loads many embeds). */
async function logIn(p: Page, origin: string, path: string): Promise<void> {
  await p.goto(`${origin}/login?continue=${encodeURIComponent(path)}`);
  await p.type('input[name=username]', 'demo');
  await p.type('input[name=password]', 'demo');
  await p.click('button[type=submit]');
  await until(
    'the login going on',
    () => Promise.resolve(p.url()),
    (url) => url === origin + path,
  );
  await p.waitForSelector('body');
}

interface Seen {
  readonly activeId: string | null;
  readonly localId: string;
  readonly devices: string[];
  readonly track: string | null;
  readonly paused: boolean | null;
  readonly duration: number | null;
}

/** What the controller page's cluster says now. */
const cluster = (): Promise<Seen> =>
  controller.evaluate(() => {
    const w = window as unknown as {
      __seen: {
        cluster: {
          active_device_id: string | null;
          devices: Record<string, unknown>;
          player_state: { track: { uri: string } | null; is_paused: boolean; duration: number | null } | null;
        } | null;
      };
      __remote: { localDeviceId: string };
    };
    const c = w.__seen.cluster;
    return {
      activeId: c?.active_device_id ?? null,
      localId: w.__remote.localDeviceId,
      devices: Object.keys(c?.devices ?? {}),
      track: c?.player_state?.track?.uri ?? null,
      paused: c?.player_state?.is_paused ?? null,
      duration: c?.player_state?.duration ?? null,
    };
  });

/** Runs one controller call in the page and gives back its outcome. */
const command = (call: string, ...args: unknown[]): Promise<{ ok: boolean; status: string; err?: string }> =>
  within(
    `${call} to resolve`,
    20_000,
    controller.evaluate(
      (name, values) =>
        (window as unknown as { __remote: Record<string, (...a: unknown[]) => Promise<{ ok: boolean; status: string }>> }).__remote[name]!(...values),
      call,
      args,
    ),
  );

/** `promise`, or an error naming `what` after `ms`. */
function within<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('the engine controller module in a page of its own (issue 16)', () => {
  it('sees the listener playing in another page, commands it, and takes playback over', async () => {
    const origin = server.origin;
    const album = firstAlbumId(server.dataDir);
    await logIn(player, origin, `/album/${album}`);
    await player.goto(`${origin}/embed/album/${album}?debug=1`);
    await player.waitForSelector('html[data-hydrated=true]');
    await player.hover('[data-testid=play-button]');
    await player.click('[data-testid=play-button]');
    await waitFor(player, 'the engine playing', (h) => h.time > 1 && h.widget.isPlaying);

    // A page of the provider with no player of its own (the terms page: a web player page such as /album/{id} runs its own
    // engine for its player bar, issue 16): the controller module from the engine's bundle, as a site's page would use it.
    // Another browser context (another machine): its own stored device id, logged in as the same user.
    controller = await (await browser.createBrowserContext()).newPage();
    controller.on('pageerror', (err) => pageErrors.push(String(err)));
    controller.on('response', (response) => void noteIssuedSecrets(response));
    controller.on('console', (msg) => {
      if (msg.type() === 'error') pageErrors.push(msg.text());
    });
    await logIn(controller, origin, '/legal/terms');
    // debug=1: the controller's engine hands out its action log and port transcript (ui/engine/engine-client.ts), kept below.
    await controller.goto(`${origin}/legal/terms?debug=1`);
    // As a string: the test's compiler would turn the import() of a function into a require().
    await within(
      'the controller started',
      30_000,
      controller.evaluate(`(async () => {
        const bundle = await import('/widget/engine.js');
        const engine = await bundle.startEngineClient({ hosts: { api: '', accounts: '' }, version: 'e2e' });
        window.__remote = engine.controller;
        window.__seen = { cluster: null };
        engine.controller.cluster$.subscribe((c) => { window.__seen.cluster = c; });
        engine.controller.observe();
      })()`),
    );
    const seen = await until(
      'the playing page as the active device',
      cluster,
      (c) => c.activeId !== null && c.activeId !== c.localId && c.track !== null && c.paused === false,
    );
    expect(seen.track).toMatch(/^spotify:track:/);
    const playerId = seen.activeId!;

    expect(await command('pause')).toMatchObject({ ok: true, status: 'acknowledged' });
    await until(
      'the player paused',
      () => element(player),
      (e) => e.paused,
    );

    const target = Math.round(Math.min(40_000, (seen.duration ?? 60_000) / 2));
    expect(await command('seekTo', target)).toMatchObject({ ok: true, status: 'acknowledged' });
    await until(
      'the player at the seek target',
      () => element(player),
      (e) => Math.abs(e.time * 1000 - target) < 1500,
    );

    expect(await command('setVolume', 0.3)).toMatchObject({ ok: true, status: 'acknowledged' });
    await until(
      'the player at volume 0.3',
      () => element(player),
      (e) => e.volume !== null && Math.abs(e.volume - 0.3) < 0.001,
    );

    expect(await command('resume')).toMatchObject({ ok: true, status: 'acknowledged' });
    await until(
      'the player playing again',
      () => element(player),
      (e) => !e.paused,
    );
    const before = await element(player);

    // Transfer to the controller's own engine: it goes on from where the player was, and the player stops.
    const local = (await cluster()).localId;
    expect(await command('transfer', local)).toMatchObject({ ok: true });
    await until(
      'the controller page playing',
      () => element(controller),
      (e) => !e.paused && e.time > 0,
    );
    await until(
      'the player stopped',
      () => element(player),
      (e) => e.paused,
    );
    const here = await element(controller);
    expect(here.time).toBeGreaterThanOrEqual(before.time - 1);
    await until('the controller as the active device', cluster, (c) => c.activeId === local && c.activeId !== playerId);
    expect(pageErrors).toEqual([]);
  });

  it("the controller's engine session replays in both modes, the engine's over its port transcript, and holds no secret (issue 16, ARCHITECTURE.md §3, issue 12)", async () => {
    // Kept as fixtures/sessions/remote-controller.engine.* with RECORD_SESSIONS=1 (fixtures/sessions/sessions.test.ts replays it).
    const session = await checkEngineSession(controller);
    const cookie = (await controller.cookies()).find((c) => c.name === 'sp_dc')?.value;
    expect(cookie).toBeDefined();
    expect(issued.size).toBeGreaterThanOrEqual(1);
    for (const secret of [...issued, cookie ?? '']) {
      for (const [where, text] of Object.entries({ log: session.jsonl, transcript: session.transcript, state: JSON.stringify(session.liveState) })) {
        if (text.includes(secret)) throw new Error(`the controller's ${where} holds a secret the server issued (${secret.slice(0, 4)}…)`);
      }
    }
    expect(session.transcript).toContain('Bearer REDACTED_TOKEN_');
    keepRecordedSession('remote-controller.engine', session);
  });
});
