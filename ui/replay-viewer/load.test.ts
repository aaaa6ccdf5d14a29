import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseActionLog } from '../../core/store/action-log';
import { replayFold } from '../../core/store/replay';
import { webPlayerPageReducer } from '../webplayer/page-store';
import { checkTranscriptLog, checkWidgetLog, linkLogTranscript } from './divergence';
import { loadCapture, loadFiles } from './load';

const read = (name: string) => readFileSync(join(__dirname, '../../fixtures/sessions', name), 'utf8');

describe('replay viewer: opening a session (issue 19 The viewer)', () => {
  it("dropped files: the engine's log goes with the port transcript kept beside it, the widget's has none", () => {
    const session = loadFiles([
      { name: 'logged-in-album.engine.transcript.jsonl', text: read('logged-in-album.engine.transcript.jsonl') },
      { name: 'logged-in-album.engine.jsonl', text: read('logged-in-album.engine.jsonl') },
      { name: 'logged-in-album.jsonl', text: read('logged-in-album.jsonl') },
    ]);
    expect(session.logs.map((log) => [log.source, log.name, log.transcript === null ? null : log.transcript.length])).toEqual([
      ['widget', 'logged-in-album.jsonl', null],
      ['engine', 'logged-in-album.engine.jsonl', read('logged-in-album.engine.transcript.jsonl').length],
    ]);
  });

  it("a web player page's capture: its log folds with the page's reducer and is not checked on the widget's epics", () => {
    const pageLog = read('webplayer-album.jsonl');
    const session = loadCapture({
      id: 'c',
      createdAt: '2026-11-26T12:00:00.000Z',
      description: null,
      owner: 'anonymous',
      widget: { actionLog: pageLog },
      engine: { actionLog: read('webplayer-album.engine.jsonl'), transcript: read('webplayer-album.engine.transcript.jsonl') },
      environment: { userAgent: 'test', language: 'en', viewport: { width: 1280, height: 800 } },
    });
    const [page, engine] = session.logs;
    expect([page?.source, page?.name, engine?.source, engine?.transcript === null]).toEqual(['webplayer', 'page', 'engine', false]);
    const file = parseActionLog(pageLog);
    expect(page?.timeline.stateAt(file.entries.length - 1).state).toEqual(replayFold(file, webPlayerPageReducer).finalState);
    expect(checkWidgetLog(pageLog)).toMatchObject({ kind: 'not-checked', reason: expect.stringContaining('web player') as unknown });
  });

  it("a web player page's capture with its port transcript: the page's log is checked over it (its epics re-run), the same on today's code", () => {
    const pageLog = read('webplayer-album.jsonl');
    const transcript = read('webplayer-album.transcript.jsonl');
    const session = loadCapture({
      id: 'c',
      createdAt: '2026-11-26T12:00:00.000Z',
      description: null,
      owner: 'listener',
      widget: { actionLog: pageLog, transcript },
      engine: null,
      environment: { userAgent: 'test', language: 'en', viewport: { width: 1280, height: 800 } },
    });
    const [page] = session.logs;
    expect([page?.source, page?.transcript]).toEqual(['webplayer', transcript]);
    expect(checkTranscriptLog('webplayer', pageLog, linkLogTranscript('webplayer', pageLog, transcript))).toEqual({ kind: 'same' });
    expect(checkTranscriptLog('webplayer', pageLog, null)).toMatchObject({ kind: 'not-checked', reason: expect.stringContaining('web player') as unknown });
  });
});
