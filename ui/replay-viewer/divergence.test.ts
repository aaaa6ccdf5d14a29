import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseActionLog, serializeActionLog } from '../../core/store/action-log';
import { checkTranscriptLog, checkWidgetLog, linkLogTranscript } from './divergence';

const read = (name: string) => readFileSync(join(__dirname, '../../fixtures/sessions', name), 'utf8');

describe("replay viewer: the first divergence against today's code (issue 19 The viewer)", () => {
  it("a recorded session replays the same on today's epics", () => {
    expect(checkWidgetLog(read('logged-in-album.jsonl'))).toEqual({ kind: 'same' });
  });

  it("a log whose epic output today's code would not produce names that seq", () => {
    const file = parseActionLog(read('logged-in-album.jsonl'));
    const skip = file.entries.find((entry) => entry.action.type === 'widget/skipNextRequested');
    const decided = file.entries.find((entry) => entry.cause !== undefined && entry.cause === skip?.seq);
    expect(decided).toBeDefined();
    // As if an older build had decided "previous" for the next button.
    const tampered = {
      ...file,
      entries: file.entries.map((entry) => (entry === decided ? { ...entry, action: { ...entry.action, command: { kind: 'prev' } } } : entry)),
    };
    const result = checkWidgetLog(serializeActionLog(tampered));
    expect(result).toMatchObject({ kind: 'diverged', divergence: { seq: decided?.seq } });
  });

  it("the engine's own log is not checked here (it replays over its transcript)", () => {
    expect(checkWidgetLog(read('logged-in-album.engine.jsonl'))).toMatchObject({ kind: 'not-checked' });
  });

  it("a web player page's log whose epic output today's code would not produce names that seq (replayed over the page's transcript)", () => {
    const file = parseActionLog(read('webplayer-album.jsonl'));
    const answered = file.entries.find((entry) => entry.src === 'epic' && entry.action.type === 'catalogue/termsReacceptanceAnswered');
    expect(answered).toBeDefined();
    // As if an older build's terms epic had answered for another request.
    const tampered = serializeActionLog({
      ...file,
      entries: file.entries.map((entry) => (entry === answered ? { ...entry, action: { ...entry.action, requestId: 'another' } } : entry)),
    });
    const links = linkLogTranscript('webplayer', tampered, read('webplayer-album.transcript.jsonl'));
    expect(checkTranscriptLog('webplayer', tampered, links)).toMatchObject({ kind: 'diverged', divergence: { seq: answered?.seq } });
  });
});
