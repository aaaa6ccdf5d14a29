// Issue 12 "Memory stays bounded over a long session": the bench's heap figure. A logged-in
// listener's embed (widget and engine, debug=1 to read their logs' seqs) plays an album, and its
// tracks are changed many times by the visitor's own controls (each change is dozens of widget and
// engine actions: commands, licence, media, state updates); the JS heap after a forced GC
// (HeapProfiler.collectGarbage, then Performance.getMetrics' JSHeapUsedSize through page.metrics())
// is read before and after, once the logs' windows are full, and the growth is extrapolated to an
// hour of playback. The baseline is the same page with whole logs in memory (`logWindow=off`,
// core/store/action-log.ts pageLogWindow), as every page kept them before issue 12.
import type { Browser, Page } from 'puppeteer';
import { logInCookie } from '../server/accounts/login-client';
import { withContext } from './click-timing';

/**
 * An hour of playback as the extrapolation counts it: the progress actions of spec 001 §4 (two a
 * second, issue 12's measure) and a track change every three minutes (a typical track's length).
 */
export const PLAYBACK_HOUR = { progressActions: 2 * 3600, trackChanges: 20 } as const;

/**
 * Track changes before the measure (the logs' windows fill: a change is about 24 actions) and
 * measured (about 7000 actions, several windows, so that where a window stands in its cycle of
 * filling and halving weighs little); a change takes some 60 ms, and each run stops at its time limit.
 */
const WARM_UP_CHANGES = 60;
const MEASURED_CHANGES = 300;
const RUN_LIMIT_MS = 28_000;
const CHANGE_TIMEOUT_MS = 5_000;

export interface HeapRun {
  readonly trackChanges: number;
  /** Widget and engine actions logged during the measured changes. */
  readonly actions: number;
  readonly heapGrowthBytes: number;
  readonly bytesPerTrackChange: number;
  readonly bytesPerAction: number;
  readonly bytesPerHour: number;
}

export interface HeapFigures {
  readonly windowed: HeapRun;
  /** The same page with whole logs (the windowing off); null when it was skipped. */
  readonly whole: HeapRun | null;
}

/** The growth of an hour of playback: its track changes at the measured cost each, its progress actions at the measured cost per action. */
export function heapRun(trackChanges: number, actions: number, heapGrowthBytes: number): HeapRun {
  const bytesPerTrackChange = trackChanges === 0 ? 0 : heapGrowthBytes / trackChanges;
  const bytesPerAction = actions === 0 ? 0 : heapGrowthBytes / actions;
  return {
    trackChanges,
    actions,
    heapGrowthBytes,
    bytesPerTrackChange,
    bytesPerAction,
    bytesPerHour: PLAYBACK_HOUR.trackChanges * bytesPerTrackChange + PLAYBACK_HOUR.progressActions * bytesPerAction,
  };
}

interface Debug {
  readonly __embedDebug: { actionLog(): string; state(): { playback: { trackUri: string | null; isPlaying: boolean } } };
  readonly __engineDebug?: { actionLog(): string };
}

/** The last seq of the widget's and the engine's logs (their count of actions so far, windowed or not). */
const lastSeqs = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const w = window as unknown as Debug;
    const last = (jsonl: string) => {
      const lines = jsonl.trimEnd().split('\n');
      const entry = JSON.parse(lines[lines.length - 1] ?? '{}') as { seq?: number };
      return entry.seq ?? 0;
    };
    return last(w.__embedDebug.actionLog()) + last(w.__engineDebug?.actionLog() ?? '');
  });

const trackUri = (page: Page): Promise<string | null> => page.evaluate(() => (window as unknown as Debug).__embedDebug.state().playback.trackUri);

async function usedHeapAfterGc(page: Page): Promise<number> {
  const cdp = await page.createCDPSession();
  try {
    // Twice: the first collection's finalizers can free more for the second.
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
  } finally {
    await cdp.detach();
  }
  return (await page.metrics()).JSHeapUsedSize ?? 0;
}

/** Next and previous in turn (a quick previous goes back a track), each until the widget names another track; false on a timeout. */
async function changeTracks(page: Page, count: number, until: number): Promise<number> {
  let done = 0;
  for (let i = 0; i < count && Date.now() < until; i += 1) {
    const before = await trackUri(page);
    await page.click(i % 2 === 0 ? '[data-testid=skip-forward]' : '[data-testid=skip-back]');
    const changed = await page
      .waitForFunction(
        (uri: string | null) => (window as unknown as Debug).__embedDebug.state().playback.trackUri !== uri,
        { timeout: CHANGE_TIMEOUT_MS, polling: 50 },
        before,
      )
      .then(
        () => true,
        () => false,
      );
    if (!changed) break;
    done += 1;
  }
  return done;
}

export interface HeapBenchOptions {
  readonly warmUpChanges?: number;
  readonly measuredChanges?: number;
  readonly runLimitMs?: number;
  /** Leaves the whole-log baseline out. */
  readonly skipBaseline?: boolean;
}

async function measure(browser: Browser, origin: string, albumId: string, sessionCookie: string, whole: boolean, options: HeapBenchOptions): Promise<HeapRun> {
  return withContext(browser, async (page) => {
    const started = Date.now();
    const until = started + (options.runLimitMs ?? RUN_LIMIT_MS);
    await page.setCookie({ name: 'sp_dc', value: sessionCookie, url: origin });
    await page.goto(`${origin}/embed/album/${albumId}?debug=1${whole ? '&logWindow=off' : ''}`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated=true]');
    await page.hover('[data-testid=play-button]');
    await page.click('[data-testid=play-button]');
    await page.waitForFunction(() => (window as unknown as Debug).__embedDebug.state().playback.isPlaying, { timeout: 20_000 });
    await changeTracks(page, options.warmUpChanges ?? WARM_UP_CHANGES, until);
    const heapBefore = await usedHeapAfterGc(page);
    const seqBefore = await lastSeqs(page);
    const changes = await changeTracks(page, options.measuredChanges ?? MEASURED_CHANGES, until);
    // The last change's effects (licence, media, state update) settle before the second reading.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const seqAfter = await lastSeqs(page);
    const heapAfter = await usedHeapAfterGc(page);
    return heapRun(changes, seqAfter - seqBefore, heapAfter - heapBefore);
  });
}

/** Both runs, the windowed one first. */
export async function benchHeap(
  browser: Browser,
  origin: string,
  albumId: string,
  account: { username: string; password: string },
  options: HeapBenchOptions = {},
): Promise<HeapFigures> {
  const cookie = await logInCookie(origin, account.username, account.password);
  const sessionCookie = cookie.slice(cookie.indexOf('=') + 1);
  const windowed = await measure(browser, origin, albumId, sessionCookie, false, options);
  const whole = options.skipBaseline === true ? null : await measure(browser, origin, albumId, sessionCookie, true, options);
  return { windowed, whole };
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

export function heapLines(figures: HeapFigures): string[] {
  const line = (label: string, run: HeapRun) =>
    `  ${label.padEnd(24)} ${mib(run.bytesPerHour)}/hour  (${Math.round(run.bytesPerHour)} bytes/hour; ${Math.round(run.bytesPerTrackChange)} B per track change, ` +
    `${Math.round(run.bytesPerAction)} B per action; ${run.trackChanges} changes, ${run.actions} actions, heap ${run.heapGrowthBytes >= 0 ? '+' : ''}${mib(run.heapGrowthBytes)})`;
  return [
    `heap growth per hour of playback (logged-in listener; ${PLAYBACK_HOUR.trackChanges} track changes and ${PLAYBACK_HOUR.progressActions} progress actions an hour, after a forced GC)`,
    line('windowed logs', figures.windowed),
    ...(figures.whole === null ? [] : [line('whole logs (baseline)', figures.whole)]),
  ];
}
