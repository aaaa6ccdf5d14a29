// npm run bench: speed figures of the embed, each as a ratio against a baseline measured in the
// same run (these machines are noisy; DEVELOPERS.md). Prints a table and a JSON line.
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'puppeteer';
import { launchChromium, startServer } from '../e2e/harness';
import { benchGap, gapLines, type GapFigures } from './bench-gap';
import { benchCdn, benchIngest, median, type CdnFigures, type IngestFigures } from './bench-media';
import { timeClick, withContext, type ClickTiming } from './click-timing';
import { createProtectedBench, protectedLines, type ProtectedFigures } from './bench-protected';
import { benchHeap, heapLines, type HeapFigures } from './bench-heap';
import { INITIAL_JS_GZIP_BUDGET_BYTES, measureInitialJs } from './initial-js';
import { createVideoBench, videoLines, type VideoFigures } from './bench-video';

const ROOT = resolve(__dirname, '..', '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
// The media figures (issue 4) take ~10 s per ingest run; BENCH_SKIP_INGEST=1 / BENCH_SKIP_CDN=1 leave them out.
const INGEST_RUNS = Number(process.env.BENCH_INGEST_RUNS ?? Math.min(RUNS, 3));
const SKIP_INGEST = process.env.BENCH_SKIP_INGEST === '1';
const SKIP_CDN = process.env.BENCH_SKIP_CDN === '1';
// The protected full track against Shaka and bare MSE (issue 5): BENCH_SKIP_PROTECTED=1 leaves it out.
const SKIP_PROTECTED = process.env.BENCH_SKIP_PROTECTED === '1';
// The heap growth per hour of playback (issue 12), about a minute: BENCH_SKIP_HEAP=1 leaves it out,
// BENCH_SKIP_HEAP_BASELINE=1 its baseline (the same page with whole logs).
const SKIP_HEAP = process.env.BENCH_SKIP_HEAP === '1';
const SKIP_HEAP_BASELINE = process.env.BENCH_SKIP_HEAP_BASELINE === '1';
// The gap between two tracks of a list (issue 15, spec 001 §4 can-preload), about 20 s a run: BENCH_SKIP_GAP=1 leaves it out.
const SKIP_GAP = process.env.BENCH_SKIP_GAP === '1';
// The protected video episode against Shaka (issue 18), a few loads each (BENCH_VIDEO_RUNS, at most 5 by
// default): BENCH_SKIP_VIDEO=1 leaves it out, BENCH_VIDEO_LOG=1 prints the engine's actions from the click to the first frame.
const SKIP_VIDEO = process.env.BENCH_SKIP_VIDEO === '1';
const VIDEO_RUNS = Number(process.env.BENCH_VIDEO_RUNS ?? Math.min(RUNS, 5));
// The foundation's budgets (issue 2): initial JS gzipped, paint ratio, click-to-playing ratio. The
// gzip figure is the size of build.mjs's .gz copies, which the server sends to browsers that take
// gzip (zopfli-made); zlib -9 of the same files is printed beside it, and the brotli copies that
// Chromium gets (it asks for br even on loopback).
const BUDGET = { initialJsGzipBytes: INITIAL_JS_GZIP_BUDGET_BYTES, paintRatio: 1.3, clickToPlayingRatio: 2 };

interface PaintTiming {
  /** First contentful paint, from navigation start. */
  readonly fcp: number;
  /** When the first byte of the page arrived (server time included). */
  readonly responseStart: number;
}

function firstContentfulPaint(browser: Browser, url: string): Promise<PaintTiming> {
  return withContext(browser, async (page) => {
    await page.goto(url, { waitUntil: 'load' });
    const handle = await page.waitForFunction(() => {
      const entry = performance.getEntriesByName('first-contentful-paint')[0];
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return entry === undefined || navigation === undefined ? false : { fcp: entry.startTime, responseStart: navigation.responseStart };
    });
    return (await handle.jsonValue()) as PaintTiming;
  });
}

function clickToPlaying(browser: Browser, url: string, selector: string, ready: string): Promise<ClickTiming> {
  return withContext(browser, async (page) => {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(ready);
    return await timeClick(page, selector, 'first');
  });
}

async function main(): Promise<void> {
  // The initial JS (scripts/initial-js.ts; e2e/initial-js-budget.test.ts holds the build to its budget).
  const { files: initial, gzipBytes: initialJsGzip, zlib9Bytes: initialJsZlib9, brotliBytes: initialJsBrotli } = measureInitialJs(ROOT);

  let staticHtml = '';
  let previewSrc = '';
  const protectedBench = createProtectedBench();
  const videoBench = createVideoBench();
  const server = await startServer({
    root: ROOT,
    beforeListen: (app) => {
      app.get('/__bench/static', async (_req, reply) => reply.type('text/html').send(staticHtml));
      app.get('/__bench/audio', async (_req, reply) =>
        reply
          .type('text/html')
          .send(
            `<!doctype html><html><body><button id="play">Play</button><audio src="${previewSrc}"></audio>` +
              `<script>document.getElementById('play').onclick=()=>document.querySelector('audio').play();` +
              `document.documentElement.dataset.hydrated='true'</script></body></html>`,
          ),
      );
      // The protected bench's routes serve Shaka's script to the video bench's page too.
      protectedBench.register(app);
      videoBench.register(app);
    },
  });
  const browser = await launchChromium();
  try {
    const db = new Database(join(server.dataDir, 'catalogue.sqlite'), { readonly: true });
    const album = db.prepare('SELECT id FROM albums ORDER BY rowid LIMIT 1').get() as { id: string };
    db.close();
    const embedUrl = `${server.origin}/embed/album/${album.id}`;
    const embedHtml = await (await fetch(embedUrl)).text();
    // The same markup without the scripts: what the page would paint if it were static.
    staticHtml = embedHtml.replace(/<script type="module"[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
    const data = JSON.parse(/<script id="resource" type="application\/json">([\s\S]*?)<\/script>/.exec(embedHtml)![1]!) as {
      resource: { tracks: { items: Array<{ audio_preview_url: string }> } };
    };
    previewSrc = data.resource.tracks.items[0]!.audio_preview_url;

    const paint = { embed: [] as PaintTiming[], static: [] as PaintTiming[] };
    const play = { embed: [] as ClickTiming[], bare: [] as ClickTiming[] };
    // One unmeasured round first: the server's and the browser's first requests pay for warming up.
    await firstContentfulPaint(browser, embedUrl);
    await firstContentfulPaint(browser, `${server.origin}/__bench/static`);
    for (let i = 0; i < RUNS; i += 1) {
      paint.embed.push(await firstContentfulPaint(browser, embedUrl));
      paint.static.push(await firstContentfulPaint(browser, `${server.origin}/__bench/static`));
      play.embed.push(await clickToPlaying(browser, embedUrl, '[data-testid="play-button"]', "document.documentElement.dataset.hydrated === 'true'"));
      play.bare.push(await clickToPlaying(browser, `${server.origin}/__bench/audio`, '#play', 'true'));
    }
    const figures = {
      runs: RUNS,
      initialJsFiles: initial.length,
      initialJsGzipBytes: initialJsGzip,
      initialJsZlib9Bytes: initialJsZlib9,
      initialJsBrotliBytes: initialJsBrotli,
      paintMedianMs: { embed: median(paint.embed.map((p) => p.fcp)), static: median(paint.static.map((p) => p.fcp)) },
      paintRatio: median(paint.embed.map((p) => p.fcp)) / median(paint.static.map((p) => p.fcp)),
      // Where the difference comes from: the server's answer, or the browser's work after it.
      responseStartMedianMs: { embed: median(paint.embed.map((p) => p.responseStart)), static: median(paint.static.map((p) => p.responseStart)) },
      clickToPlayingMedianMs: { embed: median(play.embed.map((p) => p.listener)), bareAudio: median(play.bare.map((p) => p.listener)) },
      clickToPlayingRatio: median(play.embed.map((p) => p.listener)) / median(play.bare.map((p) => p.listener)),
      clickToPlayingStampMedianMs: { embed: median(play.embed.map((p) => p.stamp)), bareAudio: median(play.bare.map((p) => p.stamp)) },
      clickToPlayingStampRatio: median(play.embed.map((p) => p.stamp)) / median(play.bare.map((p) => p.stamp)),
    };
    const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');
    console.log(
      `initial JS (gzip, served)  ${(initialJsGzip / 1024).toFixed(1)} KB in ${initial.length} file(s)  budget 100 KB  ${verdict(initialJsGzip <= BUDGET.initialJsGzipBytes)}`,
    );
    console.log(`  zlib -9 of the same files ${(initialJsZlib9 / 1024).toFixed(1)} KB`);
    console.log(`  as served (brotli)        ${(initialJsBrotli / 1024).toFixed(1)} KB`);
    console.log(
      `first contentful paint     embed ${figures.paintMedianMs.embed.toFixed(1)} ms / static ${figures.paintMedianMs.static.toFixed(1)} ms = ${figures.paintRatio.toFixed(2)}  budget 1.3  ${verdict(figures.paintRatio <= BUDGET.paintRatio)}`,
    );
    console.log(
      `  of which first byte       embed ${figures.responseStartMedianMs.embed.toFixed(1)} ms / static ${figures.responseStartMedianMs.static.toFixed(1)} ms`,
    );
    console.log(
      `click to playing           embed ${figures.clickToPlayingMedianMs.embed.toFixed(1)} ms / bare <audio> ${figures.clickToPlayingMedianMs.bareAudio.toFixed(1)} ms = ${figures.clickToPlayingRatio.toFixed(2)}  budget 2  ${verdict(figures.clickToPlayingRatio <= BUDGET.clickToPlayingRatio)}`,
    );
    console.log(
      `  by event timestamps       embed ${figures.clickToPlayingStampMedianMs.embed.toFixed(1)} ms / bare <audio> ${figures.clickToPlayingStampMedianMs.bareAudio.toFixed(1)} ms = ${figures.clickToPlayingStampRatio.toFixed(2)}`,
    );
    console.log(`(medians of ${RUNS} loads each, alternating, fresh browser context per load)`);
    let protectedFigures: ProtectedFigures | null = null;
    if (!SKIP_PROTECTED) {
      const run = await protectedBench.run(browser, server.origin, server.dataDir, album.id, RUNS);
      protectedFigures = run.figures;
      for (const line of protectedLines(run.figures, verdict)) console.log(line);
      if (process.env.BENCH_ENGINE_LOG === '1') console.log(run.lastEngineActions.map(([t, type]) => `  +${t} ms ${type}`).join('\n'));
    }
    let video: VideoFigures | null = null;
    if (!SKIP_VIDEO) {
      const run = await videoBench.run(browser, server.origin, server.app.database.kysely, VIDEO_RUNS);
      video = run.figures;
      for (const line of videoLines(video, verdict)) console.log(line);
      if (process.env.BENCH_VIDEO_LOG === '1') console.log(run.lastEngineActions.map(([t, type]) => `  +${t} ms ${type}`).join('\n'));
    }
    let heap: HeapFigures | null = null;
    if (!SKIP_HEAP) {
      heap = await benchHeap(browser, server.origin, album.id, { username: 'demo', password: 'demo' }, { skipBaseline: SKIP_HEAP_BASELINE });
      for (const line of heapLines(heap)) console.log(line);
    }
    let gap: GapFigures | null = null;
    if (!SKIP_GAP) {
      gap = await benchGap(browser, server.origin, server.dataDir, { username: 'demo', password: 'demo' }, RUNS);
      for (const line of gapLines(gap)) console.log(line);
    }
    // The media figures need no browser: its processes would only compete for the CPU.
    await browser.close();

    let ingest: IngestFigures | null = null;
    if (!SKIP_INGEST) {
      ingest = await benchIngest(INGEST_RUNS);
      console.log(
        `ingest                     ${ingest.secondsPerAudioMinute.toFixed(2)} s per minute of audio  (${ingest.audioMinutes.toFixed(2)} min in ${ingest.tracks} tracks, ` +
          `${ingest.wallSecondsMedian.toFixed(2)} s wall, median of ${ingest.runs} runs, each into a fresh DATA_DIR)`,
      );
    }
    let cdn: CdnFigures | null = null;
    if (!SKIP_CDN) {
      const response = await fetch(`${server.origin}/access_token?reason=bench&productType=web_player`);
      const { accessToken } = (await response.json()) as { accessToken: string };
      cdn = await benchCdn({ origin: server.origin, dataDir: server.dataDir, token: accessToken }, RUNS);
      console.log(
        `CDN range requests         ${cdn.cdnMBps.toFixed(1)} MB/s / disk reads ${cdn.diskMBps.toFixed(1)} MB/s = ${cdn.ratio.toFixed(3)}  ` +
          `(${(cdn.fileBytes / 1e6).toFixed(1)} MB in ${cdn.requests} sequential ranges of one 10 s fragment each, median of ${cdn.runs} runs, alternating)`,
      );
    }
    console.log(JSON.stringify({ ...figures, protected: protectedFigures, video, heap, gap, ingest, cdn }));
  } finally {
    // Closed early on success (the media figures need no browser).
    if (browser.connected) await browser.close();
    await server.close();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
