import { join, resolve } from 'node:path';
import type { Page } from 'puppeteer-core';

const AXE_PATH = join(resolve(__dirname, '..'), 'node_modules', 'axe-core', 'axe.min.js');
/** The rules a page must pass: WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's violations on the page as it is now, one line each (rule id and the nodes' selectors); empty when clean. */
export async function axeViolations(p: Page): Promise<string[]> {
  if (!(await p.evaluate(() => 'axe' in window))) await p.addScriptTag({ path: AXE_PATH });
  return p.evaluate(async (tags: string[]) => {
    type Run = (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
    const axe = (window as unknown as { axe: { run: Run } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, WCAG_TAGS);
}

/** A server-rendered page (web player, log-in) has hydrated: its script marks the document when React took it over. */
export const hydrated = (p: Page, timeout = 15_000) => p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout });
