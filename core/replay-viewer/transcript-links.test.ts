import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineReducer } from '../engine/player';
import { engineReplayBuild } from '../engine/player/tapped-deps';
import { parseActionLog } from '../store/action-log';
import { parseTranscript, type Transcript, type TranscriptEntry } from '../store/transcript';
import { linkTranscript } from './transcript-links';

const read = (name: string) => readFileSync(join(__dirname, '../../fixtures/sessions', name), 'utf8');
const file = parseActionLog(read('logged-in-album.engine.jsonl'));
const transcript = parseTranscript(read('logged-in-album.engine.transcript.jsonl'));
const link = (t: Transcript = transcript) => linkTranscript(file, t, { reducer: engineReducer, build: engineReplayBuild, expectApp: 'embed-engine' });
const links = link();

const seqOf = (type: string) => file.entries.find((entry) => entry.action.type === type)?.seq;
const entryOf = (seq: number) => file.entries.find((entry) => entry.seq === seq);
const indexWhere = (test: (entry: TranscriptEntry) => boolean) => transcript.entries.findIndex(test);
/** The subscription to the access token request, and its answer. */
const tokenSub = indexWhere((e) => e.k === 'sub' && e.c === 'http.request' && JSON.stringify(e.a).includes('/access_token'));
const tokenId = (transcript.entries[tokenSub] as { id: number }).id;
const tokenAnswer = indexWhere((e) => e.k === 'next' && e.id === tokenId);
const inputs = file.entries.filter((entry) => entry.src !== 'epic').map((entry) => entry.seq);
const inputEntries = transcript.entries.flatMap((entry, index) => (entry.k === 'input' ? [index] : []));

describe("the engine's port transcript linked to its actions (issue 19 The viewer)", () => {
  it('lists every entry, as the list shows it', () => {
    expect(links.rows).toHaveLength(transcript.entries.length);
    expect(links.rows[tokenSub]).toMatchObject({ category: 'http', kind: 'sub', text: expect.stringContaining('GET /access_token?') as unknown });
    expect(links.rows[tokenAnswer]).toMatchObject({
      category: 'http',
      kind: 'next',
      text: expect.stringMatching(/answer 200 ← GET \/access_token/) as unknown,
    });
    expect(links.linkedBy).toBe('replay');
    expect(links.note).toBeNull();
  });

  it('an HTTP answer is linked to the action it caused, and that action to the answer', () => {
    const received = seqOf('session/tokenReceived') ?? -1;
    expect(links.linksOf(tokenAnswer)).toEqual([{ seq: received, relation: 'caused' }]);
    expect(links.entriesOf(received)).toContain(tokenAnswer);
    // An answer's action starts a chain of its own: it has no cause in the log.
    expect(entryOf(received)?.cause).toBeUndefined();
  });

  it('a request is linked to the action during which the epics made it', () => {
    expect(links.linksOf(tokenSub)).toEqual([{ seq: seqOf('session/tokenRefreshRequested'), relation: 'during' }]);
  });

  it("a socket frame is linked to the action it caused (the dealer's authenticate reply)", () => {
    const reply = indexWhere((e) => e.k === 'next' && (JSON.stringify(e.v) ?? '').includes('\\"key\\":\\"authenticate\\"'));
    expect(reply).toBeGreaterThan(0);
    expect(links.rows[reply]?.category).toBe('socket');
    expect(links.linksOf(reply)).toEqual([{ seq: seqOf('transport/authenticated'), relation: 'caused' }]);
  });

  it('a timer that fires is linked to the actions it caused, which have no cause in the log', () => {
    const fired = links.rows.filter((row) => row.kind === 'fire' && links.linksOf(row.index).length > 0);
    expect(fired.length).toBeGreaterThan(0);
    for (const row of fired) {
      for (const { seq, relation } of links.linksOf(row.index)) {
        expect(relation).toBe('caused');
        expect(entryOf(seq)?.cause).toBeUndefined();
      }
    }
  });

  it('a clock read is linked to the action being processed or the one it stamped', () => {
    const clock = links.rows.filter((row) => row.category === 'clock');
    const linked = clock.filter((row) => links.linksOf(row.index).length > 0);
    // Only reads in turns that logged nothing (and the store's start-up) are left unlinked.
    expect(linked.length).toBeGreaterThan(clock.length * 0.9);
  });

  it('each input entry is linked to the log’s input of the same rank', () => {
    expect(inputEntries).toHaveLength(inputs.length);
    // First the input itself; an epic action its turn made without a cause (a port answering at once) comes after it.
    inputEntries.forEach((index, rank) => expect(links.linksOf(index)[0]).toEqual({ seq: inputs[rank], relation: 'caused' }));
  });

  it('the links read the same both ways', () => {
    for (const row of links.rows) for (const { seq } of links.linksOf(row.index)) expect(links.entriesOf(seq)).toContain(row.index);
    for (const entry of file.entries) for (const index of links.entriesOf(entry.seq)) expect(links.linksOf(index).map((l) => l.seq)).toContain(entry.seq);
  });

  it('past a divergence only the inputs are linked, and the note says where the replay went another way', () => {
    const failing = {
      ...transcript,
      entries: transcript.entries.map((e, index) => (index === tokenAnswer && e.k === 'next' ? { ...e, v: { status: 500, headers: {}, body: '' } } : e)),
    };
    const partial = link(failing);
    expect(partial.replay.ok).toBe(false);
    expect(partial.note).toMatch(
      /^Linked up to transcript line \d+, where today's code replays the log another way \(at seq \d+, session\/tokenReceived\); after it, only the inputs, counted from the start\.$/,
    );
    // Before it, as in the whole replay; the answer itself, and what followed, not (but the inputs).
    expect(partial.linksOf(tokenSub)).toEqual(links.linksOf(tokenSub));
    expect(partial.linksOf(tokenAnswer)).toEqual([]);
    const lastInput = inputEntries.at(-1) ?? -1;
    expect(partial.linksOf(lastInput)).toEqual([{ seq: inputs.at(-1), relation: 'caused' }]);
    expect(partial.linksOf(lastInput + 1)).toEqual([]);
  });

  it('a windowed transcript cannot be replayed: its inputs are linked counting from the end', () => {
    const dropped = 700;
    const windowed: Transcript = { header: { ...transcript.header, dropped }, entries: transcript.entries.slice(dropped) };
    const partial = link(windowed);
    expect(partial.linkedBy).toBe('inputs');
    expect(partial.note).toMatch(/^Only the inputs are linked: Cannot replay on the engine: the transcript was windowed/);
    const kept = inputEntries.filter((index) => index >= dropped);
    kept.forEach((index, rank) => {
      expect(partial.linksOf(index - dropped)).toEqual([{ seq: inputs[inputs.length - kept.length + rank], relation: 'caused' }]);
    });
    expect(partial.rows.filter((row) => row.kind !== 'input' && partial.linksOf(row.index).length > 0)).toEqual([]);
  });
});
