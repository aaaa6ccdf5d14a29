// Issue 5 Provider services in Debian Chromium: an anonymous visitor follows the widget's own
// log-in link (spec 000 §7 Login link, in the prompt modal of spec 000 §4), logs in as the demo
// user on the accounts page, lands back on the continue URL, and from then on /access_token
// (spec 001 §7 Token) answers a logged-in token in that browser.
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { loginUrl } from '../core/widget/links';
import { firstAlbumId, type RunningServer, startServerAndPage, stopServerAndPage } from './harness';

jest.setTimeout(60_000);

const pageErrors: string[] = [];
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await startServerAndPage(pageErrors));
});
afterAll(() => stopServerAndPage({ server, browser }));

/** axe-core's violations on the page (rule id: the elements' selectors). */
async function axeViolations(p: Page): Promise<Record<string, string[]>> {
  await p.addScriptTag({ path: join(resolve(__dirname, '..'), 'node_modules/axe-core/axe.min.js') });
  return p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const { violations } = await axe.run();
    return Object.fromEntries(violations.map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))]));
  });
}

const accessToken = (p: Page) =>
  p.evaluate(async () => {
    const response = await fetch('/access_token?reason=init&productType=web_player');
    return (await response.json()) as { isAnonymous: boolean; accessToken: string; accessTokenExpirationTimestampMs: number };
  });

describe('log in through the widget link (spec 000 §7 Login link; spec 001 §7 Token)', () => {
  it('demo/demo from the prompt modal lands back on the continue URL, and /access_token is no longer anonymous', async () => {
    const albumId = firstAlbumId(server.dataDir);
    await page.setViewport({ width: 400, height: 380 });
    await page.goto(`${server.origin}/embed/album/${albumId}`, { waitUntil: 'load' });
    expect((await accessToken(page)).isAnonymous).toBe(true);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 10_000 });

    // The prompt of an anonymous visitor offers the log-in link (it opens in a new tab; here, in this one).
    await page.click('[data-testid="play-button"]');
    await page.waitForSelector('[data-testid="prompt-log-in"]', { timeout: 15_000 });
    const href = await page.$eval('[data-testid="prompt-log-in"]', (a) => a.getAttribute('href'));
    const continueUrl = `/album/${albumId}`;
    expect(href).toBe(loginUrl({ accounts: '' }, continueUrl));

    await page.goto(`${server.origin}${href}`, { waitUntil: 'load' });
    expect(await page.title()).toBe('Log in');
    await page.type('#username', 'demo');
    await page.type('#password', 'demo');
    const [landed] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type="submit"]')]);

    // 303 to the continue URL (the open URL); whatever the provider shows there (the open page, or
    // a redirect to the full-size embed) is not this test's concern.
    const visited = [
      ...landed!
        .request()
        .redirectChain()
        .map((request) => request.url()),
      landed!.url(),
    ];
    expect(visited.slice(0, 2)).toEqual([`${server.origin}/login`, `${server.origin}${continueUrl}`]);
    expect(landed!.ok()).toBe(true);

    const cookies = await browser.defaultBrowserContext().cookies();
    expect(cookies.find((c) => c.name === 'sp_dc')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const token = await accessToken(page);
    expect(token.isAnonymous).toBe(false);
    expect(token.accessTokenExpirationTimestampMs).toBeGreaterThan(Date.now());
    expect(pageErrors).toEqual([]);
  });

  it('the log-in form, with its error, and the sign-up form have no axe-core violations', async () => {
    await page.goto(`${server.origin}/logout`, { waitUntil: 'load' });
    await page.goto(`${server.origin}/login?continue=%2F`, { waitUntil: 'load' });
    await page.type('#username', 'demo');
    await page.type('#password', 'wrong');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type="submit"]')]);
    expect(await page.$eval('[role="alert"]', (el) => el.textContent)).toBe('Incorrect username or password.');
    expect(await axeViolations(page)).toEqual({});
    await page.goto(`${server.origin}/signup?forward_url=%2F`, { waitUntil: 'load' });
    expect(await axeViolations(page)).toEqual({});
  });
});
