import { Observable, VirtualTimeScheduler, catchError, interval, of, timer, type SchedulerLike } from 'rxjs';
import { filter, map, mergeMap, switchMap, take } from 'rxjs/operators';
import * as t from 'io-ts';
import { defineAction, type Action } from './action';
import { createActionLog, parseActionLog, serializeActionLog, type ActionLogFile } from './action-log';
import { createRecordingTap, type PortTap } from './port-tap';
import { createStore, type Epic, type StoreClock } from './store';
import { ReplayError } from './replay';
import { parseTranscript, serializeTranscript, TRANSCRIPT_SCHEMA, TranscriptError, type Transcript, type TranscriptEntry } from './transcript';
import { replayWithTranscript } from './transcript-replay';

// A small app whose epics read ports: an HTTP answer, a stored value given synchronously, random
// draws, a timer that a newer request cancels, and a ticker that reschedules itself.
interface Deps {
  readonly clock: StoreClock;
  readonly scheduler: SchedulerLike;
  readonly random: { next(): number };
  readonly http: { request(url: string): Observable<{ status: number }> };
  readonly storage: { read(key: string): Observable<string | null> };
  readonly beacon: { send(text: string): boolean };
  readonly base: string;
}
type Ports = Omit<Deps, 'base'>;

const asked = defineAction('test/asked', { path: t.string });
const answered = defineAction('test/answered', { status: t.number, at: t.number });
const failed = defineAction('test/failed', { err: t.string });
const stored = defineAction('test/stored', { value: t.union([t.string, t.null]) });
const drawn = defineAction('test/drawn', { value: t.number });
const waited = defineAction('test/waited', { path: t.string });
const ticked = defineAction('test/ticked', { at: t.number });
const beaconed = defineAction('test/beaconed', { result: t.string });

type State = readonly string[];
const reducer = (state: State, action: Action): State => [...state, action.type];
type TestEpic = Epic<State, Deps>;

const httpEpic: TestEpic = (action$, _s, deps) =>
  action$.pipe(
    filter(asked.match),
    mergeMap((a) =>
      deps.http.request(`${deps.base}${a.path}`).pipe(
        map((r) => answered({ status: r.status, at: deps.clock.now() })),
        catchError((err: unknown) => of(failed({ err: err instanceof Error ? `${err.name}: ${err.message}` : String(err) }))),
      ),
    ),
  );
const storageEpic: TestEpic = (_a, _s, deps) => deps.storage.read('token').pipe(map((value) => stored({ value })));
const randomEpic: TestEpic = (action$, _s, deps) =>
  action$.pipe(
    filter(asked.match),
    map(() => drawn({ value: deps.random.next() })),
  );
const waitEpic: TestEpic = (action$, _s, deps) =>
  action$.pipe(
    filter(asked.match),
    switchMap((a) => timer(500, deps.scheduler).pipe(map(() => waited({ path: a.path })))),
  );
const tickEpic: TestEpic = (_a, _s, deps) =>
  interval(1000, deps.scheduler).pipe(
    take(3),
    map(() => ticked({ at: deps.scheduler.now() })),
  );
/** A port that throws rather than answering: the epic catches it, and replay must throw the same. */
const beaconEpic: TestEpic = (action$, _s, deps) =>
  action$.pipe(
    filter(asked.match),
    map((a) => {
      try {
        return beaconed({ result: String(deps.beacon.send(a.path)) });
      } catch (err) {
        return beaconed({ result: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
      }
    }),
  );
const epics = [httpEpic, storageEpic, randomEpic, waitEpic, tickEpic, beaconEpic];

/** The app's deps over a tap, the one shape for recording and replay (as core/engine/player/tapped-deps.ts). */
const tapDeps = (tap: PortTap, config: unknown, ports?: Ports): Deps => {
  const real = (): Ports =>
    ports ??
    (() => {
      throw new Error('replay reached a real port');
    })();
  return {
    base: (config as { base: string }).base,
    clock: { now: () => tap.value('clock.now', [], () => real().clock.now()) },
    scheduler: tap.scheduler(() => real().scheduler),
    random: { next: () => tap.value('random.next', [], () => real().random.next()) },
    http: { request: (url) => tap.stream('http.request', [url], () => real().http.request(url)) },
    storage: { read: (key) => tap.stream('storage.read', [key], () => real().storage.read(key)) },
    beacon: { send: (text) => tap.value('beacon.send', [text], () => real().beacon.send(text)) },
  };
};
const build = (tap: PortTap, config: unknown) => ({ epics, deps: tapDeps(tap, config) });

/** Real timers fire late, and real answers come when they come: the recording's world is this. */
function record(
  inputs: ReadonlyArray<{ at: number; action: Action }>,
  answers: Record<string, number | Error>,
): { file: ActionLogFile; transcript: Transcript } {
  const world = new VirtualTimeScheduler();
  const late: SchedulerLike = {
    now: () => world.now(),
    schedule: ((work: () => void, due?: number, state?: unknown) => world.schedule(work, (due ?? 0) + 7, state)) as SchedulerLike['schedule'],
  };
  let draws = 0;
  const ports: Ports = {
    clock: { now: () => 1_700_000_000_000 + world.now() },
    scheduler: late,
    random: { next: () => (draws += 1) / 10 },
    http: {
      request: (url) => {
        if (url.endsWith('/throws')) throw new TypeError('Failed to construct Request');
        return timer(30 + url.length, world).pipe(
          map(() => {
            const answer = answers[url];
            if (answer instanceof Error) throw answer;
            return { status: answer ?? 404 };
          }),
        );
      },
    },
    storage: { read: () => of('stored-token') },
    beacon: {
      send: (text) => {
        if (text === '/throws') throw Object.assign(new Error('The socket is closed'), { name: 'InvalidStateError' });
        return true;
      },
    },
  };
  const config = { base: 'https://api.test' };
  const tap = createRecordingTap();
  const log = createActionLog({ app: 'test-app', version: '1', initialState: [] });
  const store = tap.starting(() => createStore({ reducer, epics, deps: tapDeps(tap, config, ports), initialState: [] as State, onEnvelope: log.record }));
  for (const input of inputs) world.schedule(() => tap.input(() => store.dispatch(input.action, 'ui')), input.at);
  world.flush();
  store.stop();
  // Both go through their text form, as the fixtures do.
  const transcript = parseTranscript(
    serializeTranscript({ header: { kind: 'transcript', schema: TRANSCRIPT_SCHEMA, app: 'test-app', config }, entries: tap.entries() }),
  );
  return { file: parseActionLog(serializeActionLog(log.file())), transcript };
}

const session = () =>
  record(
    [
      { at: 10, action: asked({ path: '/a' }) },
      { at: 200, action: asked({ path: '/b' }) }, // cancels /a's wait
      { at: 2500, action: asked({ path: '/broken' }) },
      { at: 2600, action: asked({ path: '/throws' }) },
    ],
    { 'https://api.test/a': 200, 'https://api.test/b': 204, 'https://api.test/broken': Object.assign(new Error('socket hang up'), { name: 'NetworkError' }) },
  );

const withEntries = (transcript: Transcript, change: (entries: TranscriptEntry[]) => TranscriptEntry[]): Transcript => ({
  header: transcript.header,
  entries: change([...transcript.entries]),
});

describe('engine replay over a port transcript (ARCHITECTURE.md §3 Replay: the epics regenerate the log)', () => {
  it('regenerates every line of the log, t and cause included, from the inputs and the recorded answers, late timers and clock reads', () => {
    const { file, transcript } = session();
    const result = replayWithTranscript(file, transcript, { reducer, build, expectApp: 'test-app' });
    if (!result.ok) throw new Error(result.divergence.message);
    expect(result.envelopes).toEqual(file.entries);
    expect(result.finalState).toEqual(file.entries.map((e) => e.action.type));
    // The recording had what the test means it to have.
    const types = file.entries.map((e) => e.action.type);
    expect(types.filter((type) => type === 'test/ticked')).toHaveLength(3);
    expect(types.filter((type) => type === 'test/waited')).toHaveLength(2);
    expect(file.entries.filter((e) => failed.match(e.action)).map((e) => e.action)).toEqual([
      failed({ err: 'NetworkError: socket hang up' }),
      failed({ err: 'TypeError: Failed to construct Request' }),
    ]);
    expect(file.entries.filter((e) => beaconed.match(e.action)).map((e) => e.action)).toContainEqual(
      beaconed({ result: 'InvalidStateError: The socket is closed' }),
    );
    expect(transcript.entries.filter((e) => e.k === 'reschedule')).toHaveLength(2);
    expect(transcript.entries.find((e) => e.k === 'next' && e.n === 1)).toBeDefined(); // storage answered synchronously
  });

  it('reports a changed answer as a divergence at the seq of the first line it changes', () => {
    const { file, transcript } = session();
    const changed = withEntries(transcript, (entries) =>
      entries.map((e) => (e.k === 'next' && JSON.stringify(e.v) === '{"status":204}' ? { ...e, v: { status: 500 } } : e)),
    );
    const result = replayWithTranscript(file, changed, { reducer, build });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const recorded = file.entries.find((e) => answered.match(e.action) && e.action.status === 204);
    expect(result.divergence.seq).toBe(recorded?.seq);
    expect(result.divergence.message).toMatch(/^Seq \d+ \(test\/answered\) differs: action\.status: 204 -> 500/);
  });

  it('reports a call the recording did not make, naming both calls, even when the epic catches the error it raises', () => {
    const { file, transcript } = session();
    const elsewhere = (tap: PortTap) => ({ epics, deps: tapDeps(tap, { base: 'https://elsewhere.test' }) });
    const result = replayWithTranscript(file, transcript, { reducer, build: elsewhere });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.divergence.message).toMatch(
      /^Before seq \d+: The epics made a subscription to http\.request\("https:\/\/elsewhere\.test\/a"\) where the recording has a subscription to http\.request\("https:\/\/api\.test\/a"\) \(transcript line \d+\)\.$/,
    );
  });

  it('reports a timer the epics set with another delay', () => {
    const { file, transcript } = session();
    const slower: TestEpic = (action$, _s, deps) =>
      action$.pipe(
        filter(asked.match),
        switchMap(() => timer(600, deps.scheduler).pipe(map(() => waited({ path: '' })))),
      );
    const result = replayWithTranscript(file, transcript, {
      reducer,
      build: (tap, config) => ({ epics: [httpEpic, storageEpic, randomEpic, slower, tickEpic], deps: tapDeps(tap, config) }),
    });
    expect(!result.ok && result.divergence.message).toMatch(/The epics made a timer in 600 ms where the recording has a schedule of timer \d+ in 500 ms/);
  });

  it('reports a recorded answer for a subscription the epics had dropped, and a timer they had cancelled', () => {
    const { file, transcript } = session();
    const firstAsk = transcript.entries.findIndex((e) => e.k === 'input');
    const subscriptionOfA = transcript.entries.find((e) => e.k === 'sub' && e.c === 'http.request');
    // The answer to /a comes again at the end: the epic had taken it and let go.
    const again = withEntries(transcript, (entries) => [
      ...entries,
      ...entries.filter((e) => e.k === 'next' && e.id === (subscriptionOfA as { id: number }).id),
    ]);
    const late = replayWithTranscript(file, again, { reducer, build });
    expect(!late.ok && late.divergence.message).toBe(
      `After the last line of the log: The recording has a next of subscription ${(subscriptionOfA as { id: number }).id} here, but the epics no longer held that subscription (transcript line ${again.entries.length + 1}).`,
    );
    // /a's wait fires although /b cancelled it.
    const waitOfA = transcript.entries.slice(firstAsk).find((e) => e.k === 'schedule' && e.d === 500) as { id: number };
    const fired = withEntries(transcript, (entries) => {
      const at = entries.findIndex((e) => e.k === 'fire' && e.id === waitOfA.id + 1);
      return [...entries.slice(0, at), { k: 'fire', id: waitOfA.id }, ...entries.slice(at)];
    });
    const cancelled = replayWithTranscript(file, fired, { reducer, build });
    expect(!cancelled.ok && cancelled.divergence.message).toMatch(
      new RegExp(`The recorded timer ${waitOfA.id} fired here, but the epics had cancelled it or never set it`),
    );
  });

  it('reports the log lines a transcript cut short cannot regenerate', () => {
    const { file, transcript } = session();
    const cut = withEntries(transcript, (entries) =>
      entries.slice(
        0,
        entries.findIndex((e) => e.k === 'fire'),
      ),
    );
    const result = replayWithTranscript(file, cut, { reducer, build });
    expect(!result.ok && result.divergence.message).toMatch(
      /^Seq \d+ \(test\/\w+\) was not regenerated: the transcript ended at transcript line \d+ of \d+\.$/,
    );
  });

  it('refuses a transcript of another app, and a log of another app than expected', () => {
    const { file, transcript } = session();
    expect(() => replayWithTranscript(file, { ...transcript, header: { ...transcript.header, app: 'other' } }, { reducer, build })).toThrow(
      new ReplayError('Cannot replay: the transcript was recorded by the app "other", the log by "test-app".'),
    );
    expect(() => replayWithTranscript(file, transcript, { reducer, build, expectApp: 'embed-engine' })).toThrow(ReplayError);
  });
});

describe('the transcript file (decoded at the boundary)', () => {
  const header = JSON.stringify({ kind: 'transcript', schema: TRANSCRIPT_SCHEMA, app: 'a', config: {} });

  it.each([
    ['', 'The transcript is empty: expected a header line.'],
    [JSON.stringify({ kind: 'transcript', schema: 2, app: 'a', config: {} }), 'This transcript has schema version 2; this build reads schema version 1 only.'],
    [`${header}\n{"k":"next"}`, /^Line 2 is not a transcript entry: /],
    [`${header}\nnot json`, /^Line 2 is not JSON: /],
    ['{"kind":"header"}', /^Line 1 is not a transcript header: /],
  ])('refuses %j', (text, message) => {
    expect(() => parseTranscript(text)).toThrow(TranscriptError);
    expect(() => parseTranscript(text)).toThrow(message);
  });

  it('reads back what it wrote', () => {
    const entries: TranscriptEntry[] = [
      { k: 'call', c: 'clock.now', a: [], v: 5 },
      { k: 'sub', c: 'x', a: [1], id: 0 },
      { k: 'next', id: 0, v: null, n: 1 },
      { k: 'input' },
    ];
    const transcript: Transcript = { header: { kind: 'transcript', schema: TRANSCRIPT_SCHEMA, app: 'a', config: { x: 1 } }, entries };
    expect(parseTranscript(serializeTranscript(transcript))).toEqual(transcript);
  });
});
