import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFakePorts } from '../../adapters/fake';
import { engineReducer } from '../engine/player';
import { engineReplayBuild } from '../engine/player/tapped-deps';
import { widgetEpics } from '../widget/all-epics';
import { widgetReducer } from '../widget/reducer';
import { parseActionLog } from './action-log';
import { explainDivergence, formatStateChanges } from './divergence';
import { replayEngine } from './replay';
import { parseTranscript } from './transcript';
import { replayWithTranscript } from './transcript-replay';

const read = (name: string) => readFileSync(join(__dirname, '../../fixtures/sessions', name), 'utf8');

describe('explainDivergence (issue 19: the first divergent seq and the differing state path)', () => {
  it("names the state paths the engine's regenerated action changes at the divergent seq (a token service that failed)", () => {
    const file = parseActionLog(read('logged-in-album.engine.jsonl'));
    const transcript = parseTranscript(read('logged-in-album.engine.transcript.jsonl'));
    const tokenCall = transcript.entries.find((e) => e.k === 'sub' && e.c === 'http.request' && JSON.stringify(e.a).includes('/access_token'));
    const failing = {
      ...transcript,
      entries: transcript.entries.map((e) =>
        e.k === 'next' && tokenCall?.k === 'sub' && e.id === tokenCall.id ? { ...e, v: { status: 500, headers: {}, body: '' } } : e,
      ),
    };
    const result = replayWithTranscript(file, failing, { reducer: engineReducer, build: engineReplayBuild });
    if (result.ok) throw new Error('expected a divergence');
    const token = file.entries.find((e) => e.action.type === 'session/tokenReceived');
    const explained = explainDivergence(file, engineReducer, result.divergence);
    expect(explained.seq).toBe(token?.seq);
    expect(explained.message).toBe(result.divergence.message);
    expect(explained.changes).toEqual(
      expect.arrayContaining([
        { path: 'session.accessToken', before: 'REDACTED_TOKEN_1', after: null },
        { path: 'session.lastError', before: null, after: 'Request was not successful (status 500)' },
      ]),
    );
    expect(formatStateChanges(explained.changes)).toContain('session.lastError: null -> "Request was not successful (status 500)"');
  });

  it('says no state path when only the action differs and the reducer reads none of the difference', () => {
    const file = parseActionLog(read('logged-in-album.jsonl'));
    const skip = file.entries.find((e) => e.action.type === 'widget/skipNextRequested');
    const decided = file.entries.find((e) => e.cause !== undefined && e.cause === skip?.seq);
    const tampered = { ...file, entries: file.entries.map((e) => (e === decided ? { ...e, action: { ...e.action, command: { kind: 'prev' } } } : e)) };
    const result = replayEngine(tampered, { reducer: widgetReducer, epics: widgetEpics, makeDeps: (scheduler) => createFakePorts(scheduler) });
    if (result.ok) throw new Error('expected a divergence');
    expect(explainDivergence(tampered, widgetReducer, result.divergence)).toEqual({ seq: decided?.seq, message: result.divergence.message, changes: [] });
  });

  it('folds an action the log lacks onto the state at its end (seq -1)', () => {
    const file = parseActionLog(read('logged-in-album.jsonl'));
    const last = file.entries.at(-1);
    if (last === undefined) throw new Error('empty fixture');
    const actual = { ...last, seq: last.seq + 1, action: { type: 'widget/viewportMeasured', width: 1, height: 2 } };
    const explained = explainDivergence(file, widgetReducer, { seq: -1, actual, message: 'past the end' });
    expect(explained.seq).toBe(-1);
    expect(explained.changes.map((change) => change.path)).toEqual(expect.arrayContaining(['viewport.width']));
  });
});
