/**
 * Conformance made visible (issue 15): docs/conformance.md holds every rule, constant and message text of both
 * specs with its status and its test, and this test keeps it honest (the logic is in scripts/conformance.ts;
 * run on its own, as docs/conformance.md says, it prints each item with the tests that hold it).
 *
 * What is extracted from the specs (../shared/spec/000_*.txt and 001_*.txt):
 * - texts: every single-quoted string of either spec, in any section ('Invalid Spotify URI!', 'No current state.').
 *   A quote opens after a line start, a blank or an opening bracket or punctuation, and closes before a line end, a
 *   blank or closing punctuation, so the apostrophes inside 'saveTrack will only save track URI's' or 'Cannot get
 *   the user's product state.' neither open nor close one. Every other ' of a spec must be an apostrophe between
 *   letters, or the extraction test fails;
 * - codes: every upper-case identifier with an underscore (TP_MAX_SUBSCRIPTIONS_REACHED, PLAYBACK_ERROR) and every
 *   code family (EME_*);
 * - constants: every row of the §9 table of either spec (its name and its value, as written).
 *
 * How a test "holds" one (the source of a *.test.ts(x), with the escapes of quotes and regex punctuation undone):
 * - a text: its words as written; N stands for a number or a template expression (`status ${status}`), {name} for
 *   any text, a/b/c for any one of them; a one-word text ('premium', '1') must be a whole string literal;
 * - a code: as a whole identifier; a family: a string literal of a code with its prefix ('EME_LICENSE_REQUEST_FAILED';
 *   an identifier such as PLAYER_DISABLED, a constant's name, does not count);
 * - a constant: every number of its value as a numeric literal (30000, 30_000, 1e6; so "2 s" needs a 2) and each
 *   technical word of it (mp4a.40.2, video-sw-decode, 2019-09-14); a value of plain words needs its longer words.
 *
 * What fails:
 * 1. an item of a spec without a row in that spec's part of docs/conformance.md (a text quoted in the row's rule
 *    cell, a code written in it, a constant by its name with the spec's value);
 * 2. a row whose status is not done, ours, n/a (not applicable) or not yet;
 * 3. a done or ours row that names no test, or states a text, code or constant that none of its named tests holds
 *    (so a text, code or constant without a test must have a "not yet" or "n/a" row);
 * 4. any row naming a test file that does not exist, or a test name ("…" after the file) not in that file;
 * 5. two rows with the same id, or a row without one.
 * A row of a rule in prose is checked by 2, 4 and 5 only: whether its test asserts the rule is read, not parsed.
 * This file quotes spec texts in its examples; it never counts as a test that holds one.
 */
import * as fs from 'fs';
import {
  CONFORMANCE,
  checkConformance,
  extractItems,
  matcher,
  parseConformance,
  repoSources,
  sections,
  specFiles,
  specItems,
  type SpecItem,
} from './conformance';

const files = specFiles();
const specText = { '000': fs.readFileSync(files['000'], 'utf8'), '001': fs.readFileSync(files['001'], 'utf8') } as const;
const items = specItems();
const doc = fs.readFileSync(CONFORMANCE, 'utf8');

describe('the extraction from the specs (scripts/conformance.ts)', () => {
  it('finds texts with apostrophes inside whole', () => {
    const texts = items.filter((i) => i.kind === 'text').map((i) => i.key);
    expect(texts).toEqual(
      expect.arrayContaining(["saveTrack will only save track URI's", "Cannot get the user's product state.", 'Invalid Spotify URI!', 'No error message']),
    );
  });

  it("accounts for every ' of both specs: the quotes of a text, or an apostrophe between letters", () => {
    for (const spec of ['000', '001'] as const) {
      let rest = specText[spec];
      for (const item of extractItems(spec, rest).filter((i) => i.kind === 'text')) rest = rest.split(`'${item.key}'`).join(' ');
      const stray = [...rest.matchAll(/.{0,20}(?<![A-Za-z])'|'(?![A-Za-z]).{0,20}/g)].map((m) => m[0]);
      expect({ spec, stray }).toEqual({ spec, stray: [] });
    }
  });

  it('finds every row of each §9 table', () => {
    for (const spec of ['000', '001'] as const) {
      const nine = sections(specText[spec]).find((s) => s.section === '§9')!;
      const tableRows = nine.body.split('\n').filter((l) => l.trim().startsWith('|')).length - 2; // header and rule
      expect(items.filter((i) => i.spec === spec && i.kind === 'constant')).toHaveLength(tableRows);
    }
  });

  it('reads the placeholders of a text: N is a number, a/b/c any one of them; one word is a whole literal', () => {
    const text = (key: string): SpecItem => ({ spec: '001', section: '§8', kind: 'text', key });
    const status = matcher(text('Logging service responded with status N'));
    expect(status.test("'Logging service responded with status 503'")).toBe(true);
    expect(status.test('`Logging service responded with status ${status}`')).toBe(true);
    expect(status.test('Logging service responded with status')).toBe(false);
    expect(
      matcher(text('Method connect/disconnect/forceDisconnect must be called from the Transport instance.')).test(
        "'Method forceDisconnect must be called from the Transport instance.'",
      ),
    ).toBe(true);
    expect(matcher(text('premium')).test("productType: 'premium'")).toBe(true);
    expect(matcher(text('premium')).test("'premium required'")).toBe(false);
  });
});

describe('the checks, on a table made to fail them', () => {
  const sample: SpecItem[] = [
    { spec: '001', section: '§8', kind: 'text', key: 'No current state.' },
    { spec: '001', section: '§8', kind: 'code', key: 'PLAYBACK_ERROR' },
    { spec: '001', section: '§9', kind: 'constant', key: 'Stall', value: 'fetch over 9000 ms' },
  ];
  const sources: Record<string, string> = { 'a.test.ts': "it('refuses', () => expect(f()).toBe('No current state.'));", 'b.test.ts': 'const STALL_MS = 8000;' };
  const sourceOf = (file: string): string | null => sources[file] ?? null;
  const table = (rows: string, constants = '| 001-9.1 | Stall | fetch over 9000 ms | not yet: x | |'): string =>
    `# Spec 001\n\n| id | rule | status | test |\n| --- | --- | --- | --- |\n${rows}\n\n| id | constant | value | status | test |\n| --- | --- | --- | --- | --- |\n${constants}\n`;

  it('passes a table that states each item with a test holding it or a not-yet row', () => {
    const problems = checkConformance(
      table('| 001-8.1 | \'No current state.\' | done | `a.test.ts` "refuses" |\n| 001-8.2 | PLAYBACK_ERROR | not yet: the prefix | |'),
      sample,
      sourceOf,
    );
    expect(Object.values(problems).flat()).toEqual([]);
  });

  it('1. an item without a row', () => {
    expect(checkConformance(table("| 001-8.1 | 'No current state.' | done | `a.test.ts` |"), sample, sourceOf).missingRows).toEqual([
      'spec 001 §8 code "PLAYBACK_ERROR"',
    ]);
  });

  it('2. a row without a status', () => {
    expect(checkConformance(table("| 001-8.1 | 'No current state.' | maybe | `a.test.ts` |"), sample, sourceOf).badStatus).toHaveLength(1);
  });

  it('3. a done row whose test does not hold its text, code or constant; a done row without a test', () => {
    const problems = checkConformance(
      table(
        "| 001-8.1 | 'No current state.' | done | |\n| 001-8.2 | PLAYBACK_ERROR | done | `a.test.ts` |",
        '| 001-9.1 | Stall | fetch over 9000 ms | done | `b.test.ts` |',
      ),
      sample,
      sourceOf,
    );
    expect(problems.unheld).toEqual([
      expect.stringContaining('001-8.1: done without a test'),
      expect.stringContaining('none of a.test.ts holds spec 001 §8 code "PLAYBACK_ERROR"'),
      expect.stringContaining('none of b.test.ts holds spec 001 §9 constant "Stall"'),
    ]);
  });

  it('4. a test file or test name that does not exist', () => {
    const problems = checkConformance(
      table('| 001-8.1 | \'No current state.\' | done | `a.test.ts` "rejects"; `gone.test.ts` |\n| 001-8.2 | PLAYBACK_ERROR | not yet: x | |'),
      sample,
      sourceOf,
    );
    expect(problems.missingTests).toEqual([expect.stringContaining('no test named "rejects" in a.test.ts'), expect.stringContaining('no file gone.test.ts')]);
  });

  it('5. a repeated id', () => {
    expect(
      checkConformance(table("| 001-8.1 | 'No current state.' | not yet: x | |\n| 001-8.1 | PLAYBACK_ERROR | not yet: x | |"), sample, sourceOf).duplicateIds,
    ).toEqual(['001-8.1']);
  });
});

describe('docs/conformance.md against both specs and the tests of the repo', () => {
  const problems = checkConformance(doc, items, repoSources());

  it('has rows for both specs', () => {
    const rows = parseConformance(doc);
    expect(rows.filter((r) => r.spec === '000').length).toBeGreaterThan(50);
    expect(rows.filter((r) => r.spec === '001').length).toBeGreaterThan(100);
  });

  it('1. every text, code and constant of both specs has a row', () => expect(problems.missingRows).toEqual([]));
  it('2. every row has a status: done, ours, n/a or not yet', () => expect(problems.badStatus).toEqual([]));
  it('3. a done or ours row names a test, and its tests hold every text, code and constant it states', () => expect(problems.unheld).toEqual([]));
  it('4. every test a row names exists, with the test names it quotes', () => expect(problems.missingTests).toEqual([]));
  it('5. row ids are unique', () => expect(problems.duplicateIds).toEqual([]));
});
