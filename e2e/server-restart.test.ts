// Issue 12 Faults: a server restart during playback does not stop the listener. The provider runs
// as a real child process (node dist/server/main.js) on a fixed port and data directory; it is
// killed while a logged-in listener plays an album and started again on the same port and data
// directory. The device and its player state are persisted (server/playback/device-registry.ts),
// and the engine re-registers on the new dealer connection (spec 001 §4 Device service client),
// so the same track goes on from where it was.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { firstAlbumId, freePort, launchChromium, newPageCollectingErrors, spawnServer, type ChildServer } from './harness';
import { logIn, waitFor, type Heard } from './engine-page';
import { rowsOfDataDir } from '../server/testing/stores';

jest.setTimeout(180_000);

const pageErrors: string[] = [];
let dataDir: string;
let port: number;
let server: ChildServer | undefined;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'embed-restart-'));
  port = await freePort();
  server = await spawnServer({ port, dataDir });
  browser = await launchChromium();
  page = await newPageCollectingErrors(browser, pageErrors);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const registrations = (h: Heard): number => h.engineActions.filter((t) => t === 'device/registered').length;

/** Kills the server with `signal` while the track plays, starts it again, and checks the same track goes on past where it was. */
async function restartDuringPlayback(signal: NodeJS.Signals): Promise<void> {
  const before = await waitFor(page, 'the track playing', (h) => h.time > 1 && h.widget.isPlaying && h.error === null);
  await server?.stop(signal);
  server = undefined;
  server = await spawnServer({ port, dataDir });
  const back = await waitFor(page, 'a registration on the restarted server', (h) => registrations(h) > registrations(before), 30_000);
  // The engine's element goes on with the same track, past the position it had when the server went away.
  const later = await waitFor(page, 'the same track going on', (h) => h.time > Math.max(before.time, back.time) + 2 && h.widget.isPlaying, 30_000);
  expect(later.widget.trackUri).toBe(before.widget.trackUri);
  expect(later.error).toBeNull();
}

/** The engine's device id, as the provider stored it with its state updates. */
async function deviceIdOf(): Promise<string> {
  // The data directory's database: SQLite, or Postgres in the Postgres run.
  const [row] = await rowsOfDataDir<{ device_id: string }>(dataDir, 'SELECT device_id FROM playback_state_updates ORDER BY id DESC LIMIT 1');
  if (row === undefined) throw new Error('no state update stored');
  return row.device_id;
}

/** A remote pause (spec 001 §7 player command) from the listener's own page: what the provider answers. */
const remotePause = (deviceId: string): Promise<number> =>
  page.evaluate(async (id) => {
    const token = (await (await fetch('/access_token?reason=transport&productType=web_player')).json()) as { accessToken: string };
    const path = `/connect-state/v1/player/command/from/${encodeURIComponent(id)}/to/${encodeURIComponent(id)}`;
    const body = JSON.stringify({ command: { endpoint: 'pause' } });
    const answer = await fetch(path, { method: 'POST', headers: { authorization: `Bearer ${token.accessToken}`, 'content-type': 'application/json' }, body });
    return answer.status;
  }, deviceId);

describe('a server restart during playback (issue 12 Faults)', () => {
  it('a logged-in listener plays the first track of an album', async () => {
    const origin = `http://127.0.0.1:${port}`;
    await logIn(page, origin, 'demo', 'demo');
    await page.goto(`${origin}/embed/album/${firstAlbumId(dataDir)}?debug=1`);
    await page.waitForSelector('html[data-hydrated=true]');
    await page.hover('[data-testid=play-button]');
    await page.click('[data-testid=play-button]');
    const playing = await waitFor(page, 'the engine playing', (h) => h.time > 1 && h.widget.isPlaying);
    expect(playing.engineActions).toContain('device/registered');
  });

  it('goes on with the same track after the server is stopped with SIGTERM and started again', async () => {
    await restartDuringPlayback('SIGTERM');
  });

  it('goes on with the same track after the server is killed with SIGKILL and started again', async () => {
    await restartDuringPlayback('SIGKILL');
  });

  it('the restarted provider still knows what the device plays: a remote pause reaches it (its player state was persisted)', async () => {
    // With the player state lost, the provider has no machine for the device and answers 409 'Nothing playing'.
    expect(await remotePause(await deviceIdOf())).toBe(200);
    await waitFor(page, 'the remote pause', (h) => !h.widget.isPlaying, 20_000);
    // While the server is down the browser reports the refused connections; nothing else may fail.
    const outage = /net::ERR_CONNECTION_REFUSED|net::ERR_EMPTY_RESPONSE|net::ERR_CONNECTION_RESET/;
    expect(pageErrors.filter((e) => !outage.test(e))).toEqual([]);
  });
});
