// What the e2e tests of full playback read from a page: the engine's audio element, the preview's,
// the widget's state and the engine's action log (debug=1), polled until a condition holds.
import type { Page } from 'puppeteer';

/** Logs in through the provider's own login page (demo accounts demo/demo, free/free). */
export async function logIn(p: Page, origin: string, username: string, password: string): Promise<void> {
  await p.goto(`${origin}/login?continue=%2F`);
  await p.type('input[name=username]', username);
  await p.type('input[name=password]', password);
  await Promise.all([p.waitForNavigation(), p.click('button[type=submit]')]);
}

export interface Heard {
  /** The engine's element: its position in seconds and its MediaError code. */
  readonly time: number;
  readonly error: number | null;
  readonly preview: { readonly time: number; readonly paused: boolean };
  readonly widget: { readonly isPlaying: boolean; readonly trackUri: string | null; readonly forcePreview: boolean };
  /** The engine's actions, in log order: their types, and the actions themselves. */
  readonly engineActions: string[];
  readonly engineLog: Array<{ readonly type: string } & Record<string, unknown>>;
}

export const heard = (p: Page): Promise<Heard> =>
  p.evaluate(() => {
    const w = window as unknown as {
      __embedDebug: { state(): { playback: { isPlaying: boolean; trackUri: string | null }; platform: { forcePreview: boolean } } };
      __engineDebug?: { actionLog(): string };
    };
    const engine = [...document.querySelectorAll<HTMLMediaElement>('audio, video')].find((a) => a.id !== 'preview-audio');
    const preview = document.querySelector<HTMLAudioElement>('audio#preview-audio');
    const state = w.__embedDebug.state();
    const engineLog = (w.__engineDebug?.actionLog() ?? '')
      .split('\n')
      .slice(1)
      // A windowed log's checkpoint line (issue 12) is not an action.
      .filter((line) => line !== '' && !line.startsWith('{"kind":"checkpoint"'))
      .map((line) => (JSON.parse(line) as { action: { type: string } & Record<string, unknown> }).action);
    return {
      time: engine?.currentTime ?? 0,
      error: engine?.error?.code ?? null,
      preview: { time: preview?.currentTime ?? 0, paused: preview?.paused ?? true },
      widget: { isPlaying: state.playback.isPlaying, trackUri: state.playback.trackUri, forcePreview: state.platform.forcePreview },
      engineActions: engineLog.map((action) => action.type),
      engineLog,
    };
  });

export async function waitFor(p: Page, what: string, test: (h: Heard) => boolean, timeoutMs = 60_000): Promise<Heard> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const h = await heard(p);
    if (test(h)) return h;
    if (Date.now() > until) {
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify({ ...h, engineActions: h.engineActions.slice(-15), engineLog: undefined })}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
