import { VirtualTimeScheduler, type SchedulerLike } from 'rxjs';
import { delay, filter, map } from 'rxjs/operators';
import * as t from 'io-ts';
import { defineAction, type Action } from '../core/store/action';
import { createActionLog, parseActionLog } from '../core/store/action-log';
import { createStore, type Epic, type StoreClock } from '../core/store/store';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineReducer } from '../core/engine/player';
import { engineReplayBuild } from '../core/engine/player/tapped-deps';
import { formatDiff, formatStateAt, formatTimeline, runReplayCli, USAGE, type ReplayApp } from './replay-cli';

// A small app recorded on virtual time: a click answered at once and again 3 s later.
interface CliState {
  readonly player: { readonly progress: number; readonly label: string };
  readonly answers: number[];
}
interface CliDeps {
  readonly clock: StoreClock;
  readonly scheduler: SchedulerLike;
}
const clicked = defineAction('cli/clicked', { n: t.number });
const progressed = defineAction('cli/progressed', { ms: t.number });
const answered = defineAction('cli/answered', { n: t.number });
const initialState: CliState = { player: { progress: 0, label: 'x'.repeat(100) }, answers: [] };
const reducer = (s: CliState, a: Action): CliState =>
  progressed.match(a)
    ? { ...s, player: { ...s.player, progress: a.ms } }
    : answered.match(a)
      ? { ...s, answers: [...s.answers, a.n] }
      : clicked.match(a)
        ? { ...s, player: { ...s.player, label: `clicked ${a.n} `.repeat(10) } }
        : s;
const answerEpic: Epic<CliState, CliDeps> = (action$) =>
  action$.pipe(
    filter(clicked.match),
    map((a) => answered({ n: a.n })),
  );
const laterEpic: Epic<CliState, CliDeps> = (action$, _s, deps) =>
  action$.pipe(
    filter(clicked.match),
    delay(3000, deps.scheduler),
    map((a) => answered({ n: a.n + 100 })),
  );
const app: ReplayApp<CliState, CliDeps> = {
  name: 'cli-app',
  reducer,
  epics: [answerEpic, laterEpic],
  makeDeps: (scheduler, clock) => ({ scheduler, clock }),
};

function recordText(): string {
  const scheduler = new VirtualTimeScheduler();
  const log = createActionLog({ app: 'cli-app', version: '0.1.0', initialState });
  const store = createStore({ reducer, epics: app.epics, deps: { clock: { now: () => scheduler.now() }, scheduler }, initialState, onEnvelope: log.record });
  scheduler.schedule(() => store.dispatch(clicked({ n: 1 })), 12.25);
  scheduler.schedule(() => store.dispatch(progressed({ ms: 250 }), 'adapter'), 1000);
  scheduler.flush();
  store.stop();
  return log.toJsonl();
}

const text = recordText();
const file = parseActionLog(text);
const files: Record<string, string> = { 'a.jsonl': text, 'bad.jsonl': '{"kind":"header","schema":2,"app":"cli-app","version":"0","initialState":{}}\n' };
const readFile = (path: string): string => {
  const content = files[path];
  if (content === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
  return content;
};
const run = (...argv: string[]) => runReplayCli(argv, readFile, app);

describe('scripts/replay (issue 2: prints the timeline, the state at a seq, the difference between two seqs)', () => {
  it('formatTimeline prints seq, t in ms with one decimal, source, type and the cause when present', () => {
    expect(formatTimeline(file)).toBe(
      [
        'cli-app 0.1.0, log schema 1, 4 actions (t in ms)',
        'seq       t  src      type            cause',
        '  1    12.3  ui       cli/clicked',
        '  2    12.3  epic     cli/answered    1',
        '  3  1000.0  adapter  cli/progressed',
        '  4  3012.3  epic     cli/answered',
        '',
      ].join('\n'),
    );
  });

  it('formatStateAt prints the state after a seq as JSON, seq 0 being the initial state', () => {
    expect(JSON.parse(formatStateAt(file, reducer, 0))).toEqual(initialState);
    expect(formatStateAt(file, reducer, 3)).toContain('\n  "answers": [\n    1\n  ]\n');
    expect(JSON.parse(formatStateAt(file, reducer, 4))).toMatchObject({ player: { progress: 250 }, answers: [1, 101] });
  });

  it('formatStateAt refuses a seq outside the log with the range it has', () => {
    expect(() => formatStateAt(file, reducer, 5)).toThrow('There is no seq 5 in this log: it has seqs 0 (the initial state) to 4.');
    expect(() => formatStateAt({ header: file.header, entries: [] }, reducer, 1)).toThrow(
      'There is no seq 1 in this log: it has only seq 0 (the initial state), no actions.',
    );
  });

  it('formatDiff prints one line per changed path, long JSON values cut to 80 characters', () => {
    const lines = formatDiff(file, reducer, 0, 3).trimEnd().split('\n');
    expect(lines[0]).toBe('player.progress: 0 -> 250');
    expect(lines[1]).toMatch(/^player\.label: "x{78}… -> "clicked 1 clicked 1 /);
    expect(lines[1]?.split(' -> ').map((side) => side.replace(/^player\.label: /, '').length)).toEqual([80, 80]);
    expect(lines[2]).toBe('answers[0]: undefined -> 1');
    expect(lines).toHaveLength(3);
  });

  it('formatDiff says "no changes" between equal states', () => {
    expect(formatDiff(file, reducer, 2, 2)).toBe('no changes\n');
  });

  it('runs the timeline, state and diff commands', () => {
    expect(run('timeline', 'a.jsonl')).toEqual({ exitCode: 0, stdout: formatTimeline(file), stderr: '' });
    expect(run('state', 'a.jsonl', '--seq', '4')).toEqual({ exitCode: 0, stdout: formatStateAt(file, reducer, 4), stderr: '' });
    expect(run('state', 'a.jsonl', '--seq=0').stdout).toBe(formatStateAt(file, reducer, 0));
    expect(run('diff', '--from', '3', 'a.jsonl', '--to', '4')).toEqual({ exitCode: 0, stdout: 'answers[1]: undefined -> 101\n', stderr: '' });
  });

  it('check replays in fold and engine mode', () => {
    expect(run('check', 'a.jsonl')).toEqual({
      exitCode: 0,
      stdout: 'fold: ok (4 states)\nengine: ok (2 epic actions regenerated, same final state)\n',
      stderr: '',
    });
    expect(runReplayCli(['check', 'a.jsonl'], readFile, { name: 'cli-app', reducer }).stdout).toBe(
      'fold: ok (4 states)\nengine: skipped (this app has no epics to replay)\n',
    );
  });

  it('check reports the divergence of a tampered log with exit code 1', () => {
    files['tampered.jsonl'] = text.replace('"n":101', '"n":7');
    const result = run('check', 'tampered.jsonl');
    expect(result.exitCode).toBe(1);
    expect(result.stdout.split('\n').slice(0, 2)).toEqual(['fold: ok (4 states)', 'engine: diverged at seq 4: Seq 4: cli/answered differs: n: 7 -> 101.']);
    expect(result.stdout).toContain('  recorded:    {"seq":4,"t":3012.25,"src":"epic","action":{"n":7,"type":"cli/answered"}}');
  });

  it("check replays the engine's logs over the port transcript beside them, and says when there is none", () => {
    const fixtures = join(__dirname, '../fixtures/sessions');
    const engineFiles: Record<string, string> = {
      'engine.jsonl': readFileSync(join(fixtures, 'logged-in-album.engine.jsonl'), 'utf8'),
      'engine.transcript.jsonl': readFileSync(join(fixtures, 'logged-in-album.engine.transcript.jsonl'), 'utf8'),
      'alone.jsonl': readFileSync(join(fixtures, 'logged-in-album.engine.jsonl'), 'utf8'),
    };
    const read = (path: string): string =>
      engineFiles[path] ??
      (() => {
        throw new Error('ENOENT');
      })();
    const engineApp = { name: 'embed-engine', reducer: engineReducer, overTranscript: engineReplayBuild };
    const epicActions = parseActionLog(engineFiles['engine.jsonl'] ?? '').entries.filter((e) => e.src === 'epic').length;
    expect(runReplayCli(['check', 'engine.jsonl'], read, engineApp)).toMatchObject({
      exitCode: 0,
      stdout: expect.stringMatching(
        new RegExp(`^fold: ok \\(\\d+ states\\)\nengine: ok \\(${epicActions} epic actions regenerated, same final state\\)\n$`),
      ) as unknown,
    });
    expect(runReplayCli(['check', 'alone.jsonl'], read, engineApp).stdout).toMatch(/\nengine: skipped \(no port transcript beside the log\)\n$/);
  });

  it('check refuses a log of another app', () => {
    files['other.jsonl'] = text.replace('"app":"cli-app"', '"app":"other"');
    expect(run('check', 'other.jsonl')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'other.jsonl: Cannot replay: this action log was recorded by the app "other", not "cli-app".\n',
    });
    expect(run('state', 'other.jsonl', '--seq', '1').exitCode).toBe(1);
  });

  it('prints parse errors and unreadable files to stderr with exit code 1', () => {
    expect(run('timeline', 'bad.jsonl')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'bad.jsonl: This action log has schema version 2; this build reads schema version 1 only.\n',
    });
    expect(run('timeline', 'missing.jsonl')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: "Cannot read missing.jsonl: ENOENT: no such file or directory, open 'missing.jsonl'\n",
    });
    expect(run('state', 'a.jsonl', '--seq', '9')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'a.jsonl: There is no seq 9 in this log: it has seqs 0 (the initial state) to 4.\n',
    });
  });

  it.each([
    [[], 'No command given.'],
    [['play', 'a.jsonl'], 'Unknown command "play".'],
    [['timeline'], '"timeline" needs the path of a log file (.jsonl).'],
    [['timeline', 'a.jsonl', 'b.jsonl'], 'Unexpected argument "b.jsonl".'],
    [['state', 'a.jsonl'], '"state" needs --seq N.'],
    [['state', 'a.jsonl', '--seq'], '--seq needs a whole number (a seq), got nothing.'],
    [['state', 'a.jsonl', '--seq', '-1'], '--seq needs a whole number (a seq), got "-1".'],
    [['diff', 'a.jsonl', '--from', '1'], '"diff" needs --to N.'],
    [['timeline', 'a.jsonl', '--seq', '1'], 'Unknown option --seq for "timeline".'],
  ])('prints the usage text with exit code 2 for bad arguments: %j', (argv, reason) => {
    expect(runReplayCli(argv, readFile, app)).toEqual({ exitCode: 2, stdout: '', stderr: `${reason}\n\n${USAGE}` });
  });

  it('prints the usage text on --help with exit code 0', () => {
    expect(run('--help')).toEqual({ exitCode: 0, stdout: USAGE, stderr: '' });
  });
});

describe('scripts/replay over a windowed log (issue 12: the log keeps a bounded window, from a checkpoint)', () => {
  /** The same app, clicked 12 times, its log windowed to 8 entries: the first entries are dropped. */
  function windowedText(): string {
    const scheduler = new VirtualTimeScheduler();
    const log = createActionLog({ app: 'cli-app', version: '0.1.0', initialState }, { window: 8 });
    const store = createStore({ reducer, epics: app.epics, deps: { clock: { now: () => scheduler.now() }, scheduler }, initialState, onEnvelope: log.record });
    for (let n = 1; n <= 12; n += 1) scheduler.schedule(() => store.dispatch(clicked({ n })), n * 1000);
    scheduler.flush();
    store.stop();
    return log.toJsonl();
  }
  const windowed = windowedText();
  const windowedFile = parseActionLog(windowed);
  const checkpointSeq = windowedFile.checkpoint?.seq ?? 0;
  const runWindowed = (...argv: string[]) => runReplayCli(argv, (path) => (path === 'w.jsonl' ? windowed : readFile(path)), app);

  it('the timeline says where the window starts', () => {
    expect(checkpointSeq).toBeGreaterThan(0);
    const lines = runWindowed('timeline', 'w.jsonl').stdout.split('\n');
    expect(lines[1]).toBe(`windowed: seqs 1 to ${checkpointSeq} were dropped; the log starts from the checkpoint state after seq ${checkpointSeq}`);
    expect(lines[3]?.trim().startsWith(String(checkpointSeq + 1))).toBe(true);
  });

  it('state and diff count seqs from the checkpoint, and refuse a dropped seq with the range the log has', () => {
    const last = checkpointSeq + windowedFile.entries.length;
    expect(JSON.parse(runWindowed('state', 'w.jsonl', '--seq', String(checkpointSeq)).stdout)).toEqual(windowedFile.checkpoint?.state);
    expect(JSON.parse(runWindowed('state', 'w.jsonl', '--seq', String(last)).stdout)).toMatchObject({ answers: expect.arrayContaining([12, 112]) as unknown });
    expect(runWindowed('diff', 'w.jsonl', '--from', String(checkpointSeq), '--to', String(last)).exitCode).toBe(0);
    const refused = runWindowed('state', 'w.jsonl', '--seq', '1');
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(`There is no seq 1 in this log: it has seqs ${checkpointSeq} (the checkpoint: the log was windowed) to ${last}.`);
  });

  it('check folds from the checkpoint and says that engine replay needs the whole session', () => {
    const result = runWindowed('check', 'w.jsonl');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      `fold: ok (${windowedFile.entries.length} states, from the checkpoint after seq ${checkpointSeq})\n` +
        `engine: skipped (the log was windowed: seqs 1 to ${checkpointSeq} were dropped, and engine replay needs the session from its start)\n`,
    );
  });
});
