// A live embed's action log, checked to replay in both modes (ARCHITECTURE.md §3) and kept: as a
// fixture under fixtures/sessions/ with RECORD_SESSIONS=1 (fixtures/sessions/sessions.test.ts
// replays those), else under e2e/artifacts/ for people to look at.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Frame, Page } from 'puppeteer';
import { createFakePorts } from '../adapters/fake';
import { parseActionLog, type ActionLogFile } from '../core/store/action-log';
import { replayEngine, replayFold } from '../core/store/replay';
import { widgetEpics } from '../core/widget/all-epics';
import { widgetReducer } from '../core/widget/reducer';
import { engineReducer } from '../core/engine/player';
import { engineReplayBuild } from '../core/engine/player/tapped-deps';
import { parseTranscript } from '../core/store/transcript';
import { replayWithTranscript } from '../core/store/transcript-replay';
import { recordTrail, serializeTrail } from '../core/store/golden-trail';
import type { StoredCapture } from '../core/model/capture';
import { adoptCapture } from '../scripts/replay-adopt';
import { WEB_PLAYER_APP, webPlayerPageReducer, webPlayerPageReplayBuild } from '../ui/webplayer/page-store';

const ROOT = resolve(__dirname, '..');

interface Debug {
  readonly __embedDebug: { actionLog(): string; state(): unknown };
}

export interface RecordedSession {
  readonly jsonl: string;
  readonly file: ActionLogFile;
  readonly liveState: unknown;
}

/** Reads the page's log and state, and throws unless fold and engine replay reach the live state. */
export async function checkRecordedSession(page: Page | Frame): Promise<RecordedSession> {
  // Both in one evaluate, one turn of the page's event loop: read apart, an action (the next preview's load) could come
  // between them, and the log's fold would rightly differ from the later state.
  const { jsonl, liveState } = await page.evaluate(() => {
    const debug = (window as unknown as Debug).__embedDebug;
    return { jsonl: debug.actionLog(), liveState: debug.state() };
  });
  const file = parseActionLog(jsonl);
  expect(replayFold(file, widgetReducer).finalState).toEqual(liveState);
  const engine = replayEngine(file, { reducer: widgetReducer, epics: widgetEpics, makeDeps: (scheduler) => createFakePorts(scheduler) });
  if (!engine.ok) throw new Error(`engine replay diverged at seq ${engine.divergence.seq}: ${engine.divergence.message}`);
  expect(engine.finalState).toEqual(liveState);
  return { jsonl, file, liveState };
}

interface EngineDebug {
  readonly __engineDebug: { session(): { actionLog: string; transcript: string; state: unknown } };
}

/**
 * Reads the full-playback engine's own log, its port transcript and its state in one call
 * (ui/engine/engine-client.ts, debug=1) and throws unless the fold replay and the engine replay
 * over the transcript (core/store/transcript-replay.ts) both reach the live state.
 */
export async function checkEngineSession(page: Page | Frame): Promise<RecordedSession & { readonly transcript: string }> {
  const { actionLog: jsonl, transcript, state: liveState } = await page.evaluate(() => (window as unknown as EngineDebug).__engineDebug.session());
  const file = parseActionLog(jsonl);
  expect(replayFold(file, engineReducer, 'embed-engine').finalState).toEqual(liveState);
  const engine = replayWithTranscript(file, parseTranscript(transcript), { reducer: engineReducer, build: engineReplayBuild, expectApp: 'embed-engine' });
  if (!engine.ok) throw new Error(`engine replay diverged at seq ${engine.divergence.seq}: ${engine.divergence.message}`);
  expect(engine.finalState).toEqual(liveState);
  return { jsonl, file, liveState, transcript };
}

/**
 * Writes the session as `name`.jsonl, its golden `name`.final-state.json, its golden trail `name`.trail.json (the state
 * each step made, issue 19: core/store/golden-trail.ts) and any port transcript as `name`.transcript.jsonl.
 */
export function keepRecordedSession(name: string, session: RecordedSession & { readonly transcript?: string }): void {
  const dir = process.env.RECORD_SESSIONS === '1' ? join(ROOT, 'fixtures/sessions') : join(ROOT, 'e2e/artifacts');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.jsonl`), session.jsonl);
  writeFileSync(join(dir, `${name}.final-state.json`), `${JSON.stringify(session.liveState, null, 2)}\n`);
  const { states } = session.file.header.app === 'embed-engine' ? replayFold(session.file, engineReducer) : replayFold(session.file, widgetReducer);
  writeFileSync(join(dir, `${name}.trail.json`), serializeTrail(recordTrail(session.file, states)));
  if (session.transcript !== undefined) writeFileSync(join(dir, `${name}.transcript.jsonl`), session.transcript);
}

/**
 * Issue 19 regression corpus: a web player page's capture ("Report a problem") kept as `name`.jsonl (the page's log, app
 * 'web-player', folded by webPlayerPageReducer) and, when the engine played, `name`.engine.* — as `replay adopt` writes
 * them, after checking that the engine's log replays over its transcript.
 */
export function keepWebPlayerCapture(name: string, capture: Pick<StoredCapture, 'widget' | 'engine'>): void {
  // The page's log replays in engine mode over the port transcript the page records beside it (its epics re-run).
  const page = replayWithTranscript(parseActionLog(capture.widget.actionLog), parseTranscript(capture.widget.transcript ?? ''), {
    reducer: webPlayerPageReducer,
    build: webPlayerPageReplayBuild,
    expectApp: WEB_PLAYER_APP,
  });
  if (!page.ok) throw new Error(`the web player page's replay diverged at seq ${page.divergence.seq}: ${page.divergence.message}`);
  if (capture.engine !== null) {
    const file = parseActionLog(capture.engine.actionLog);
    const engine = replayWithTranscript(file, parseTranscript(capture.engine.transcript), {
      reducer: engineReducer,
      build: engineReplayBuild,
      expectApp: 'embed-engine',
    });
    if (!engine.ok) throw new Error(`engine replay diverged at seq ${engine.divergence.seq}: ${engine.divergence.message}`);
  }
  const dir = process.env.RECORD_SESSIONS === '1' ? join(ROOT, 'fixtures/sessions') : join(ROOT, 'e2e/artifacts');
  adoptCapture(capture, name, dir, { widgetReducer: webPlayerPageReducer, engineReducer });
}
