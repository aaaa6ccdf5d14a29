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
  const jsonl = await page.evaluate(() => (window as unknown as Debug).__embedDebug.actionLog());
  const liveState = await page.evaluate(() => (window as unknown as Debug).__embedDebug.state());
  const file = parseActionLog(jsonl);
  expect(replayFold(file, widgetReducer).finalState).toEqual(liveState);
  const engine = replayEngine(file, { reducer: widgetReducer, epics: widgetEpics, makeDeps: (scheduler) => createFakePorts(scheduler) });
  if (!engine.ok) throw new Error(`engine replay diverged at seq ${engine.divergence.seq}: ${engine.divergence.message}`);
  expect(engine.finalState).toEqual(liveState);
  return { jsonl, file, liveState };
}

interface EngineDebug {
  readonly __engineDebug: { actionLog(): string; state(): unknown };
}

/**
 * Reads the full-playback engine's own log and state (ui/engine/engine-client.ts, debug=1) and
 * throws unless the fold replay reaches the live state. (Its engine replay needs the ports'
 * answers, which the log does not hold: see fixtures/sessions/sessions.test.ts.)
 */
export async function checkEngineSession(page: Page | Frame): Promise<RecordedSession> {
  const jsonl = await page.evaluate(() => (window as unknown as EngineDebug).__engineDebug.actionLog());
  const liveState = await page.evaluate(() => (window as unknown as EngineDebug).__engineDebug.state());
  const file = parseActionLog(jsonl);
  expect(replayFold(file, engineReducer, 'embed-engine').finalState).toEqual(liveState);
  return { jsonl, file, liveState };
}

/** Writes the session as `name`.jsonl and its golden `name`.final-state.json. */
export function keepRecordedSession(name: string, session: RecordedSession): void {
  const dir = process.env.RECORD_SESSIONS === '1' ? join(ROOT, 'fixtures/sessions') : join(ROOT, 'e2e/artifacts');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.jsonl`), session.jsonl);
  writeFileSync(join(dir, `${name}.final-state.json`), `${JSON.stringify(session.liveState, null, 2)}\n`);
}
