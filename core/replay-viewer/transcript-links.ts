import type { ActionLogFile } from '../store/action-log';
import type { EngineReplayResult } from '../store/replay';
import { ReplayError } from '../store/replay';
import type { StoreClock } from '../store/store';
import type { Transcript, TranscriptEntry } from '../store/transcript';
import { replayWithTranscript, type TranscriptReplayOptions } from '../store/transcript-replay';

/**
 * Issue 19 "the engine's port transcript beside its actions: each HTTP answer, socket frame, timer
 * and clock read, linked to the action it caused". The transcript holds no seqs (core/store/transcript.ts),
 * so the links come from where its entries fall among the log's lines:
 *
 * - Replaying the log over its transcript (core/store/transcript-replay.ts) tells, for each
 *   regenerated line, how many entries had been used when the store logged it. The store logs an
 *   action before its epics see it and drains one queue (core/store/store.ts), so an entry the
 *   epics made (a port call, a request, a timer set) between the lines of actions j and j + 1 was
 *   made while action j was processed; one made before any line of its turn fed the turn's first
 *   action (a timer's work reading the clock). A turn starts at an occurrence from the event loop
 *   (an input, an answer, a frame, a timer firing, unmarked by `n`): the actions of its turn that
 *   no other action of the turn caused are the ones that occurrence caused.
 * - Without a replay (a windowed transcript, or past a divergence) only the inputs are linked: the
 *   n-th `input` entry is the log's n-th input, counted from the start, or from the end when either
 *   side was windowed (both are handed over at the same moment, ui/engine/engine-client.ts).
 */

/** How an entry relates to an action: the entry made it happen, or the entry was made while the action was processed. */
export type LinkRelation = 'caused' | 'during';

export type EntryCategory = 'input' | 'http' | 'socket' | 'timer' | 'clock' | 'random' | 'storage' | 'media' | 'other';

export interface TranscriptRow {
  /** Position in the transcript's entries (0-based); its JSONL line is index + 2 (the header is line 1). */
  readonly index: number;
  readonly kind: TranscriptEntry['k'];
  readonly category: EntryCategory;
  /** One line for the list, e.g. `GET /access_token?reason=init` or `answer 200 to #2 http.request`. */
  readonly text: string;
  /** A nested occurrence (`n`): it came while the store was busy, not from the event loop. */
  readonly nested: boolean;
  readonly entry: TranscriptEntry;
}

export interface TranscriptLinks {
  readonly rows: ReadonlyArray<TranscriptRow>;
  /** The recorded seqs an entry is linked to, and how. */
  linksOf(index: number): ReadonlyArray<{ readonly seq: number; readonly relation: LinkRelation }>;
  /** The transcript entries linked to an action. */
  entriesOf(seq: number): ReadonlyArray<number>;
  /** 'replay' when every entry the replay reached is linked, 'inputs' when only the inputs could be. */
  readonly linkedBy: 'replay' | 'inputs';
  /** Why some entries are not linked (a windowed transcript, a divergence), for the pane to say. */
  readonly note: string | null;
  /** The replay over the transcript (today's code), when it could run: the engine check reads it. */
  readonly replay: EngineReplayResult<unknown> | { readonly ok: false; readonly refused: string };
}

const OCCURRENCES = new Set<TranscriptEntry['k']>(['input', 'next', 'error', 'complete', 'fire']);
const isNested = (entry: TranscriptEntry): boolean => 'n' in entry && entry.n === 1;
/** An occurrence from the event loop: it starts a turn of the store. */
const startsTurn = (entry: TranscriptEntry): boolean => OCCURRENCES.has(entry.k) && !isNested(entry);

export function linkTranscript<S, D extends { clock: StoreClock }>(
  file: ActionLogFile,
  transcript: Transcript,
  options: Pick<TranscriptReplayOptions<S, D>, 'reducer' | 'build' | 'expectApp'>,
): TranscriptLinks {
  const entries = transcript.entries;
  const rows = describeEntries(entries);
  const links: Array<Array<{ seq: number; relation: LinkRelation }>> = entries.map(() => []);
  const link = (index: number, seq: number, relation: LinkRelation) => {
    const list = links[index];
    if (list !== undefined && !list.some((each) => each.seq === seq)) list.push({ seq, relation });
  };

  // Where each regenerated line fell: `used[j]` entries had been used when the store logged line j.
  const used: number[] = [];
  let replay: TranscriptLinks['replay'];
  try {
    replay = replayWithTranscript(file, transcript, { ...options, onRegenerated: (_envelope, count) => used.push(count) });
  } catch (err) {
    if (!(err instanceof ReplayError)) throw err;
    replay = { ok: false, refused: err.message };
  }
  // Past the last regenerated line, a replay that went on to the end still knows what the epics made; one that diverged does not.
  const reached = 'refused' in replay ? 0 : replay.ok ? entries.length : (used.at(-1) ?? 0);
  linkByReplay(file, entries, used, reached, link);
  const inputsFrom = linkInputs(file, transcript, used.length > 0 ? reached : 0, link);

  const bySeq = new Map<number, number[]>();
  links.forEach((list, index) => {
    for (const { seq } of list) {
      const indexes = bySeq.get(seq);
      if (indexes === undefined) bySeq.set(seq, [index]);
      else indexes.push(index);
    }
  });
  const linkedBy = used.length > 0 ? 'replay' : 'inputs';
  let note: string | null = null;
  if ('refused' in replay) note = `Only the inputs are linked: ${replay.refused}`;
  else if (!replay.ok) {
    const at = file.entries.find((entry) => entry.seq === replay.divergence.seq);
    const where = at === undefined ? 'past the end of the log' : `at seq ${at.seq}, ${at.action.type}`;
    note = `Linked up to transcript line ${reached + 1}, where today's code replays the log another way (${where}); after it, only the inputs${inputsFrom}.`;
  }
  return {
    rows,
    linksOf: (index) => links[index] ?? [],
    entriesOf: (seq) => bySeq.get(seq) ?? [],
    linkedBy,
    note,
    replay,
  };
}

function linkByReplay(
  file: ActionLogFile,
  entries: ReadonlyArray<TranscriptEntry>,
  used: ReadonlyArray<number>,
  reached: number,
  link: (index: number, seq: number, relation: LinkRelation) => void,
): void {
  if (used.length === 0) return;
  // turnOf[i]: the index of the occurrence that started the turn entry i belongs to (-1: the store's start-up).
  const turnOf: number[] = [];
  let turn = -1;
  entries.forEach((entry, index) => {
    if (startsTurn(entry)) turn = index;
    turnOf.push(turn);
  });
  const turnBefore = (count: number): number => (count === 0 ? -1 : (turnOf[count - 1] ?? -1));
  // The actions of each turn, in order.
  const actionsOfTurn = new Map<number, number[]>();
  used.forEach((count, line) => {
    const key = turnBefore(count);
    const lines = actionsOfTurn.get(key);
    if (lines === undefined) actionsOfTurn.set(key, [line]);
    else lines.push(line);
  });

  for (const [start, lines] of actionsOfTurn) {
    if (start < 0) continue;
    const seqs = new Set(lines.map((line) => file.entries[line]?.seq));
    for (const line of lines) {
      const entry = file.entries[line];
      // A root of the turn: the occurrence made it happen.
      if (entry !== undefined && (entry.cause === undefined || !seqs.has(entry.cause))) link(start, entry.seq, 'caused');
    }
  }

  // The entries the epics made (and nested occurrences): during the action logged last before them in their turn,
  // else feeding the turn's first action after them.
  let line = 0;
  for (let index = 0; index < reached; index += 1) {
    const entry = entries[index] as TranscriptEntry;
    while (line < used.length && (used[line] ?? 0) <= index) line += 1;
    if (startsTurn(entry)) continue;
    const previous = line - 1;
    const previousEntry = file.entries[previous];
    if (previous >= 0 && previousEntry !== undefined && turnBefore(used[previous] ?? 0) === turnOf[index]) {
      link(index, previousEntry.seq, 'during');
      continue;
    }
    const nextEntry = file.entries[line];
    if (line < used.length && nextEntry !== undefined && turnBefore(used[line] ?? 0) === turnOf[index]) link(index, nextEntry.seq, 'caused');
  }
}

/** Links the `input` entries the replay did not reach to the log's inputs by count; says how in the note's tail. */
function linkInputs(file: ActionLogFile, transcript: Transcript, from: number, link: (index: number, seq: number, relation: LinkRelation) => void): string {
  const inputEntries = transcript.entries.flatMap((entry, index) => (entry.k === 'input' ? [index] : []));
  const inputSeqs = file.entries.filter((entry) => entry.src !== 'epic').map((entry) => entry.seq);
  const windowed = file.checkpoint !== undefined || (transcript.header.dropped ?? 0) > 0;
  // From the end: the k-th last input entry is the k-th last input of the log.
  const offset = windowed ? inputSeqs.length - inputEntries.length : 0;
  inputEntries.forEach((index, k) => {
    const seq = inputSeqs[k + offset];
    if (index >= from && seq !== undefined) link(index, seq, 'caused');
  });
  return windowed ? ', counted from the end (both sides were windowed)' : ', counted from the start';
}

const MAX_TEXT = 160;
const cut = (text: string): string => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
const json = (value: unknown): string => JSON.stringify(value) ?? 'undefined';
const args = (a: ReadonlyArray<unknown>): string => json(a).slice(1, -1);

function categoryOf(call: string): EntryCategory {
  if (call === 'http.request') return 'http';
  if (call.startsWith('socket.')) return 'socket';
  if (call === 'clock.now' || call === 'scheduler.now') return 'clock';
  if (call === 'random.next') return 'random';
  if (call.startsWith('storage.')) return 'storage';
  if (call.startsWith('mediaSource.') || call.startsWith('eme.')) return 'media';
  return 'other';
}

/** A request's method and address, without the origin every request of a session shares. */
function requestText(a: ReadonlyArray<unknown>): string {
  const request = a[0] as { method?: unknown; url?: unknown } | undefined;
  if (typeof request?.url !== 'string') return `http.request(${args(a)})`;
  const url = request.url.replace(/^[a-z]+:\/\/[^/]+/i, '');
  return `${typeof request.method === 'string' ? request.method : 'GET'} ${url}`;
}

function answerText(call: string, value: unknown): string {
  if (call === 'http.request' && typeof value === 'object' && value !== null && 'status' in value) return `answer ${String(value.status)}`;
  if (call.startsWith('socket.') && typeof value === 'object' && value !== null && 'kind' in value) {
    const { kind, text } = value as { kind: unknown; text?: unknown };
    return typeof text === 'string' ? `frame ${String(kind)}: ${text}` : `socket ${String(kind)}`;
  }
  return `value ${json(value)}`;
}

function describeEntries(entries: ReadonlyArray<TranscriptEntry>): TranscriptRow[] {
  const subs = new Map<number, { call: string; text: string }>();
  return entries.map((entry, index) => {
    const row = (category: EntryCategory, text: string): TranscriptRow => ({ index, kind: entry.k, category, text: cut(text), nested: isNested(entry), entry });
    switch (entry.k) {
      case 'call': {
        const outcome = entry.x === undefined ? `= ${json(entry.v)}` : `threw ${entry.x.name}: ${entry.x.message}`;
        return row(categoryOf(entry.c), `${entry.c}(${args(entry.a)}) ${outcome}`);
      }
      case 'sub': {
        const text = entry.c === 'http.request' ? requestText(entry.a) : `${entry.c}(${args(entry.a)})`;
        subs.set(entry.id, { call: entry.c, text });
        return row(categoryOf(entry.c), `#${entry.id} ${text}`);
      }
      case 'next':
      case 'error':
      case 'complete': {
        const sub = subs.get(entry.id);
        const what = entry.k === 'next' ? answerText(sub?.call ?? '', entry.v) : entry.k === 'error' ? `error ${entry.e.name}: ${entry.e.message}` : 'complete';
        return row(categoryOf(sub?.call ?? ''), `#${entry.id} ${what}${sub === undefined ? '' : ` ← ${sub.text}`}`);
      }
      case 'schedule':
        return row('timer', `timer ${entry.id} set for ${entry.d} ms`);
      case 'reschedule':
        return row('timer', `timer ${entry.id} set again for ${entry.d} ms`);
      case 'fire':
        return row('timer', `timer ${entry.id} fired`);
      default:
        return row('input', 'input');
    }
  });
}
