// Issue 19: `npm run replay -- adopt <capture.json | capture URL> [name]` turns a capture ("Report a problem",
// GET /api/captures/{id}) into fixtures under fixtures/sessions/: <name>.jsonl (with the <name>.transcript.jsonl a web
// player page records beside its log) and, when the engine ran,
// <name>.engine.jsonl with its <name>.engine.transcript.jsonl, each with its golden final state (the fold's),
// which fixtures/sessions/sessions.test.ts then replays in both modes. Secrets are trimmed again on the way:
// every line goes through the recorders' redaction (core/store/redact.ts), and the environment is left out.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredCapture } from '../core/model/capture';
import { parseActionLog } from '../core/store/action-log';
import { createRedactor } from '../core/store/redact';
import { replayFold } from '../core/store/replay';
import { recordTrail, serializeTrail } from '../core/store/golden-trail';
import type { Reducer } from '../core/store/store';

/** Each JSONL line through one redactor (one per recording, so its placeholders stay consistent). */
export function trimSecrets(jsonl: string, redactor = createRedactor()): string {
  return jsonl
    .split('\n')
    .map((line) => (line.trim() === '' ? line : JSON.stringify(redactor.redact(JSON.parse(line) as unknown))))
    .join('\n');
}

export interface AdoptApps<W, E> {
  readonly widgetReducer: Reducer<W>;
  readonly engineReducer: Reducer<E>;
}

/** Writes the capture's fixtures into `dir` as `name`; answers the files written. */
export function adoptCapture<W, E>(capture: Pick<StoredCapture, 'widget' | 'engine'>, name: string, dir: string, apps: AdoptApps<W, E>): string[] {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`A fixture name is lowercase letters, digits and '-': got "${name}".`);
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const write = (file: string, text: string) => {
    writeFileSync(join(dir, file), text);
    written.push(join(dir, file));
  };
  // A web player page's log and its port transcript share one redactor when recorded: so here too.
  const pageRedactor = createRedactor();
  const widgetLog = trimSecrets(capture.widget.actionLog, pageRedactor);
  const widgetFile = parseActionLog(widgetLog);
  const widgetFold = replayFold(widgetFile, apps.widgetReducer);
  write(`${name}.jsonl`, widgetLog);
  if (capture.widget.transcript !== undefined && capture.widget.transcript.trim() !== '') {
    write(`${name}.transcript.jsonl`, trimSecrets(capture.widget.transcript, pageRedactor));
  }
  write(`${name}.final-state.json`, `${JSON.stringify(widgetFold.finalState, null, 2)}\n`);
  // Issue 19: the golden trail, which names the first divergent seq and state path (core/store/golden-trail.ts).
  write(`${name}.trail.json`, serializeTrail(recordTrail(widgetFile, widgetFold.states)));
  if (capture.engine !== null && capture.engine !== undefined) {
    // The engine's log and transcript share one redactor when recorded: so here too.
    const redactor = createRedactor();
    const engineLog = trimSecrets(capture.engine.actionLog, redactor);
    const transcript = trimSecrets(capture.engine.transcript, redactor);
    const engineFile = parseActionLog(engineLog);
    const engineFold = replayFold(engineFile, apps.engineReducer, 'embed-engine');
    write(`${name}.engine.jsonl`, engineLog);
    write(`${name}.engine.transcript.jsonl`, transcript);
    write(`${name}.engine.final-state.json`, `${JSON.stringify(engineFold.finalState, null, 2)}\n`);
    write(`${name}.engine.trail.json`, serializeTrail(recordTrail(engineFile, engineFold.states)));
  }
  return written;
}

/**
 * Reads a capture from a file or from its API URL (GET /api/captures/{id}?key=...; a /replay/{id}?key=... link
 * is turned into it). CAPTURE_TOKEN, when set, is sent as the bearer token (an operator's, or the listener's).
 */
export async function readCapture(source: string, readFile: (path: string) => string, env: NodeJS.ProcessEnv = process.env): Promise<StoredCapture> {
  if (!/^https?:\/\//.test(source)) return JSON.parse(readFile(source)) as StoredCapture;
  const url = new URL(source);
  url.pathname = url.pathname.replace(/^\/replay\//, '/api/captures/');
  const token = env.CAPTURE_TOKEN;
  const response = await fetch(url, { headers: token === undefined || token === '' ? {} : { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`GET ${url.origin}${url.pathname} answered ${response.status}.`);
  return (await response.json()) as StoredCapture;
}
