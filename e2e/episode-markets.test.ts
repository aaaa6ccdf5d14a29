// Issue 13, spec 000 §5 in Debian Chromium against the real server: an episode not sold in the
// visitor's market (the demo show's newest, not sold in SE, the server's country) is marked
// unavailable in the show's list, and selecting it shows the unavailable notice (spec 000 §8's text)
// instead of playing, for an anonymous visitor (preview) and a logged-in one (the engine) alike; its
// own embed shows the notice on play; and when the provider knows better than the page (the account's
// market changed since), it refuses the play command and the engine reports the item unavailable.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { artifactPath } from './artifacts';
import { demoCatalogue } from '../server/testing/demo-catalogue';
import { heard, logIn, waitFor } from './engine-page';
import { type RunningServer, startServerAndPage, stopServerAndPage } from './harness';

jest.setTimeout(120_000);

const ROOT = resolve(__dirname, '..');
const en = JSON.parse(readFileSync(join(ROOT, 'fixtures/translations/en.json'), 'utf8')) as Record<string, string>;
const { shows, episodes } = demoCatalogue();
const show = shows[0]!;
const unsold = episodes.find((e) => e.showId === show.id && !e.availableMarkets.includes('SE'))!;
const sold = episodes.find((e) => e.showId === show.id && e.availableMarkets.includes('SE'))!;

const pageErrors: string[] = [];
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await startServerAndPage(pageErrors));
  await page.setViewport({ width: 400, height: 380 });
});
afterAll(() => stopServerAndPage({ server, browser }));

interface RowView {
  readonly text: string;
  readonly unavailable: boolean;
  /** The row's accessible name as aria-labelledby composes it. */
  readonly name: string;
}

async function openEmbed(path: string): Promise<void> {
  await page.goto(`${server.origin}${path}?debug=1`, { waitUntil: 'load' });
  await page.waitForSelector('html[data-hydrated=true]', { timeout: 10_000 });
}

const rowViews = (): Promise<RowView[]> =>
  page.$$eval('[data-testid="track-row"]', (rows) =>
    rows.map((row) => ({
      text: row.textContent ?? '',
      unavailable: row.classList.contains('track-row--unavailable'),
      name: (row.getAttribute('aria-labelledby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .filter((text) => text !== '')
        .join(' '),
    })),
  );

/** Only the unsold episode's row is marked, and its accessible name says so. */
async function expectUnsoldMarked(): Promise<number> {
  const rows = await rowViews();
  const index = rows.findIndex((row) => row.text.includes(unsold.name));
  expect(index).toBeGreaterThanOrEqual(0);
  expect(rows.map((row) => row.unavailable)).toEqual(rows.map((_row, i) => i === index));
  expect(rows[index]!.name.endsWith(en.track_row_unavailable!)).toBe(true);
  return index;
}

async function expectNotice(): Promise<void> {
  await page.waitForSelector('[data-testid="unavailable-modal"]', { timeout: 10_000 });
  expect(await page.$eval('[data-testid="unavailable-modal"]', (el) => el.textContent)).toContain(en.embed_episode_preview_not_available);
}

async function closeNotice(): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.querySelector('[data-testid="unavailable-modal"]') === null, { timeout: 5_000 });
}

const rowAt = async (index: number) => (await page.$$('[data-testid="track-row"]'))[index]!;
const indexOfName = async (name: string) => (await rowViews()).findIndex((row) => row.text.includes(name));

describe("an episode not sold in the visitor's market (spec 000 §5; issue 13)", () => {
  it('anonymous: the show marks it; a click shows the notice and loads nothing; a sold episode still plays its preview', async () => {
    await openEmbed(`/embed/show/${show.id}`);
    const index = await expectUnsoldMarked();
    await (await rowAt(index)).click();
    await expectNotice();
    const preview = await page.$eval('audio#preview-audio', (el) => ({ paused: el.paused, src: el.currentSrc }));
    expect(preview.paused).toBe(true);
    expect(preview.src).not.toContain(unsold.preview);
    await page.screenshot({ path: artifactPath('episode-markets-anonymous.png') });
    await closeNotice();

    await (await rowAt(await indexOfName(sold.name))).click();
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('audio#preview-audio')?.currentTime ?? 0) > 0.3, { timeout: 15_000 });
    await page.click('[data-testid="play-button"]');
  });

  it("anonymous: the episode's own embed shows the notice on play", async () => {
    await openEmbed(`/embed/episode/${unsold.id}`);
    await page.click('[data-testid="play-button"]');
    await expectNotice();
    expect(await page.$eval('audio#preview-audio', (el) => el.paused)).toBe(true);
  });

  it('logged in (demo, premium, SE): the show marks it; a click shows the notice and the engine is asked to play nothing; a sold episode plays in full', async () => {
    await logIn(page, server.origin, 'demo', 'demo');
    await openEmbed(`/embed/show/${show.id}`);
    const index = await expectUnsoldMarked();
    await page.hover('[data-testid="play-button"]');
    await (await rowAt(index)).click();
    await expectNotice();
    const after = await heard(page);
    expect(after.widget.isPlaying).toBe(false);
    expect(after.engineActions).not.toContain('engine/playContextRequested');
    await page.screenshot({ path: artifactPath('episode-markets-logged-in.png') });
    await closeNotice();

    await (await rowAt(await indexOfName(sold.name))).click();
    const playing = await waitFor(page, 'the sold episode playing in the engine', (h) => h.widget.trackUri === `spotify:episode:${sold.id}` && h.time > 0.5);
    expect(playing.error).toBeNull();
    // The provider listed the unsold episode without files: the engine never loaded it.
    expect(playing.engineLog.filter((a) => a.type === 'list/trackLoadRequested').map((a) => a.uri)).not.toContain(`spotify:episode:${unsold.id}`);
    await page.click('[data-testid="play-button"]');
    await waitFor(page, 'the pause', (h) => !h.widget.isPlaying);
  });

  it("logged in: the episode's own embed shows the notice on play", async () => {
    await openEmbed(`/embed/episode/${unsold.id}`);
    await page.hover('[data-testid="play-button"]');
    await page.click('[data-testid="play-button"]');
    await expectNotice();
    expect((await heard(page)).engineActions).not.toContain('engine/playContextRequested');
  });

  it("logged in, the account's market changed after the page was made (NO, then SE): the provider refuses the episode and the engine reports it, so the notice shows", async () => {
    // Through the server's own database (SQLite, or Postgres in the Postgres run).
    const setCountry = async (country: string) => {
      const updated = await server.app.database.kysely.updateTable('accounts').set({ country }).where('username', '=', 'demo').executeTakeFirst();
      expect(Number(updated.numUpdatedRows)).toBe(1);
    };
    await setCountry('NO');
    await openEmbed(`/embed/show/${show.id}`);
    // Sold in NO: the page marks nothing.
    expect((await rowViews()).map((row) => row.unavailable)).toEqual((await rowViews()).map(() => false));
    await setCountry('SE');
    const errorsBefore = pageErrors.length;
    await page.hover('[data-testid="play-button"]');
    await (await rowAt(await indexOfName(unsold.name))).click();
    await expectNotice();
    const after = await waitFor(page, 'the refusal in the engine log', (h) => h.engineActions.includes('engine/playRestricted'), 20_000);
    expect(after.widget.isPlaying).toBe(false);
    expect(after.engineLog.filter((a) => a.type === 'list/trackLoadRequested').map((a) => a.uri)).not.toContain(`spotify:episode:${unsold.id}`);
    // The browser logs the refused command's answer; that one error is this test's, and the only new one.
    expect(pageErrors.splice(errorsBefore)).toEqual([expect.stringMatching(/status of 403/)]);
  });

  it('no page error on the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
