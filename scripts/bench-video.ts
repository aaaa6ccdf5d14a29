// npm run bench, the protected video episode (issue 18): click to the first video frame of the demo show's video
// episode, played by us (a premium listener, CENC, ClearKey) and by Shaka Player from a DASH manifest of the same
// source's protected profiles (the same /cdn/video segment URLs, the same licence server), in the same run, on the
// same server, alternating, each load in a fresh browser context. BENCH_SKIP_VIDEO=1 leaves it out.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'puppeteer';
import { DEFAULT_BANDWIDTH_BPS } from '../core/engine/media/constants';
import type { Kysely } from 'kysely';
import type { Database as Tables } from '../server/db/tables';
import { CLEARKEY_KEY_SYSTEM } from '../server/licence/licence-url';
import { videoManifestPath, type VideoManifestJson, type VideoProfileJson } from '../server/video/manifest';
import { median } from './bench-media';
import { logIn, premiumToken } from './bench-protected';
import { withContext } from './click-timing';
import { CLEARKEY_DASH_SCHEME, configScript, licenceUriFor, shakaPageScript, uuidOf } from './bench-shaka';

/** The demo catalogue's show with a video episode (issue 18, server/video/README.md). */
export const VIDEO_SHOW = 'Window on the Harbour';
const FIRST_FRAME_TIMEOUT_MS = 30_000;
const SHAKA_VERSION = (JSON.parse(readFileSync(require.resolve('shaka-player/package.json'), 'utf8')) as { version: string }).version;

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * A static DASH manifest of the video manifest (spec 001 §3): one SegmentTemplate over the same templated URLs
 * ({{profile_id}} is the Representation id, {{segment_timestamp}} is $Time$ on a timescale of 1 s, so the
 * timeline's starts are index × segment_length as §7 asks), one AdaptationSet per MIME type (a source buffer keeps
 * its type), the profile's max_bitrate as bandwidth, and the encrypted sets' CENC key id and ClearKey pssh.
 */
export function videoDashManifest(manifest: VideoManifestJson): string {
  const content = manifest.contents[0];
  if (content === undefined) throw new Error('the video manifest has no contents');
  const segmentS = content.segment_length;
  const durationS = (manifest.end_time_millis - manifest.start_time_millis) / 1000;
  const count = Math.ceil(durationS / segmentS);
  // The last segment is what is left; whole seconds on this timescale (the presentation's duration trims it).
  const lastS = Math.ceil(durationS - (count - 1) * segmentS);
  const timeline = count > 1 ? `<S t="0" d="${segmentS}" r="${count - 2}"/><S d="${lastS}"/>` : `<S t="0" d="${lastS}"/>`;
  const template = (t: string): string => escapeXml(t.replace(/\{\{profile_id\}\}/g, '$RepresentationID$').replace(/\{\{segment_timestamp\}\}/g, '$Time$'));
  const groups = new Map<string, VideoProfileJson[]>();
  for (const profile of content.profiles) {
    const key = `${profile.mime_type}|${profile.encryption_index ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), profile]);
  }
  const sets = [...groups.values()].map((profiles, index) => {
    const first = profiles[0]!;
    const video = first.video_codec !== null;
    const info = first.encryption_index === null ? undefined : content.encryption_infos[first.encryption_index];
    const protection =
      info === undefined
        ? ''
        : `<ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc" cenc:default_KID="${uuidOf(info.key_id)}"/>` +
          (info.key_system === CLEARKEY_KEY_SYSTEM
            ? `<ContentProtection schemeIdUri="${CLEARKEY_DASH_SCHEME}" value="ClearKey1.0"><cenc:pssh>${info.pssh}</cenc:pssh></ContentProtection>`
            : '');
    const representations = profiles
      .map((p) =>
        video
          ? `<Representation id="${p.id}" codecs="${escapeXml(p.video_codec!)}" bandwidth="${p.max_bitrate}" width="${p.video_width}" height="${p.video_height}"/>`
          : `<Representation id="${p.id}" codecs="${escapeXml(p.audio_codec ?? '')}" bandwidth="${p.max_bitrate}"/>`,
      )
      .join('');
    return (
      `<AdaptationSet id="${index}" contentType="${video ? 'video' : 'audio'}" mimeType="${escapeXml(first.mime_type)}"${video ? '' : ' lang="und"'}>` +
      protection +
      `<SegmentTemplate timescale="1" initialization="${template(manifest.initialization_template)}" media="${template(manifest.segment_template)}">` +
      `<SegmentTimeline>${timeline}</SegmentTimeline></SegmentTemplate>` +
      representations +
      `</AdaptationSet>`
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:cenc="urn:mpeg:cenc:2013" type="static" profiles="urn:mpeg:dash:profile:isoff-live:2011" ` +
    `minBufferTime="PT2S" mediaPresentationDuration="PT${durationS.toFixed(3)}S">` +
    `<BaseURL>${escapeXml(manifest.base_urls[0] ?? '')}</BaseURL>` +
    `<Period id="0" start="PT0S">${sets.join('')}</Period></MPD>\n`
  );
}

/** From the pointer press to the first video frame: by this page's clock when it is heard, and by the frame's presentation time. */
export interface FirstFrameTiming {
  readonly listener: number;
  readonly stamp: number;
  /** The frame's size: which rung each player started on. */
  readonly width: number;
  readonly height: number;
  /** requestVideoFrameCallback, or getVideoPlaybackQuality().totalVideoFrames seen above 0 first (polled each animation frame). */
  readonly signal: 'rvfc' | 'frames';
}

/**
 * Clicks `selector` and times it to the first frame after the press of a <video> of the page: Shaka's, or the
 * engine's (one added after the click is watched as it appears). The widget's preview element (id preview-audio,
 * a <video> for a video episode since 2b77ddd) is not the engine's and is left out, as the audio part does; a
 * frame an element had before the press does not count. Fails after 30 s without one.
 */
export async function timeFirstFrame(page: Page, selector: string): Promise<FirstFrameTiming> {
  await page.evaluate(() => {
    (window as unknown as { __firstFrame: Promise<FirstFrameTiming> }).__firstFrame = new Promise<FirstFrameTiming>((resolveFrame) => {
      let pressed = { stamp: 0, now: 0 };
      let done = false;
      // Frames each element had decoded at the press: only one beyond them is a first frame of this playback.
      const framesAtPress = new WeakMap<HTMLVideoElement, number>();
      const engineVideos = (): HTMLVideoElement[] => [...document.querySelectorAll('video')].filter((video) => video.id !== 'preview-audio');
      document.addEventListener(
        'pointerdown',
        (event) => {
          pressed = { stamp: event.timeStamp, now: performance.now() };
          for (const video of engineVideos()) framesAtPress.set(video, video.getVideoPlaybackQuality().totalVideoFrames);
        },
        { capture: true, once: true },
      );
      const finish = (video: HTMLVideoElement, signal: FirstFrameTiming['signal'], frame: VideoFrameCallbackMetadata | null): void => {
        if (done) return;
        done = true;
        const now = performance.now();
        resolveFrame({
          listener: now - pressed.now,
          stamp: (frame?.presentationTime ?? now) - pressed.stamp,
          width: frame?.width ?? video.videoWidth,
          height: frame?.height ?? video.videoHeight,
          signal,
        });
      };
      const watched = new WeakSet<HTMLVideoElement>();
      const poll = (): void => {
        if (done) return;
        for (const video of engineVideos()) {
          if (!watched.has(video)) {
            watched.add(video);
            const onFrame = (_now: number, frame: VideoFrameCallbackMetadata): void => {
              // A frame presented before the press is not this playback's: wait for the next one.
              if (pressed.now === 0 || frame.presentationTime < pressed.stamp) video.requestVideoFrameCallback(onFrame);
              else finish(video, 'rvfc', frame);
            };
            video.requestVideoFrameCallback(onFrame);
          }
          if (pressed.now !== 0 && video.getVideoPlaybackQuality().totalVideoFrames > (framesAtPress.get(video) ?? 0)) finish(video, 'frames', null);
        }
        requestAnimationFrame(poll);
      };
      poll();
    });
  });
  await page.click(selector);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      page.evaluate(() => (window as unknown as { __firstFrame: Promise<FirstFrameTiming> }).__firstFrame),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no video frame within 30 s on ${page.url()}`)), FIRST_FRAME_TIMEOUT_MS))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** What Shaka's page gets from the bench before the click: a premium bearer, the DASH manifest and the licence server's uri. */
interface PageConfig {
  readonly token: string;
  readonly mpdUrl: string;
  /** The licence server's uri with the source id in it, as a page is configured with its licence server. */
  readonly licenceUri: string;
}

const html = (title: string, body: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${title}</title><style>video{width:376px;height:212px;display:block}</style></head>` +
  `<body><button id="play">Play</button>${body}</body></html>`;

/**
 * The baseline: Shaka Player made, attached to its <video> and given its ClearKey licence server before the click;
 * the click loads the DASH manifest and plays (as the audio part, scripts/bench-protected.ts: the engine too is
 * initialised, its key system set up, before the click). Its ABR starts from the estimate the engine starts from
 * (spec 001 §9: the browser's downlink × 1e6, else 400000) and prefers the H.264 set the engine plays (the first
 * MIME type of the manifest, core playableProfiles), so both start on the same rung (printed). `?abr=1` leaves
 * Shaka's ABR switching on: on loopback its first samples can move it to another rung before its first frame, and
 * it fetches segment 0 again, so that figure is printed beside the like-for-like one, never as the goal's.
 */
function shakaPage(config: PageConfig): string {
  return html(
    'Shaka Player (video)',
    `<video></video>` +
      configScript(config) +
      shakaPageScript({
        element: 'video',
        manifestField: 'mpdUrl',
        prelude: `const downlink = navigator.connection && navigator.connection.downlink > 0 ? navigator.connection.downlink * 1e6 : ${DEFAULT_BANDWIDTH_BPS};`,
        configure:
          "abr: { enabled: new URLSearchParams(location.search).get('abr') === '1', useNetworkInformation: false, defaultBandwidthEstimate: downlink }," +
          " preferredVideo: [{ codec: 'avc1.4d401f' }],",
      }),
  );
}

/** Fails a load on any console error, uncaught error or failed request of its page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

async function measured(page: Page, errors: string[], selector: string): Promise<FirstFrameTiming> {
  try {
    const timing = await timeFirstFrame(page, selector);
    if (errors.length > 0) throw new Error(errors.join(' | '));
    return timing;
  } catch (err) {
    throw new Error(`${page.url()}: ${String(err)}; page errors: ${errors.join(' | ')}`, { cause: err });
  }
}

const shakaRun = (browser: Browser, url: string): Promise<FirstFrameTiming> =>
  withContext(browser, async (page) => {
    const errors = watchErrors(page);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction("document.documentElement.dataset.ready === 'true'", { timeout: 30_000 });
    return measured(page, errors, '#play');
  });

/** The engine is ready for a click: the device is registered and the keys attached (spec 001 §4 Client lifecycle), as in the audio part. */
const ENGINE_READY = `(() => {
  const log = window.__engineDebug?.actionLog() ?? '';
  return log.includes('"device/registered"') && log.includes('"drm/mediaKeysAttached"');
})()`;

/**
 * Ours: a logged-in premium listener's embed of the episode; pointer entry initialises the engine (spec 001 §4
 * Client lifecycle), the click on the widget's play button comes when it is ready, and the first frame is the
 * engine's <video> (ui/engine/engine-client.ts mediaElement, placed by the widget).
 */
interface WidgetRun extends FirstFrameTiming {
  /** The engine's actions from the click to the first frame: ms after the first of them, and type. */
  readonly actions: ReadonlyArray<readonly [number, string]>;
}

const actionLog = (page: Page): Promise<string> =>
  page.evaluate(() => (window as unknown as { __engineDebug: { actionLog(): string } }).__engineDebug.actionLog());

const widgetRun = (browser: Browser, origin: string, embedUrl: string, sessionCookie: string): Promise<WidgetRun> =>
  withContext(browser, async (page) => {
    const errors = watchErrors(page);
    await page.setCookie({ name: 'sp_dc', value: sessionCookie, url: origin });
    await page.goto(embedUrl, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated=true]');
    await page.hover('[data-testid=play-button]');
    await page.waitForFunction(ENGINE_READY, { timeout: 30_000 });
    const before = (await actionLog(page)).split('\n').length;
    const timing = await measured(page, errors, '[data-testid=play-button]');
    const entries = (await actionLog(page))
      .split('\n')
      .slice(before - 1)
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { t: number; action: { type: string } });
    const t0 = entries[0]?.t ?? 0;
    const frameAt = t0 + timing.listener;
    return { ...timing, actions: entries.filter((e) => e.t <= frameAt).map((e) => [Math.round(e.t - t0), e.action.type] as const) };
  });

export interface VideoFigures {
  readonly runs: number;
  readonly sourceId: string;
  readonly episodeId: string;
  /** shaka: its ABR choosing the first rung only (the goal's baseline); shakaAbr: its ABR switching as it likes. */
  readonly clickToFirstFrameMedianMs: { readonly widget: number; readonly shaka: number; readonly shakaAbr: number };
  readonly clickToFirstFrameStampMedianMs: { readonly widget: number; readonly shaka: number; readonly shakaAbr: number };
  /** widget / Shaka, by the listener's clock (the goal: at most 1.0) and by the frames' presentation times. */
  readonly widgetVsShaka: number;
  readonly widgetVsShakaStamp: number;
  /** The first frame's size in each run (which rung each started on), and the signal that saw it. */
  readonly firstFrames: { readonly widget: readonly string[]; readonly shaka: readonly string[]; readonly shakaAbr: readonly string[] };
  /** Every run's figure by the listener's clock, in run order (the spread behind the medians). */
  readonly runsMs: { readonly widget: readonly number[]; readonly shaka: readonly number[]; readonly shakaAbr: readonly number[] };
}

/** The goal of issue 18: no slower than Shaka. */
export const VIDEO_VS_SHAKA_GOAL = 1.0;

export interface VideoBench {
  register(app: FastifyInstance): void;
  /** The figures, and the engine's actions from the click to the first frame in its last measured run. */
  run(browser: Browser, origin: string, db: Kysely<Tables>, runs: number): Promise<{ figures: VideoFigures; lastEngineActions: WidgetRun['actions'] }>;
}

/**
 * The bench's routes for this figure (register them in startServer's beforeListen, after the protected bench's,
 * which serves Shaka's script), then `run` once the server listens.
 */
export function createVideoBench(): VideoBench {
  let config: PageConfig | null = null;
  let mpd = '';
  const need = (): PageConfig => {
    if (config === null) throw new Error('the video bench pages were asked for before run()');
    return config;
  };
  return {
    register(app) {
      app.get('/__bench/video.mpd', async (_req, reply) => reply.type('application/dash+xml').header('cache-control', 'no-store').send(mpd));
      app.get('/__bench/video-shaka', async (_req, reply) => reply.type('text/html').send(shakaPage(need())));
    },
    async run(browser, origin, db, runs) {
      const episode = await db
        .selectFrom('episodes')
        .innerJoin('shows', 'shows.id', 'episodes.show_id')
        .innerJoin('video_sources', 'video_sources.episode_id', 'episodes.id')
        .select(['episodes.id as episodeId', 'video_sources.source_id as sourceId'])
        .where('shows.name', '=', VIDEO_SHOW)
        .orderBy('episodes.release_date')
        .executeTakeFirst();
      if (episode === undefined) throw new Error(`the show ${VIDEO_SHOW} has no video episode`);
      const sessionCookie = await logIn(origin);
      const token = await premiumToken(origin, sessionCookie);
      const answer = await fetch(`${origin}${videoManifestPath(episode.sourceId)}`, { headers: { authorization: `Bearer ${token}` } });
      if (!answer.ok) throw new Error(`video manifest: ${answer.status} ${await answer.text()}`);
      const manifest = (await answer.json()) as VideoManifestJson;
      if (manifest.contents[0]?.encryption_infos.length !== 1) throw new Error('the premium video manifest is not the protected one');
      mpd = videoDashManifest(manifest);
      // spec 001 §7 Media: a video's content id is its source id.
      const licenceUri = await licenceUriFor(origin, token, 'video', episode.sourceId);
      config = { token, mpdUrl: `${origin}/__bench/video.mpd`, licenceUri };
      const embedUrl = `${origin}/embed/episode/${episode.episodeId}?debug=1`;
      const shakaUrl = `${origin}/__bench/video-shaka`;
      const widget = (): Promise<WidgetRun> => widgetRun(browser, origin, embedUrl, sessionCookie);
      const shaka = (): Promise<FirstFrameTiming> => shakaRun(browser, shakaUrl);
      const shakaAbr = (): Promise<FirstFrameTiming> => shakaRun(browser, `${shakaUrl}?abr=1`);
      const play = { widget: [] as WidgetRun[], shaka: [] as FirstFrameTiming[], shakaAbr: [] as FirstFrameTiming[] };
      // One unmeasured round first: the first requests pay for warming up (server, browser, caches).
      await widget();
      await shaka();
      await shakaAbr();
      for (let i = 0; i < runs; i += 1) {
        play.widget.push(await widget());
        play.shaka.push(await shaka());
        play.shakaAbr.push(await shakaAbr());
      }
      const listener = (xs: FirstFrameTiming[]) => median(xs.map((x) => x.listener));
      const stamp = (xs: FirstFrameTiming[]) => median(xs.map((x) => x.stamp));
      const each = (xs: FirstFrameTiming[]) => xs.map((x) => Math.round(x.listener));
      const frames = (xs: FirstFrameTiming[]) => xs.map((x) => `${x.width}x${x.height} ${x.signal}`);
      const figures: VideoFigures = {
        runs,
        sourceId: episode.sourceId,
        episodeId: episode.episodeId,
        clickToFirstFrameMedianMs: { widget: listener(play.widget), shaka: listener(play.shaka), shakaAbr: listener(play.shakaAbr) },
        clickToFirstFrameStampMedianMs: { widget: stamp(play.widget), shaka: stamp(play.shaka), shakaAbr: stamp(play.shakaAbr) },
        widgetVsShaka: listener(play.widget) / listener(play.shaka),
        widgetVsShakaStamp: stamp(play.widget) / stamp(play.shaka),
        firstFrames: { widget: frames(play.widget), shaka: frames(play.shaka), shakaAbr: frames(play.shakaAbr) },
        runsMs: { widget: each(play.widget), shaka: each(play.shaka), shakaAbr: each(play.shakaAbr) },
      };
      return { figures, lastEngineActions: play.widget[play.widget.length - 1]?.actions ?? [] };
    },
  };
}

const counts = (xs: readonly string[]): string => [...new Set(xs)].map((x) => `${x} ×${xs.filter((y) => y === x).length}`).join(', ');

/** The lines npm run bench prints for this figure. */
export function videoLines(f: VideoFigures, verdict: (ok: boolean) => string): string[] {
  const m = f.clickToFirstFrameMedianMs;
  const s = f.clickToFirstFrameStampMedianMs;
  return [
    `protected video episode    widget ${m.widget.toFixed(1)} ms / Shaka ${m.shaka.toFixed(1)} ms = ${f.widgetVsShaka.toFixed(2)}  goal 1.0  ${verdict(f.widgetVsShaka <= VIDEO_VS_SHAKA_GOAL)}`,
    `  by frame presentation     widget ${s.widget.toFixed(1)} ms / Shaka ${s.shaka.toFixed(1)} ms = ${f.widgetVsShakaStamp.toFixed(2)}`,
    `  Shaka switching (its ABR) widget ${m.widget.toFixed(1)} ms / Shaka ${m.shakaAbr.toFixed(1)} ms = ${(m.widget / m.shakaAbr).toFixed(2)}  (stamps ${(s.widget / s.shakaAbr).toFixed(2)})`,
    `  each run (ms)             widget ${f.runsMs.widget.join(' ')}; Shaka ${f.runsMs.shaka.join(' ')}; Shaka switching ${f.runsMs.shakaAbr.join(' ')}`,
    `  first frames              widget: ${counts(f.firstFrames.widget)}; Shaka: ${counts(f.firstFrames.shaka)}; Shaka switching: ${counts(f.firstFrames.shakaAbr)}`,
    `(click to the first video frame (requestVideoFrameCallback, or totalVideoFrames > 0) of episode ${f.episodeId} of "${VIDEO_SHOW}", ` +
      `source ${f.sourceId}, CENC + ClearKey, same /cdn/video segments and licence server; widget: a logged-in premium listener's ` +
      `embed, engine initialised on pointer entry, its play button, the engine's <video>; Shaka ${SHAKA_VERSION}: a DASH manifest of ` +
      `the protected profiles, attached and configured before the click, starting from the engine's estimate on its H.264 set, its ABR ` +
      `choosing the first rung only (the goal's baseline) or switching; medians of ${f.runs} loads each, alternating, fresh browser context per load)`,
  ];
}
