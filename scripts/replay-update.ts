// Issue 19: `npm run replay -- update [name…]` re-records the goldens of fixtures/sessions/ on purpose, after a
// change to the code that is meant to change what a recorded session replays to: each log is folded with
// today's reducer and its `<name>.final-state.json` and `<name>.trail.json` (the state each step made,
// core/store/golden-trail.ts) are rewritten. It prints what changed (the first step whose state moved, and the
// final state's paths) and checks the log in both modes as `replay check` does: a log whose epics no longer
// regenerate it cannot be fixed by new goldens, only by recording the flow again (RECORD_SESSIONS=1).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseActionLog, type ActionLogFile } from '../core/store/action-log';
import { firstStateDivergence, parseTrail, recordTrail, serializeTrail } from '../core/store/golden-trail';
import { replayFold } from '../core/store/replay';
import { diffStates } from '../core/store/state-diff';
import type { StoreClock } from '../core/store/store';
import { formatCheck, transcriptPathOf, type ReplayApp } from './replay-cli';

const ENGINE_APP = 'embed-engine';
const MAX_PATHS = 8;
const MAX_VALUE_CHARS = 60;

/** The apps whose logs a fixture directory holds: the widget's (embed-player) and the engine's (embed-engine). */
export interface CorpusApps<
  W,
  E,
  DW extends { clock: StoreClock },
  DE extends { clock: StoreClock },
  P = unknown,
  DP extends { clock: StoreClock } = { clock: StoreClock },
> {
  readonly widget: ReplayApp<W, DW>;
  readonly engine: ReplayApp<E, DE>;
  /** A web player page's logs (app `web-player`): engine replay over the port transcript beside the log, as the engine's. */
  readonly webPlayer?: ReplayApp<P, DP>;
}

/** The logs of a fixture directory (`x.jsonl`, `x.engine.jsonl`; transcripts are not logs). */
export function corpusLogs(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl') && !name.endsWith('.transcript.jsonl'))
    .sort();
}

/** A name given on the command line (`logged-in-album`, `logged-in-album.engine`, or a file name) as the logs it means. */
function logsNamed(dir: string, names: ReadonlyArray<string>): string[] {
  const all = corpusLogs(dir);
  if (names.length === 0) return all;
  return names.flatMap((raw) => {
    const name = raw.replace(/^.*\//, '').replace(/\.(jsonl|final-state\.json|trail\.json|transcript\.jsonl)$/, '');
    const found = all.filter((log) => log === `${name}.jsonl` || (!name.endsWith('.engine') && log === `${name}.engine.jsonl`));
    if (found.length === 0) throw new Error(`No recorded session "${raw}" in ${dir}: there are ${all.map((log) => log.replace(/\.jsonl$/, '')).join(', ')}.`);
    return found;
  });
}

/** Rewrites the goldens of the named logs (all when none is named) in `dir`; answers the report and whether every log still replays. */
export function updateGoldens<W, E, DW extends { clock: StoreClock }, DE extends { clock: StoreClock }, P, DP extends { clock: StoreClock }>(
  dir: string,
  names: ReadonlyArray<string>,
  apps: CorpusApps<W, E, DW, DE, P, DP>,
): { readonly report: string; readonly ok: boolean } {
  const out: string[] = [];
  let ok = true;
  for (const log of logsNamed(dir, names)) {
    const path = join(dir, log);
    const file = parseActionLog(readFileSync(path, 'utf8'));
    const isEngine = file.header.app === ENGINE_APP;
    const webPlayer = apps.webPlayer !== undefined && file.header.app === apps.webPlayer.name ? apps.webPlayer : undefined;
    const { states, finalState } = isEngine
      ? replayFold(file, apps.engine.reducer, ENGINE_APP)
      : webPlayer !== undefined
        ? replayFold(file, webPlayer.reducer, webPlayer.name)
        : replayFold(file, apps.widget.reducer, apps.widget.name);
    const base = log.replace(/\.jsonl$/, '');
    out.push(`${base}: ${whatChanged(dir, base, file, states, finalState).join('\n  ')}`);
    writeFileSync(join(dir, `${base}.final-state.json`), `${JSON.stringify(finalState, null, 2)}\n`);
    writeFileSync(join(dir, `${base}.trail.json`), serializeTrail(recordTrail(file, states)));
    const transcriptPath = transcriptPathOf(path);
    const transcript = existsSync(transcriptPath) ? readFileSync(transcriptPath, 'utf8') : undefined;
    const check = isEngine
      ? formatCheck(file, apps.engine, transcript)
      : webPlayer !== undefined
        ? formatCheck(file, webPlayer, transcript)
        : formatCheck(file, apps.widget);
    if (check.exitCode !== 0) {
      ok = false;
      out.push(`  ${check.stdout.trimEnd().split('\n').join('\n  ')}`);
      out.push(
        '  the log no longer replays on the engine: new goldens cannot fix that; record the flow again (RECORD_SESSIONS=1, fixtures/sessions/README.md)',
      );
    }
  }
  return { report: `${out.join('\n')}\n`, ok };
}

/** What today's fold changes against the goldens on disk: nothing, new goldens, or the first step that moved and the final paths. */
function whatChanged(dir: string, base: string, file: ActionLogFile, states: ReadonlyArray<unknown>, finalState: unknown): string[] {
  const finalPath = join(dir, `${base}.final-state.json`);
  const trailPath = join(dir, `${base}.trail.json`);
  if (!existsSync(finalPath)) return ['new golden final state and trail'];
  const lines: string[] = [];
  if (!existsSync(trailPath)) lines.push('new golden trail');
  else {
    const moved = firstStateDivergence(file, parseTrail(readFileSync(trailPath, 'utf8')), states);
    if (moved !== undefined) lines.push(`first step that changed (golden ≠ today): ${moved.message}`);
  }
  const changes = diffStates(JSON.parse(readFileSync(finalPath, 'utf8')) as unknown, JSON.parse(JSON.stringify(finalState)) as unknown);
  if (changes.length > 0) {
    lines.push(`final state: ${changes.length} path${changes.length === 1 ? '' : 's'} changed`);
    for (const c of changes.slice(0, MAX_PATHS)) lines.push(`  ${c.path}: ${short(c.before)} -> ${short(c.after)}`);
    if (changes.length > MAX_PATHS) lines.push(`  and ${changes.length - MAX_PATHS} more`);
  }
  return lines.length === 0 ? ['unchanged'] : lines;
}

function short(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}
