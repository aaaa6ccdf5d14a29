import type { SchedulerLike } from 'rxjs';
import { parseActionLog, startOf, type ActionLogFile } from '../core/store/action-log';
import { assertReplayable, replayEngine, replayFold, type EngineReplayResult } from '../core/store/replay';
import { parseTranscript } from '../core/store/transcript';
import { replayWithTranscript, type TranscriptReplayOptions } from '../core/store/transcript-replay';
import { diffStates } from '../core/store/state-diff';
import type { Epic, Reducer, StoreClock } from '../core/store/store';

/**
 * The replay command-line tool (ARCHITECTURE.md §3 Replay, issue 2 "scripts/replay"), as functions
 * from arguments and file contents to printed text, so that it is tested without a process.
 * scripts/replay.ts wires it to process.argv, the file system and the widget app.
 */

/** The app whose logs are read: its name (the log header's `app`), its reducer and, for engine replay, its epics. */
export interface ReplayApp<S, D extends { clock: StoreClock }> {
  readonly name: string;
  readonly reducer: Reducer<S>;
  readonly epics?: ReadonlyArray<Epic<S, D>>;
  readonly makeDeps?: (scheduler: SchedulerLike, clock: StoreClock) => D;
  /**
   * For an app whose epics read ports (the full-playback engine): engine replay answers them from
   * the port transcript kept beside the log (`<log>.transcript.jsonl`), over this build.
   */
  readonly overTranscript?: TranscriptReplayOptions<S, D>['build'];
}

/** Where the port transcript of a log is kept (e2e/recorded-session.ts writes it there). */
export const transcriptPathOf = (logPath: string): string => logPath.replace(/(\.jsonl)?$/, '.transcript.jsonl');

export interface CliResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A request the log cannot answer (a seq out of range): printed, exit code 1. */
export class ReplayCliError extends Error {
  override readonly name = 'ReplayCliError';
}

export const USAGE = `Usage:
  replay timeline <log.jsonl>                every action: seq, t (ms), source, type, cause
  replay state <log.jsonl> --seq N           the state after seq N (0: the initial state)
  replay diff <log.jsonl> --from A --to B    what changed between the states after seqs A and B
  replay check <log.jsonl>                   replay in fold mode and, when the app has epics, in engine mode
                                             (the engine's logs: over <log>.transcript.jsonl, when it is there)
  replay update [name...]                    re-fold fixtures/sessions/ (all, or the named) with today's code and
                                             rewrite their golden final states and trails, printing what changed
  replay adopt <capture.json | URL> [name]   a capture as fixtures/sessions/<name>.*
`;

const MAX_VALUE_CHARS = 80;

export function formatTimeline(file: ActionLogFile): string {
  const { header, entries } = file;
  const rows = [
    ['seq', 't', 'src', 'type', 'cause'],
    ...entries.map((e) => [String(e.seq), e.t.toFixed(1), e.src, e.action.type, e.cause === undefined ? '' : String(e.cause)]),
  ];
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column < 2 ? cell.padStart(widths[column] ?? 0) : column < 4 ? cell.padEnd(widths[column] ?? 0) : cell))
      .join('  ')
      .trimEnd();
  const title = `${header.app} ${header.version}, log schema ${header.schema}, ${entries.length} actions (t in ms)`;
  return [title, ...windowNote(file), ...rows.map(line)].join('\n') + '\n';
}

export function formatStateAt<S>(file: ActionLogFile, reducer: Reducer<S>, seq: number): string {
  return JSON.stringify(stateAt(file, reducer, [seq])[0], null, 2) + '\n';
}

export function formatDiff<S>(file: ActionLogFile, reducer: Reducer<S>, fromSeq: number, toSeq: number): string {
  const [before, after] = stateAt(file, reducer, [fromSeq, toSeq]);
  const changes = diffStates(before, after);
  if (changes.length === 0) return 'no changes\n';
  return changes.map((c) => `${c.path}: ${shortJson(c.before)} -> ${shortJson(c.after)}\n`).join('');
}

/** A windowed log says where it starts (issue 12: the oldest entries were dropped from memory). */
function windowNote(file: ActionLogFile): string[] {
  return file.checkpoint === undefined
    ? []
    : [`windowed: seqs 1 to ${file.checkpoint.seq} were dropped; the log starts from the checkpoint state after seq ${file.checkpoint.seq}`];
}

/** The states after the given seqs, folding once; the start (seq 0, or a windowed log's checkpoint seq) is the header's or checkpoint's state. */
function stateAt<S>(file: ActionLogFile, reducer: Reducer<S>, seqs: number[]): unknown[] {
  const start = startOf(file);
  const last = start.seq + file.entries.length;
  for (const seq of seqs) {
    if (!Number.isInteger(seq) || seq < start.seq || seq > last) {
      const first = start.seq === 0 ? 'seq 0 (the initial state)' : `seq ${start.seq} (the checkpoint: the log was windowed)`;
      const range = last === start.seq ? `only ${first}, no actions` : `${first.replace(/^seq/, 'seqs')} to ${last}`;
      throw new ReplayCliError(`There is no seq ${seq} in this log: it has ${range}.`);
    }
  }
  const { states } = replayFold(file, reducer);
  return seqs.map((seq) => (seq === start.seq ? start.state : states[seq - start.seq - 1]));
}

function shortJson(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

export function formatCheck<S, D extends { clock: StoreClock }>(file: ActionLogFile, app: ReplayApp<S, D>, transcriptText?: string): CliResult {
  const fold = replayFold(file, app.reducer, app.name);
  const from = file.checkpoint === undefined ? '' : `, from the checkpoint after seq ${file.checkpoint.seq}`;
  const out = [`fold: ok (${fold.states.length} states${from})`];
  const skipped = (why: string): CliResult => {
    out.push(`engine: skipped (${why})`);
    return { exitCode: 0, stdout: out.join('\n') + '\n', stderr: '' };
  };
  let engine: EngineReplayResult<S>;
  // A windowed log folds from its checkpoint, but engine replay needs the session from its start (core/store/replay.ts assertWhole).
  if (file.checkpoint !== undefined)
    return skipped(`the log was windowed: seqs 1 to ${file.checkpoint.seq} were dropped, and engine replay needs the session from its start`);
  if (app.overTranscript !== undefined) {
    if (transcriptText === undefined) return skipped('no port transcript beside the log');
    const transcript = parseTranscript(transcriptText);
    const dropped = transcript.header.dropped ?? 0;
    if (dropped > 0)
      return skipped(`the port transcript was windowed: its first ${dropped} entries were dropped, and engine replay needs the session from its start`);
    engine = replayWithTranscript(file, transcript, { reducer: app.reducer, build: app.overTranscript, expectApp: app.name });
  } else if (app.epics !== undefined && app.makeDeps !== undefined) {
    engine = replayEngine(file, { reducer: app.reducer, epics: app.epics, makeDeps: app.makeDeps, expectApp: app.name });
  } else {
    return skipped('this app has no epics to replay');
  }
  if (!engine.ok) {
    const { seq, expected, actual, message } = engine.divergence;
    out.push(`engine: diverged at seq ${seq}: ${message}`);
    if (expected !== undefined) out.push(`  recorded:    ${JSON.stringify(expected)}`);
    if (actual !== undefined) out.push(`  regenerated: ${JSON.stringify(actual)}`);
    return { exitCode: 1, stdout: out.join('\n') + '\n', stderr: '' };
  }
  // Issue 2 "Must show": both modes reach the same final state.
  const changes = diffStates(fold.finalState, engine.finalState);
  if (changes.length > 0) {
    out.push('engine: the epic actions match, but the final state differs from the fold:');
    out.push(...changes.map((c) => `  ${c.path}: ${shortJson(c.before)} -> ${shortJson(c.after)}`));
    return { exitCode: 1, stdout: out.join('\n') + '\n', stderr: '' };
  }
  out.push(`engine: ok (${engine.generated.length} epic actions regenerated, same final state)`);
  return { exitCode: 0, stdout: out.join('\n') + '\n', stderr: '' };
}

type Command =
  | { name: 'timeline'; path: string }
  | { name: 'check'; path: string }
  | { name: 'state'; path: string; seq: number }
  | { name: 'diff'; path: string; from: number; to: number };

const OPTIONS: Record<string, ReadonlyArray<string>> = { timeline: [], check: [], state: ['seq'], diff: ['from', 'to'] };

/** Parses `<command> <log.jsonl> [--name value | --name=value]...`; a string is the reason for the usage text. */
export function parseReplayArgs(argv: ReadonlyArray<string>): Command | string {
  const [name, ...rest] = argv;
  const allowed = name === undefined ? undefined : OPTIONS[name];
  if (name === undefined || allowed === undefined) return name === undefined ? 'No command given.' : `Unknown command "${name}".`;
  const positional: string[] = [];
  const values = new Map<string, number>();
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [key = '', inline] = arg.slice(2).split(/=(.*)/s);
    if (!allowed.includes(key)) return `Unknown option --${key} for "${name}".`;
    const raw = inline ?? rest[(i += 1)];
    if (raw === undefined || !/^\d+$/.test(raw)) return `--${key} needs a whole number (a seq), got ${raw === undefined ? 'nothing' : `"${raw}"`}.`;
    values.set(key, Number(raw));
  }
  const [path, ...extra] = positional;
  if (path === undefined) return `"${name}" needs the path of a log file (.jsonl).`;
  if (extra.length > 0) return `Unexpected argument "${extra[0]}".`;
  const missing = allowed.find((key) => !values.has(key));
  if (missing !== undefined) return `"${name}" needs --${missing} N.`;
  if (name === 'state') return { name, path, seq: values.get('seq') ?? 0 };
  if (name === 'diff') return { name, path, from: values.get('from') ?? 0, to: values.get('to') ?? 0 };
  return name === 'check' ? { name, path } : { name: 'timeline', path };
}

/** The whole tool: exit 0 on success, 1 when the log cannot be read, parsed or replayed, 2 on bad arguments. */
export function runReplayCli<S, D extends { clock: StoreClock }>(
  argv: ReadonlyArray<string>,
  readFile: (path: string) => string,
  app: ReplayApp<S, D>,
): CliResult {
  if (argv.length === 1 && ['help', '--help', '-h'].includes(argv[0] ?? '')) return { exitCode: 0, stdout: USAGE, stderr: '' };
  const command = parseReplayArgs(argv);
  if (typeof command === 'string') return { exitCode: 2, stdout: '', stderr: `${command}\n\n${USAGE}` };
  let text: string;
  try {
    text = readFile(command.path);
  } catch (err) {
    return failure(`Cannot read ${command.path}: ${messageOf(err)}`);
  }
  try {
    const file = parseActionLog(text);
    if (command.name === 'timeline') return success(formatTimeline(file));
    if (command.name === 'check') return formatCheck(file, app, app.overTranscript === undefined ? undefined : transcriptBeside(command.path, readFile));
    assertReplayable(file, app.name);
    if (command.name === 'state') return success(formatStateAt(file, app.reducer, command.seq));
    return success(formatDiff(file, app.reducer, command.from, command.to));
  } catch (err) {
    return failure(`${command.path}: ${messageOf(err)}`);
  }
}

/** The log's transcript, or undefined when there is none to read. */
function transcriptBeside(logPath: string, readFile: (path: string) => string): string | undefined {
  try {
    return readFile(transcriptPathOf(logPath));
  } catch {
    return undefined;
  }
}

const success = (stdout: string): CliResult => ({ exitCode: 0, stdout, stderr: '' });
const failure = (message: string): CliResult => ({ exitCode: 1, stdout: '', stderr: `${message}\n` });
const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));
