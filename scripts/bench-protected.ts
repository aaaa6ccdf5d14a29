// npm run bench, the protected full track (issue 5): click to `playing` of the album's first track
// through the engine (logged in, CENC, ClearKey), against the same packaged file played by Shaka
// Player from a DASH manifest and by a bare MediaSource + ClearKey page, in the same run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'puppeteer';
import { logInCookie } from '../server/accounts/login-client';
import { fragmentRanges, median, type SeekTable } from './bench-media';
import { timeClick, withContext, type ClickTiming } from './click-timing';
import { CLEARKEY_DASH_SCHEME, configScript, licenceUriFor, shakaPageScript, uuidOf } from './bench-shaka';

/** spec 001 §9 Codecs: protected audio is AAC-LC in MP4 (the engine's source buffer type). */
const AUDIO_CONTENT_TYPE = 'audio/mp4; codecs="mp4a.40.2"';
const CLEARKEY = 'org.w3.clearkey';
const LOG_IN = { username: 'demo', password: 'demo' };

/** The file the engine plays: the track's MP4 file of the highest bitrate (core fileOfTrack: what the default estimate, and loopback's, pick). */
export interface ProtectedFile {
  readonly trackId: string;
  readonly fileId: string;
  readonly format: string;
  readonly bitrate: number;
  /** hex, 32 digits. */
  readonly keyId: string;
  readonly durationMs: number;
  readonly table: SeekTable;
}

export function protectedFileOf(dataDir: string, albumId: string): ProtectedFile {
  const db = new Database(join(dataDir, 'catalogue.sqlite'), { readonly: true });
  try {
    const track = db.prepare('SELECT id, duration_ms FROM tracks WHERE album_id = ? ORDER BY track_number LIMIT 1').get(albumId) as
      { id: string; duration_ms: number } | undefined;
    if (track === undefined) throw new Error(`album ${albumId} has no tracks`);
    const file = db
      .prepare(
        "SELECT file_id, format, bitrate, key_id, seek_table FROM audio_files WHERE track_id = ? AND format LIKE 'MP4%' AND key_id IS NOT NULL ORDER BY bitrate DESC LIMIT 1",
      )
      .get(track.id) as { file_id: string; format: string; bitrate: number; key_id: string; seek_table: string | null } | undefined;
    if (file === undefined || file.seek_table === null) throw new Error(`track ${track.id} has no packaged MP4 file with a seek table`);
    return {
      trackId: track.id,
      fileId: file.file_id,
      format: file.format,
      bitrate: file.bitrate,
      keyId: file.key_id.toLowerCase(),
      durationMs: track.duration_ms,
      table: JSON.parse(file.seek_table) as SeekTable,
    };
  } finally {
    db.close();
  }
}

/**
 * A static DASH manifest of the packaged file, from its seek table: one SegmentList with the init
 * range and one mediaRange per fragment (durations from the table), CENC with the file's key id
 * and the ClearKey system.
 */
export function dashManifest(file: ProtectedFile, mediaUrl: string): string {
  const [init, ...fragments] = fragmentRanges(file.table);
  const timeline = file.table.segments.map(([, duration]) => `<S d="${duration}"/>`).join('');
  const segmentUrls = fragments.map(([a, b]) => `<SegmentURL mediaRange="${a}-${b}"/>`).join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:cenc="urn:mpeg:cenc:2013" type="static" profiles="urn:mpeg:dash:profile:full:2011" ` +
    `minBufferTime="PT2S" mediaPresentationDuration="PT${(file.durationMs / 1000).toFixed(3)}S">` +
    `<Period id="0" start="PT0S"><AdaptationSet id="0" contentType="audio" mimeType="audio/mp4" codecs="mp4a.40.2" lang="und">` +
    `<ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc" cenc:default_KID="${uuidOf(file.keyId)}"/>` +
    `<ContentProtection schemeIdUri="${CLEARKEY_DASH_SCHEME}" value="ClearKey1.0"/>` +
    `<Representation id="${file.format}" bandwidth="${file.bitrate}" audioSamplingRate="${file.table.timescale}">` +
    `<BaseURL>${mediaUrl}</BaseURL>` +
    `<SegmentList timescale="${file.table.timescale}"><Initialization range="${init![0]}-${init![1]}"/>` +
    `<SegmentTimeline>${timeline}</SegmentTimeline>${segmentUrls}</SegmentList>` +
    `</Representation></AdaptationSet></Period></MPD>\n`
  );
}

/** What the baseline pages get from the bench: the file, a premium bearer and the licence server's uri. */
interface PageConfig {
  readonly mediaUrl: string;
  readonly manifestUrl: string;
  readonly init: readonly [number, number];
  readonly fragment: readonly [number, number];
  readonly token: string;
  readonly licenceUri: string;
  readonly contentType: string;
}

const html = (title: string, body: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><button id="play">Play</button><audio></audio>${body}</body></html>`;

/**
 * Baseline A: the least a page can do to play the file. Everything of the track happens on click,
 * as in the engine: MediaSource and SourceBuffer, the init and first fragment by Range, the key
 * system (requestMediaKeySystemAccess, MediaKeys), the licence on `encrypted`, play. The bearer
 * and the licence server's uri are there before, as a page is configured with its licence server
 * (Shaka's page too); the engine has its token from initialisation but asks for its expiring
 * licence uri (and the server time) only at the first licence challenge, after the click.
 */
function barePage(config: PageConfig): string {
  return html(
    'bare MSE + ClearKey',
    configScript(config) +
      `<script>
const B = window.BENCH;
const audio = document.querySelector('audio');
const range = ([a, b]) => fetch(B.mediaUrl, { headers: { Range: 'bytes=' + a + '-' + b } }).then((r) => r.arrayBuffer());
const appended = (sb, bytes) => new Promise((resolve, reject) => {
  sb.addEventListener('updateend', resolve, { once: true });
  sb.addEventListener('error', reject, { once: true });
  sb.appendBuffer(bytes);
});
document.getElementById('play').onclick = async () => {
  const source = new MediaSource();
  const opened = new Promise((resolve) => source.addEventListener('sourceopen', resolve, { once: true }));
  audio.src = URL.createObjectURL(source);
  const init = range(B.init);
  const fragment = range(B.fragment);
  const keys = navigator
    .requestMediaKeySystemAccess('${CLEARKEY}', [{ initDataTypes: ['cenc'], audioCapabilities: [{ contentType: B.contentType }] }])
    .then((access) => access.createMediaKeys())
    .then((mediaKeys) => audio.setMediaKeys(mediaKeys).then(() => mediaKeys));
  audio.addEventListener('encrypted', async (event) => {
    const session = (await keys).createSession();
    session.addEventListener('message', async (message) => {
      const licence = await fetch(B.licenceUri, { method: 'POST', headers: { Authorization: 'Bearer ' + B.token }, body: message.message });
      await session.update(await licence.arrayBuffer());
    });
    await session.generateRequest(event.initDataType, event.initData);
  }, { once: true });
  await keys;
  await opened;
  const sb = source.addSourceBuffer(B.contentType);
  await appended(sb, await init);
  await appended(sb, await fragment);
  audio.play();
};
document.documentElement.dataset.ready = 'true';
</script>`,
  );
}

/** Baseline B: Shaka Player with the bench's DASH manifest (scripts/bench-shaka.ts: set up before the click, loaded on it). */
function shakaPage(config: PageConfig): string {
  return html('Shaka Player', configScript(config) + shakaPageScript({ element: 'audio', manifestField: 'manifestUrl' }));
}

/** The engine is ready for a click: its element exists, the device is registered and the keys attached (spec 001 §4 Client lifecycle). */
const ENGINE_READY = `(() => {
  const log = window.__engineDebug?.actionLog() ?? '';
  return [...document.querySelectorAll('audio, video')].some((a) => a.id !== 'preview-audio') && log.includes('"device/registered"') && log.includes('"drm/mediaKeysAttached"');
})()`;

interface EngineRun extends ClickTiming {
  /** The engine's actions from the click to `playing`: ms after the first of them, and type. */
  readonly actions: ReadonlyArray<readonly [number, string]>;
}

async function engineRun(browser: Browser, origin: string, embedUrl: string, sessionCookie: string): Promise<EngineRun> {
  return withContext(browser, async (page) => {
    // Logged in: the session cookie of one POST /login (as the form sets it), in this fresh context.
    await page.setCookie({ name: 'sp_dc', value: sessionCookie, url: origin });
    await page.goto(embedUrl, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated=true]');
    // Pointer entry initialises the engine (spec 001 §4 Client lifecycle); the click comes when it is ready.
    await page.hover('[data-testid=play-button]');
    await page.waitForFunction(ENGINE_READY, { timeout: 30_000 });
    const before = await page.evaluate(() => (window as unknown as { __engineDebug: { actionLog(): string } }).__engineDebug.actionLog().split('\n').length);
    const timing = await timeClick(page, '[data-testid=play-button]', 'engine');
    const log = await page.evaluate(() => (window as unknown as { __engineDebug: { actionLog(): string } }).__engineDebug.actionLog());
    const entries = log
      .split('\n')
      .slice(before - 1)
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { t: number; action: { type: string } });
    const t0 = entries[0]?.t ?? 0;
    return { ...timing, actions: entries.map((e) => [Math.round(e.t - t0), e.action.type] as const) };
  });
}

const baselineRun = (browser: Browser, url: string): Promise<ClickTiming> =>
  withContext(browser, async (page) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction("document.documentElement.dataset.ready === 'true'", { timeout: 30_000 });
    try {
      return await timeClick(page, '#play', 'first');
    } catch (err) {
      throw new Error(`${String(err)}; page errors: ${errors.join(' | ')}`, { cause: err });
    }
  });

/** Logs in through the login form (its CSRF token included): the session cookie's value. */
export async function logIn(origin: string): Promise<string> {
  const cookie = await logInCookie(origin, LOG_IN.username, LOG_IN.password);
  return cookie.slice(cookie.indexOf('=') + 1);
}

export async function premiumToken(origin: string, sessionCookie: string): Promise<string> {
  const response = await fetch(`${origin}/access_token?reason=bench&productType=web_player`, { headers: { cookie: `sp_dc=${sessionCookie}` } });
  const body = (await response.json()) as { accessToken: string; isAnonymous: boolean };
  if (body.isAnonymous) throw new Error('the session cookie gave an anonymous token');
  return body.accessToken;
}

export interface ProtectedFigures {
  readonly runs: number;
  readonly fileId: string;
  readonly format: string;
  readonly clickToPlayingMedianMs: { readonly engine: number; readonly shaka: number; readonly bareMse: number };
  readonly clickToPlayingStampMedianMs: { readonly engine: number; readonly shaka: number; readonly bareMse: number };
  /** engine / Shaka, by the listener's clock (the budget, at most 1.0) and by event stamps. */
  readonly engineVsShaka: number;
  readonly engineVsShakaStamp: number;
  readonly engineVsBare: number;
  readonly engineVsBareStamp: number;
}

/** The budget of issue 5: the engine's click to playing at most Shaka's. */
export const ENGINE_VS_SHAKA_BUDGET = 1.0;

/**
 * The bench's routes for this figure (register them in startServer's beforeListen), then `run`
 * once the server listens. The pages read what `run` sets before loading them.
 */
export interface ProtectedBench {
  register(app: FastifyInstance): void;
  /** The figures, and the engine's actions from the click to playing in its last measured run. */
  run(
    browser: Browser,
    origin: string,
    dataDir: string,
    albumId: string,
    runs: number,
  ): Promise<{ figures: ProtectedFigures; lastEngineActions: EngineRun['actions'] }>;
}

export function createProtectedBench(): ProtectedBench {
  let config: PageConfig | null = null;
  let manifest = '';
  // Read when a page first asks for it: with BENCH_SKIP_PROTECTED=1 the routes are there but never used.
  let shakaScript: Buffer | undefined;
  const need = (): PageConfig => {
    if (config === null) throw new Error('the protected bench pages were asked for before run()');
    return config;
  };
  return {
    register(app) {
      app.get('/__bench/shaka-player.compiled.js', async (_req, reply) => {
        shakaScript ??= readFileSync(require.resolve('shaka-player/dist/shaka-player.compiled.js'));
        return reply.type('application/javascript').send(shakaScript);
      });
      app.get('/__bench/protected.mpd', async (_req, reply) => reply.type('application/dash+xml').header('cache-control', 'no-store').send(manifest));
      app.get('/__bench/protected-bare', async (_req, reply) => reply.type('text/html').send(barePage(need())));
      app.get('/__bench/protected-shaka', async (_req, reply) => reply.type('text/html').send(shakaPage(need())));
    },
    async run(browser, origin, dataDir, albumId, runs) {
      const file = protectedFileOf(dataDir, albumId);
      const sessionCookie = await logIn(origin);
      const token = await premiumToken(origin, sessionCookie);
      const [init, fragment] = fragmentRanges(file.table);
      const mediaUrl = `${origin}/cdn/audio/${file.fileId}`;
      manifest = dashManifest(file, mediaUrl);
      config = {
        mediaUrl,
        manifestUrl: `${origin}/__bench/protected.mpd`,
        init: init!,
        fragment: fragment!,
        token,
        licenceUri: await licenceUriFor(origin, token, 'audio', file.fileId),
        contentType: AUDIO_CONTENT_TYPE,
      };
      const embedUrl = `${origin}/embed/album/${albumId}?debug=1`;
      const bareUrl = `${origin}/__bench/protected-bare`;
      const shakaUrl = `${origin}/__bench/protected-shaka`;
      const play = { engine: [] as EngineRun[], shaka: [] as ClickTiming[], bare: [] as ClickTiming[] };
      // One unmeasured round first: the first requests pay for warming up (server, browser, caches).
      await engineRun(browser, origin, embedUrl, sessionCookie);
      await baselineRun(browser, shakaUrl);
      await baselineRun(browser, bareUrl);
      for (let i = 0; i < runs; i += 1) {
        play.engine.push(await engineRun(browser, origin, embedUrl, sessionCookie));
        play.shaka.push(await baselineRun(browser, shakaUrl));
        play.bare.push(await baselineRun(browser, bareUrl));
      }
      const listener = (xs: ClickTiming[]) => median(xs.map((x) => x.listener));
      const stamp = (xs: ClickTiming[]) => median(xs.map((x) => x.stamp));
      const figures: ProtectedFigures = {
        runs,
        fileId: file.fileId,
        format: file.format,
        clickToPlayingMedianMs: { engine: listener(play.engine), shaka: listener(play.shaka), bareMse: listener(play.bare) },
        clickToPlayingStampMedianMs: { engine: stamp(play.engine), shaka: stamp(play.shaka), bareMse: stamp(play.bare) },
        engineVsShaka: listener(play.engine) / listener(play.shaka),
        engineVsShakaStamp: stamp(play.engine) / stamp(play.shaka),
        engineVsBare: listener(play.engine) / listener(play.bare),
        engineVsBareStamp: stamp(play.engine) / stamp(play.bare),
      };
      return { figures, lastEngineActions: play.engine[play.engine.length - 1]?.actions ?? [] };
    },
  };
}

/** The lines npm run bench prints for this figure. */
export function protectedLines(f: ProtectedFigures, verdict: (ok: boolean) => string): string[] {
  const m = f.clickToPlayingMedianMs;
  const s = f.clickToPlayingStampMedianMs;
  return [
    `protected full track       engine ${m.engine.toFixed(1)} ms / Shaka ${m.shaka.toFixed(1)} ms = ${f.engineVsShaka.toFixed(2)}  budget 1.0  ${verdict(f.engineVsShaka <= ENGINE_VS_SHAKA_BUDGET)}`,
    `  by event timestamps       engine ${s.engine.toFixed(1)} ms / Shaka ${s.shaka.toFixed(1)} ms = ${f.engineVsShakaStamp.toFixed(2)}`,
    `  against bare MSE+ClearKey engine ${m.engine.toFixed(1)} ms / bare ${m.bareMse.toFixed(1)} ms = ${f.engineVsBare.toFixed(2)}  (stamps ${f.engineVsBareStamp.toFixed(2)})`,
    `(click to the engine's own media element playing, logged in, ${f.format} file ${f.fileId}; medians of ${f.runs} loads each, alternating, fresh browser context per load)`,
  ];
}
