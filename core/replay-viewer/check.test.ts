import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineReducer } from '../engine/player';
import { engineReplayBuild } from '../engine/player/tapped-deps';
import { parseActionLog } from '../store/action-log';
import type { Reducer } from '../store/store';
import { parseTranscript, type Transcript } from '../store/transcript';
import { checkResultOf } from './check';
import { linkTranscript } from './transcript-links';

const read = (name: string) => readFileSync(join(__dirname, '../../fixtures/sessions', name), 'utf8');
const file = parseActionLog(read('logged-in-album.engine.jsonl'));
const transcript = parseTranscript(read('logged-in-album.engine.transcript.jsonl'));
const reducer = engineReducer as Reducer<unknown>;
const check = (t: Transcript) => checkResultOf(file, reducer, linkTranscript(file, t, { reducer: engineReducer, build: engineReplayBuild }).replay);

describe("the engine's log checked against today's code over its port transcript (issue 19 The viewer, as npm run replay -- check)", () => {
  it('the recorded session replays the same', () => {
    expect(check(transcript)).toEqual({ kind: 'same' });
  });

  it('a transcript whose token service failed diverges at the token, naming the differing state paths', () => {
    const tokenSub = transcript.entries.find((e) => e.k === 'sub' && e.c === 'http.request' && JSON.stringify(e.a).includes('/access_token'));
    const failing = {
      ...transcript,
      entries: transcript.entries.map((e) =>
        e.k === 'next' && tokenSub?.k === 'sub' && e.id === tokenSub.id ? { ...e, v: { status: 500, headers: {}, body: '' } } : e,
      ),
    };
    const result = check(failing);
    const token = file.entries.find((e) => e.action.type === 'session/tokenReceived');
    expect(result).toMatchObject({
      kind: 'diverged',
      divergence: { seq: token?.seq, message: expect.stringMatching(/^Seq \d+ \(session\/tokenReceived\) differs: /) as unknown },
    });
    if (result.kind !== 'diverged') return;
    expect(result.divergence.changes.map((change) => change.path)).toEqual(expect.arrayContaining(['session.accessToken', 'session.lastError']));
  });

  it('a divergence at the ports (a request the epics no longer make) is named before the seq it would have led to', () => {
    const tokenSub = transcript.entries.findIndex((e) => e.k === 'sub' && e.c === 'http.request' && JSON.stringify(e.a).includes('/access_token'));
    const other = { ...transcript, entries: transcript.entries.map((e, index) => (index === tokenSub && e.k === 'sub' ? { ...e, c: 'http.other' } : e)) };
    const result = check(other);
    expect(result).toMatchObject({ kind: 'diverged', divergence: { message: expect.stringContaining(`(transcript line ${tokenSub + 2})`) as unknown } });
  });

  it('a windowed transcript is not checked, and says why', () => {
    const windowed: Transcript = { header: { ...transcript.header, dropped: 10 }, entries: transcript.entries.slice(10) };
    expect(check(windowed)).toMatchObject({ kind: 'not-checked', reason: expect.stringMatching(/the transcript was windowed/) as unknown });
  });
});
