// Extraction and checks behind docs/conformance.md (issue 15). The rules are explained in
// scripts/conformance.test.ts, which runs them in `npm test`. Run on its own (the command is in docs/conformance.md)
// it prints what the specs hold and which tests hold it, to update the table.
import * as fs from 'fs';
import * as path from 'path';

export const ROOT = path.resolve(__dirname, '..');
/** The self-check quotes spec texts in its own examples: it never counts as a test holding one. */
export const SELF_CHECK = 'scripts/conformance.test.ts';

export type SpecId = '000' | '001';
export type ItemKind = 'text' | 'code' | 'constant';

export interface SpecItem {
  readonly spec: SpecId;
  readonly section: string;
  readonly kind: ItemKind;
  /** The text, the code, or the constant's name (the first column of §9). */
  readonly key: string;
  /** The constant's value (the second column of §9). */
  readonly value?: string;
}

/** The spec files: `../shared/spec/` beside the repo (where CI lays shared/), else /work/shared/spec. */
export function specFiles(): Record<SpecId, string> {
  const candidates = [path.resolve(ROOT, '../shared/spec'), '/work/shared/spec'];
  const dir = candidates.find((d) => fs.existsSync(d) && fs.readdirSync(d).some((f) => f.startsWith('000_')));
  if (dir === undefined) throw new Error(`no spec folder among ${candidates.join(', ')}`);
  const pick = (prefix: string): string => {
    const file = fs.readdirSync(dir).find((f) => f.startsWith(prefix) && f.endsWith('.txt'));
    if (file === undefined) throw new Error(`no ${prefix}*.txt in ${dir}`);
    return path.join(dir, file);
  };
  return { '000': pick('000_'), '001': pick('001_') };
}

/** Splits a spec into its numbered sections ("## 8. The error catalogue" gives "§8"). */
export function sections(text: string): { section: string; body: string }[] {
  const out: { section: string; body: string }[] = [];
  let current = { section: '§0', body: '' };
  for (const line of text.split('\n')) {
    const heading = /^## (\d+)\./.exec(line);
    if (heading) {
      out.push(current);
      current = { section: `§${heading[1]}`, body: '' };
    } else current.body += `${line}\n`;
  }
  out.push(current);
  return out.filter((s) => s.body.trim() !== '');
}

// A quoted text opens with ' after a line start, blank or opening bracket/punctuation and closes with ' before a
// line end, blank or closing punctuation: so the apostrophes of "URI's" or "user's" neither open nor close one.
const QUOTED = /(^|[\s([,;:])'(.+?)'(?=$|[\s.,;:)\]])/gm;
// Codes: upper-case identifiers with at least one underscore (TP_MAX_SUBSCRIPTIONS_REACHED), and families (EME_*).
const CODE = /(?<![\w*])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w*])|(?<![\w*])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_\*/g;

export function extractItems(spec: SpecId, text: string): SpecItem[] {
  const items: SpecItem[] = [];
  const seen = new Set<string>();
  const add = (item: SpecItem): void => {
    const id = `${item.kind}:${item.key}`;
    if (seen.has(id)) return;
    seen.add(id);
    items.push(item);
  };
  for (const { section, body } of sections(text)) {
    for (const m of body.matchAll(QUOTED)) add({ spec, section, kind: 'text', key: m[2] ?? '' });
    for (const m of body.matchAll(CODE)) add({ spec, section, kind: 'code', key: m[0] });
    if (section === '§9') {
      for (const line of body.split('\n')) {
        const cells = tableCells(line);
        const [name, value] = cells ?? [];
        if (name === undefined || value === undefined) continue;
        if (/^-+$/.test(name) || ['Item', 'Constant'].includes(name)) continue;
        add({ spec, section, kind: 'constant', key: name, value });
      }
    }
  }
  return items;
}

export function specItems(): SpecItem[] {
  const files = specFiles();
  return (['000', '001'] as const).flatMap((spec) => extractItems(spec, fs.readFileSync(files[spec], 'utf8')));
}

/** The cells of a markdown table line, or undefined when the line is not one. */
export function tableCells(line: string): string[] | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|') || !trimmed.endsWith('|')) return undefined;
  // A pipe inside backticks or escaped as \| is no cell border.
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  for (let i = 1; i < trimmed.length - 1; i++) {
    const c = trimmed[i];
    if (c === '\\' && trimmed[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (c === '`') {
      inCode = !inCode;
      cell += c;
    } else if (c === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

// ---------------------------------------------------------------------------------------------------------------
// The tests' text

/** Every *.test.ts(x) of the repo (git's view is not needed: node_modules and dist are skipped). */
export function testFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.test\.tsx?$/.test(entry.name)) out.push(path.relative(ROOT, full).split(path.sep).join('/'));
    }
  };
  walk(ROOT);
  return out.filter((f) => f !== SELF_CHECK).sort();
}

/** A test's source as the checks read it: escapes of quotes and regex punctuation undone. */
export function normalisedSource(file: string): string {
  return fs
    .readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\\(['"`])/g, '$1')
    .replace(/\\([.()[\]?*+{}|^$/])/g, '$1');
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * How a quoted text or code is found in a test. N stands for a number (a literal or a template expression);
 * {name} for any text. A one-word text must stand as a whole string literal ('premium', "1", `from_token`);
 * a longer one may be part of a string. A code must stand as a whole identifier; a family (EME_*) is matched by
 * a string literal of a code with its prefix ('EME_LICENSE_REQUEST_FAILED'), so that a constant's name such as
 * PLAYER_DISABLED does not count.
 */
export function matcher(item: SpecItem): RegExp {
  if (item.kind === 'code') {
    if (item.key.endsWith('_*')) return new RegExp(`['"\`]${escapeRegExp(item.key.slice(0, -1))}[A-Z0-9_]+['"\`]`);
    return new RegExp(`(?<![\\w])${escapeRegExp(item.key)}(?![\\w])`);
  }
  const source = item.key
    .split(/(\bN\b|\{[a-z]+\}|\b\w+(?:\/\w+)+\b)/)
    .map((part) => {
      if (part === 'N') return '(?:\\d+|\\$\\{[^}]+\\})';
      if (/^\{[a-z]+\}$/.test(part)) return '[^\'"`\\n]+?';
      if (/^\w+(?:\/\w+)+$/.test(part)) return `(?:${part.split('/').map(escapeRegExp).join('|')})`;
      return escapeRegExp(part);
    })
    .join('');
  if (!/\s/.test(item.key)) return new RegExp(`(['"\`])${source}\\1`);
  return new RegExp(source);
}

/** The numbers and technical tokens a constant's value is made of: each must appear in the test named for it. */
export function valueTokens(value: string): { numbers: number[]; words: string[] } {
  const words: string[] = [];
  let rest = value.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (d) => {
    words.push(d);
    return ' ';
  });
  // Technical words: letters mixed with digits, dots, slashes or hyphens (mp4a.40.2, audio/mpeg, video-sw-decode, vp8).
  rest = rest.replace(/\b[a-z][\w]*(?:[./-][\w]+)+\b|\b[a-z]+\d\w*\b/gi, (w) => {
    // Plain compounds (half-lives, top-up, bits/s) are words of the sentence, not tokens of the value.
    if (/\d|\./.test(w) || (w.match(/-/g) ?? []).length >= 2 || /^[a-z]{4,}\/[a-z]{4,}$/i.test(w)) words.push(w);
    return ' ';
  });
  rest = rest.replace(/\b\d+\.\d+\.\d+\b/g, (v) => {
    words.push(v);
    return ' ';
  });
  const numbers = [...rest.matchAll(/(?<![\w.])\d+(?:\.\d+)?(?:e\d+)?(?![\w])/g)].map((m) => Number(m[0]));
  if (numbers.length === 0 && words.length === 0) {
    for (const w of value.split(/[^A-Za-z]+/)) if (w.length >= 4) words.push(w);
  }
  return { numbers, words };
}

/** The numeric literals of a source (30_000, 1e6, 0.3), as numbers. */
export function numbersIn(source: string): Set<number> {
  const out = new Set<number>();
  for (const m of source.matchAll(/(?<![\w.])\d[\d_]*(?:\.\d+)?(?:e\d+)?(?![\w])/g)) out.add(Number(m[0].replace(/_/g, '')));
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// docs/conformance.md

export type Status = 'done' | 'ours' | 'n/a' | 'not yet';

export interface Row {
  readonly line: number;
  readonly spec: SpecId | undefined;
  readonly id: string;
  /** The rule, text, code or constant as the row states it. */
  readonly item: string;
  /** For a constant: the value cell. */
  readonly value?: string;
  readonly status: Status | undefined;
  readonly statusCell: string;
  /** Test files named in the row (`path.test.ts`), each with the test names quoted after it ("name"). */
  readonly tests: { file: string; names: string[] }[];
}

export const CONFORMANCE = path.join(ROOT, 'docs/conformance.md');

export function statusOf(cell: string): Status | undefined {
  const s = cell.replace(/\*/g, '').trim().toLowerCase();
  if (s.startsWith('done')) return 'done';
  if (s.startsWith('ours')) return 'ours';
  if (s.startsWith('not applicable') || s.startsWith('n/a')) return 'n/a';
  if (s.startsWith('not yet')) return 'not yet';
  return undefined;
}

export function testsOf(cell: string): { file: string; names: string[] }[] {
  // A file is a backticked path ending in .test.ts(x); its names are the double-quoted strings up to the next file.
  const files = [...cell.matchAll(/`([^`]+\.test\.tsx?)`/g)];
  return files.map((m, i) => {
    const end = files[i + 1]?.index ?? cell.length;
    const after = cell.slice((m.index ?? 0) + m[0].length, end);
    return { file: m[1] ?? '', names: [...after.matchAll(/"([^"]+)"/g)].map((n) => n[1] ?? '') };
  });
}

/**
 * The rows of every table in docs/conformance.md under a "# Spec 000" or "# Spec 001" heading. Rule, text and
 * code tables have the columns id | rule | status | test; constant tables id | constant | value | status | test.
 */
export function parseConformance(md: string): Row[] {
  const rows: Row[] = [];
  let spec: SpecId | undefined;
  let header: string[] | undefined;
  md.split('\n').forEach((line, index) => {
    const h = /^# Spec (000|001)\b/.exec(line);
    if (h) spec = h[1] as SpecId;
    const cells = spec === undefined ? undefined : tableCells(line);
    if (cells === undefined) {
      header = undefined;
      return;
    }
    if (header === undefined) {
      header = cells.map((c) => c.toLowerCase());
      return;
    }
    if (cells.every((c) => /^:?-+:?$/.test(c))) return;
    const col = (name: string): string => cells[header!.indexOf(name)] ?? '';
    const isConstant = header.includes('constant');
    rows.push({
      line: index + 1,
      spec,
      id: col('id'),
      item: isConstant ? col('constant') : col('rule'),
      value: isConstant ? col('value') : undefined,
      status: statusOf(col('status')),
      statusCell: col('status'),
      tests: testsOf(col('test')),
    });
  });
  return rows;
}

/** The texts a row states in single quotes, and its codes, as the spec extraction finds them. */
export function rowTexts(row: Row): Set<string> {
  const out = new Set<string>();
  for (const m of row.item.matchAll(QUOTED)) out.add(`text:${m[2] ?? ''}`);
  for (const m of row.item.replace(/`/g, ' ').matchAll(CODE)) out.add(`code:${m[0]}`);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The checks (scripts/conformance.test.ts explains them)

export interface Problems {
  readonly missingRows: string[];
  readonly badStatus: string[];
  readonly unheld: string[];
  readonly missingTests: string[];
  readonly duplicateIds: string[];
}

/** Whether the given test sources hold a spec item (see the test's header). */
export function holds(item: SpecItem, sources: readonly string[]): boolean {
  if (item.kind !== 'constant') {
    const re = matcher(item);
    return sources.some((s) => re.test(s));
  }
  const { numbers, words } = valueTokens(item.value ?? '');
  const nums = new Set(sources.flatMap((s) => [...numbersIn(s)]));
  const text = sources.join('\n').toLowerCase();
  return numbers.every((n) => nums.has(n)) && words.every((w) => text.includes(w.toLowerCase()));
}

/** Whether a row states a spec item: a text quoted or a code written in its rule, a constant by name and value. */
export function statesItem(row: Row, item: SpecItem): boolean {
  if (row.spec !== item.spec) return false;
  if (item.kind === 'constant') return row.value !== undefined && row.item === item.key && row.value === item.value;
  return row.value === undefined && rowTexts(row).has(`${item.kind}:${item.key}`);
}

const itemLabel = (item: SpecItem): string => `spec ${item.spec} ${item.section} ${item.kind} ${JSON.stringify(item.key)}`;
const rowLabel = (row: Row): string => `docs/conformance.md:${row.line} ${row.id}`;

/** Every problem of a conformance table against the spec items; sourceOf gives a test's source, or null when absent. */
export function checkConformance(md: string, items: readonly SpecItem[], sourceOf: (file: string) => string | null): Problems {
  const rows = parseConformance(md);
  const missingRows = items.filter((item) => !rows.some((row) => statesItem(row, item))).map(itemLabel);
  const badStatus = rows.filter((r) => r.status === undefined).map((r) => `${rowLabel(r)}: ${JSON.stringify(r.statusCell)}`);
  const unheld: string[] = [];
  for (const row of rows.filter((r) => r.status === 'done' || r.status === 'ours')) {
    if (row.tests.length === 0) {
      unheld.push(`${rowLabel(row)}: ${row.status} without a test`);
      continue;
    }
    const sources = row.tests.map((t) => sourceOf(t.file)).filter((s): s is string => s !== null);
    for (const item of items.filter((i) => statesItem(row, i))) {
      if (!holds(item, sources)) unheld.push(`${rowLabel(row)}: none of ${row.tests.map((t) => t.file).join(', ')} holds ${itemLabel(item)}`);
    }
  }
  const missingTests: string[] = [];
  for (const row of rows) {
    for (const test of row.tests) {
      const source = sourceOf(test.file);
      if (source === null) missingTests.push(`${rowLabel(row)}: no file ${test.file}`);
      else
        for (const name of test.names) if (!source.includes(name)) missingTests.push(`${rowLabel(row)}: no test named ${JSON.stringify(name)} in ${test.file}`);
    }
  }
  const seen = new Map<string, number>();
  for (const row of rows) seen.set(row.id, (seen.get(row.id) ?? 0) + 1);
  const duplicateIds = [...seen].filter(([id, n]) => n > 1 || id === '').map(([id]) => (id === '' ? '(a row without id)' : id));
  return { missingRows, badStatus, unheld, missingTests, duplicateIds };
}

/** A test's source as the checks read it, or null when the file does not exist (cached). */
export function repoSources(): (file: string) => string | null {
  const cache = new Map<string, string | null>();
  return (file) => {
    if (!cache.has(file)) {
      const exists = /\.test\.tsx?$/.test(file) && fs.existsSync(path.join(ROOT, file));
      cache.set(file, !exists ? null : file === SELF_CHECK ? '' : normalisedSource(file));
    }
    return cache.get(file)!;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The report behind the table: what each item's tests are (run with ts-node).

if (require.main === module) {
  const files = testFiles();
  const sources = new Map(files.map((f) => [f, normalisedSource(f)]));
  for (const item of specItems()) {
    if (item.kind === 'constant') {
      const hits = filesHoldingValue(item.value ?? '', sources).filter((f) => f.startsWith('core/') || f.startsWith('ui/'));
      console.log(
        `${item.spec} ${item.section} constant | ${item.key} | ${item.value} | ${JSON.stringify(valueTokens(item.value ?? ''))} | ${hits.slice(0, 6).join(' ')}${hits.length > 6 ? ` +${hits.length - 6}` : ''}`,
      );
      continue;
    }
    const re = matcher(item);
    const hits = files.filter((f) => re.test(sources.get(f)!));
    console.log(`${item.spec} ${item.section} ${item.kind} | ${item.key} | ${hits.slice(0, 4).join(' ')}${hits.length > 4 ? ` +${hits.length - 4}` : ''}`);
  }
}

/** The test files holding every token of a constant's value (what a "done" constant row may name). */
export function filesHoldingValue(value: string, sources: ReadonlyMap<string, string>): string[] {
  const { numbers, words } = valueTokens(value);
  return [...sources.entries()]
    .filter(([, src]) => {
      const nums = numbersIn(src);
      const lower = src.toLowerCase();
      return numbers.every((n) => nums.has(n)) && words.every((w) => lower.includes(w.toLowerCase()));
    })
    .map(([f]) => f);
}
