// The gap between tracks (issue 15 Must show, spec 001 §4 can-preload; goal under 50 ms, gapless):
// in Debian Chromium, a logged-in visitor plays an album's protected tracks in the engine; track 1
// is sought to 13 s before its end, so that the can-preload signal (10 s left) fetches track 2
// ahead, and the page samples the engine's audio element until track 2 sounds.
//
// What is measured: the element's currentTime, which Chromium derives from its audio renderer's
// clock (the media time of the samples handed to the audio output), read every ~4 ms (a 1 ms
// interval, clamped by the browser) with performance.now():
// - track 1's last sound: the last sample at which its currentTime had advanced (t, c) plus what was
//   left of it then (duration − c), unless its source was replaced before that;
// - track 2's first sound: the first sample on its source with currentTime above 0, less that
//   currentTime (the playhead runs at 1x from 0: it started then). That is when its first decoded
//   samples were rendered (the track's own fade-in is in the audio, not a gap).
// gap = first sound − last sound. The sampling bounds its precision to about ±5 ms.
// With track 2 chained behind track 1 in the same MediaSource (issue 15), the source never changes
// and the element's time line runs on across track 1's length B: the gap is how far the wall clock
// ran ahead of the playhead across B, from the last sample 0.4 s or more before it to the first
// 0.4 s or more after it (a stall there, waiting for data or a key, is the gap).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { logInCookie } from '../server/accounts/login-client';
import { withContext } from './click-timing';

export interface GapRun {
  /** Track 1's last sound to track 2's first, by the audio clock (ms). */
  readonly gapMs: number;
  /** Of the gap, the part from track 1's last sound to track 2's source replacing it (ms). */
  readonly beforeSwapMs: number;
  /** By the element's events: track 1's `ended` or, first, its source replaced (`emptied`) to track 2's `playing` (ms). */
  readonly eventGapMs: number;
  /** Track 2 started from what was fetched ahead (its load logged mediaPlayer/preloadUsed). */
  readonly preloadUsed: boolean;
  /** Track 2 was chained behind track 1 in the same MediaSource (mediaPlayer/chainRequested): no source replaced, no element events (eventGapMs NaN). */
  readonly chained: boolean;
}

export interface GapFigures {
  readonly runs: readonly GapRun[];
  readonly medianGapMs: number;
  readonly medianEventGapMs: number;
  readonly medianBeforeSwapMs: number;
  readonly track: { readonly albumId: string; readonly durationMs: number };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Sample {
  readonly t: number;
  readonly src: string;
  readonly ct: number;
  readonly duration: number;
}

/** Around B (s) on one time line (see the header): the wall clock's lead over the playhead; null when B was not crossed. */
export function chainedGapOf(samples: readonly Sample[], boundaryS: number): number | null {
  const WINDOW_S = 0.4;
  const before = samples.filter((s) => s.ct <= boundaryS - WINDOW_S).pop();
  const after = samples.find((s) => s.ct >= boundaryS + WINDOW_S);
  if (before === undefined || after === undefined) return null;
  return after.t - before.t - (after.ct - before.ct) * 1000;
}

/**
 * The gap from the samples (see the header), and how much of it came before track 2's source replaced track 1's: null when the transition was not seen.
 * `boundaryS`: track 1's length, for a transition on one time line (no source replaced: beforeSwapMs is then the whole gap).
 */
export function gapOf(samples: readonly Sample[], boundaryS?: number): { readonly gapMs: number; readonly beforeSwapMs: number } | null {
  const oldSrc = samples[0]?.src;
  if (boundaryS !== undefined && samples.every((s) => s.src === oldSrc)) {
    const gapMs = chainedGapOf(samples, boundaryS);
    return gapMs === null ? null : { gapMs, beforeSwapMs: gapMs };
  }
  let lastAdvance: Sample | undefined;
  let swapAt: number | undefined;
  let first: Sample | undefined;
  for (let i = 1; i < samples.length; i += 1) {
    const s = samples[i]!;
    const before = samples[i - 1]!;
    if (s.src === oldSrc) {
      if (s.ct > before.ct) lastAdvance = s;
      continue;
    }
    swapAt ??= s.t;
    if (s.ct > 0) {
      first = s;
      break;
    }
  }
  if (lastAdvance === undefined || swapAt === undefined || first === undefined) return null;
  const lastSound = Math.min(lastAdvance.t + Math.max(0, lastAdvance.duration - lastAdvance.ct) * 1000, swapAt);
  return { gapMs: first.t - first.ct * 1000 - lastSound, beforeSwapMs: swapAt - lastSound };
}

interface SamplerWindow {
  __gapSampler?: { samples: Sample[]; events: Array<{ kind: string; src: string; t: number }>; stop(): void };
}

/** Starts sampling the engine's element in the page (the one that is not the preview's). */
async function startSampler(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as SamplerWindow;
    const element = [...document.querySelectorAll<HTMLMediaElement>('audio, video')].find((a) => a.id !== 'preview-audio');
    if (element === undefined) throw new Error('no engine audio element');
    const samples: Sample[] = [];
    const events: Array<{ kind: string; src: string; t: number }> = [];
    const onEvent = (event: Event): void => void events.push({ kind: event.type, src: element.src, t: event.timeStamp });
    for (const kind of ['ended', 'emptied', 'playing']) element.addEventListener(kind, onEvent);
    let last: Sample | undefined;
    const id = setInterval(() => {
      const s = { t: performance.now(), src: element.src, ct: element.currentTime, duration: element.duration };
      // Only changes are kept (and the sample before a change, for the advance test).
      if (last === undefined || s.src !== last.src || s.ct !== last.ct) samples.push(s);
      last = s;
    }, 1);
    w.__gapSampler = {
      samples,
      events,
      stop: () => {
        clearInterval(id);
        for (const kind of ['ended', 'emptied', 'playing']) element.removeEventListener(kind, onEvent);
      },
    };
  });
}

interface DebugWindow {
  __embedDebug: { state(): { playback: { isPlaying: boolean; trackUri: string | null; position: number } } };
  __engineDebug?: { actionLog(): string };
}

async function oneRun(
  browser: Browser,
  origin: string,
  albumId: string,
  sessionCookie: string,
  first: { id: string; durationMs: number },
  secondId: string,
): Promise<GapRun> {
  return withContext(browser, async (page) => {
    await page.setCookie({ name: 'sp_dc', value: sessionCookie, url: origin });
    await page.goto(`${origin}/embed/album/${albumId}?debug=1`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated=true]');
    await page.hover('[data-testid=play-button]');
    await page.click('[data-testid=play-button]');
    await page.waitForFunction(
      (uri) => {
        const w = window as unknown as DebugWindow;
        const element = [...document.querySelectorAll<HTMLMediaElement>('audio, video')].find((a) => a.id !== 'preview-audio');
        return w.__embedDebug.state().playback.trackUri === uri && (element?.currentTime ?? 0) > 1;
      },
      { timeout: 60_000, polling: 100 },
      `spotify:track:${first.id}`,
    );
    // 13 s before the end: can-preload (10 s left) comes 3 s later.
    const box = await (await page.$('[data-testid=progress]'))?.boundingBox();
    if (box === null || box === undefined) throw new Error('no progress bar');
    await page.mouse.click(box.x + (box.width * (first.durationMs - 13_000)) / first.durationMs, box.y + box.height / 2);
    await startSampler(page);
    // Track 2 sounding: on a new source past 0.5 s, or on the same time line (chained) 0.6 s past track 1's length.
    await page.waitForFunction(
      (uri, boundaryS) => {
        const w = window as unknown as DebugWindow & SamplerWindow;
        const element = [...document.querySelectorAll<HTMLMediaElement>('audio, video')].find((a) => a.id !== 'preview-audio');
        const time = element?.currentTime ?? 0;
        const swapped = element?.src !== w.__gapSampler?.samples[0]?.src;
        return w.__embedDebug.state().playback.trackUri === uri && (swapped ? time > 0.5 : time > boundaryS + 0.6);
      },
      { timeout: 40_000, polling: 100 },
      `spotify:track:${secondId}`,
      first.durationMs / 1000,
    );
    const seen = await page.evaluate(() => {
      const w = window as unknown as SamplerWindow & DebugWindow;
      w.__gapSampler?.stop();
      return { samples: w.__gapSampler?.samples ?? [], events: w.__gapSampler?.events ?? [], log: w.__engineDebug?.actionLog() ?? '' };
    });
    if (process.env.BENCH_GAP_LOG === '1') printTransition(seen.log, seen.samples, seen.events);
    const gap = gapOf(seen.samples, first.durationMs / 1000);
    if (gap === null) throw new Error('the transition to track 2 was not seen in the samples');
    const oldSrc = seen.samples[0]?.src;
    // The engine usually replaces the source (its synthesised ended) before the element's own 'ended' fires.
    const end = seen.events.find((e) => (e.src === oldSrc && e.kind === 'ended') || (e.src !== oldSrc && e.kind === 'emptied'))?.t ?? NaN;
    const playing = seen.events.find((e) => e.src !== oldSrc && e.kind === 'playing')?.t ?? NaN;
    return {
      gapMs: gap.gapMs,
      beforeSwapMs: gap.beforeSwapMs,
      eventGapMs: playing - end,
      preloadUsed: seen.log.includes('"mediaPlayer/preloadUsed"'),
      chained: seen.log.includes('"mediaPlayer/chainRequested"'),
    };
  });
}

/** BENCH_GAP_LOG=1: the engine's actions from track 1's end on, and the samples around the swap (where the time goes). */
function printTransition(log: string, samples: readonly Sample[], events: ReadonlyArray<{ kind: string; src: string; t: number }>): void {
  const entries = log
    .split('\n')
    .slice(1)
    .filter((line) => line.startsWith('{"seq"'))
    .map((line) => JSON.parse(line) as { t: number; action: { type: string } });
  const from = entries.findIndex((e) => e.action.type === 'mediaPlayer/ended');
  for (const e of entries.slice(Math.max(0, from - 2), from + 40))
    console.log(
      `  ${e.t} ${e.action.type}${e.action.type === 'mediaPlayer/ended' || e.action.type === 'mediaPlayer/elementFact' ? ` ${JSON.stringify(e.action)}` : ''}`,
    );
  const swap = samples.findIndex((s) => s.src !== samples[0]?.src);
  for (const s of samples.slice(Math.max(0, swap - 4), swap + 6))
    console.log(`  sample ${s.t.toFixed(1)} ${s.src.slice(-8)} ${s.ct.toFixed(3)} / ${String(s.duration)}`);
  for (const e of events) console.log(`  event ${e.t.toFixed(1)} ${e.src.slice(-8)} ${e.kind}`);
}

/** The album whose first track is the shortest (of those with a second track): the quickest run. */
function shortestFirstTrack(dataDir: string): { albumId: string; first: { id: string; durationMs: number }; secondId: string } {
  const db = new Database(join(dataDir, 'catalogue.sqlite'), { readonly: true });
  try {
    const rows = db.prepare('SELECT album_id, id, duration_ms, track_number FROM tracks ORDER BY album_id, track_number').all() as Array<{
      album_id: string;
      id: string;
      duration_ms: number;
    }>;
    let best: { albumId: string; first: { id: string; durationMs: number }; secondId: string } | null = null;
    for (let i = 0; i + 1 < rows.length; i += 1) {
      const [a, b] = [rows[i]!, rows[i + 1]!];
      const firstOfAlbum = i === 0 || rows[i - 1]!.album_id !== a.album_id;
      if (!firstOfAlbum || b.album_id !== a.album_id || a.duration_ms < 15_000) continue;
      if (best === null || a.duration_ms < best.first.durationMs)
        best = { albumId: a.album_id, first: { id: a.id, durationMs: a.duration_ms }, secondId: b.id };
    }
    if (best === null) throw new Error('no album with two tracks of 15 s or more');
    return best;
  } finally {
    db.close();
  }
}

export async function benchGap(
  browser: Browser,
  origin: string,
  dataDir: string,
  account: { username: string; password: string },
  runs: number,
): Promise<GapFigures> {
  const { albumId, first, secondId } = shortestFirstTrack(dataDir);
  const cookie = await logInCookie(origin, account.username, account.password);
  const sessionCookie = cookie.slice(cookie.indexOf('=') + 1);
  const results: GapRun[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await oneRun(browser, origin, albumId, sessionCookie, first, secondId));
  return {
    runs: results,
    medianGapMs: median(results.map((r) => r.gapMs)),
    medianEventGapMs: median(results.map((r) => r.eventGapMs)),
    medianBeforeSwapMs: median(results.map((r) => r.beforeSwapMs)),
    track: { albumId, durationMs: first.durationMs },
  };
}

export function gapLines(figures: GapFigures): string[] {
  const used = figures.runs.filter((r) => r.preloadUsed).length;
  const chained = figures.runs.filter((r) => r.chained).length;
  return [
    `gap between tracks         ${figures.medianGapMs.toFixed(1)} ms by the audio clock  goal 50 ms  ${figures.medianGapMs <= 50 ? 'within goal' : 'OVER GOAL'}`,
    chained === figures.runs.length
      ? `  on one time line: the wall clock's lead over the playhead from 0.4 s before track 1's end to 0.4 s after it (a stall there)`
      : `  of which ${figures.medianBeforeSwapMs.toFixed(1)} ms from track 1's last sound to track 2's source on the element, the rest from there to its first sound`,
    chained === figures.runs.length
      ? `  by element events         none: one MediaSource across the boundary, no ended, emptied or playing there`
      : `  by element events         ${figures.medianEventGapMs.toFixed(1)} ms (track 1 ended or its source replaced → track 2 playing)`,
    `  (median of ${figures.runs.length} transitions, each run ${figures.runs.map((r) => r.gapMs.toFixed(1)).join(' / ')} ms; track 2 started from the preload in ${used} of ${figures.runs.length}, chained in the same MediaSource in ${chained})`,
  ];
}
