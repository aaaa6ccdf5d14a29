import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createFakePorts } from '../adapters/fake';
import { engineReducer } from '../core/engine/player';
import { engineReplayBuild } from '../core/engine/player/tapped-deps';
import { widgetEpics } from '../core/widget/all-epics';
import { widgetReducer } from '../core/widget/reducer';
import type { WidgetState } from '../core/widget/state';
import { parseActionLog } from '../core/store/action-log';
import { firstStateDivergence, parseTrail } from '../core/store/golden-trail';
import { replayFold } from '../core/store/replay';
import type { Action } from '../core/store/action';
import { updateGoldens } from './replay-update';
import { WEB_PLAYER_APP, webPlayerPageReducer } from '../ui/webplayer/page-store';
import type { Reducer } from '../core/store/store';

const SESSIONS = resolve(__dirname, '..', 'fixtures', 'sessions');
const read = (path: string) => readFileSync(path, 'utf8');
const KEPT = ['share-copy', 'remote-controller.engine', 'webplayer-album'];

const engine = { name: 'embed-engine', reducer: engineReducer, overTranscript: engineReplayBuild };
// A web player page's log folds only (no transcript of the page's ports): its check skips engine replay and passes.
const webPlayer = { name: WEB_PLAYER_APP, reducer: webPlayerPageReducer as Reducer<unknown> };
const widgetApp = (reducer: typeof widgetReducer) => ({
  name: 'embed-player',
  reducer,
  epics: widgetEpics,
  makeDeps: (scheduler: Parameters<typeof createFakePorts>[0]) => createFakePorts(scheduler),
});

let dir: string;
beforeEach(() => {
  // A temporary copy of two recorded sessions (a widget's, and an engine's with its transcript): the real ones stay as they are.
  dir = mkdtempSync(join(tmpdir(), 'replay-update-'));
  for (const name of readdirSync(SESSIONS)) if (KEPT.some((kept) => name.startsWith(`${kept}.`))) copyFileSync(join(SESSIONS, name), join(dir, name));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const goldens = () => Object.fromEntries(readdirSync(dir).map((name) => [name, read(join(dir, name))]));

describe('npm run replay -- update (issue 19: re-record the goldens on purpose)', () => {
  it("with today's code unchanged: every golden is rewritten as it was, and the report says so", () => {
    const before = goldens();
    const { report, ok } = updateGoldens(dir, [], { widget: widgetApp(widgetReducer), engine, webPlayer });
    expect(report).toBe('remote-controller.engine: unchanged\nshare-copy: unchanged\nwebplayer-album.engine: unchanged\nwebplayer-album: unchanged\n');
    expect(ok).toBe(true);
    expect(goldens()).toEqual(before);
  });

  it('after a change to the reducer: prints the first step that changed and the final paths, and the new goldens are what the code folds to', () => {
    // The change: the share dialog remembers one more thing once it opened.
    const changed = (state: WidgetState, action: Action): WidgetState => {
      const next = widgetReducer(state, action);
      return action.type === 'share/openRequested' ? { ...next, share: { ...next.share, note: 'changed' } as WidgetState['share'] } : next;
    };
    const file = parseActionLog(read(join(dir, 'share-copy.jsonl')));
    const opened = file.entries.find((e) => e.action.type === 'share/openRequested');
    if (opened === undefined) throw new Error('the share session has no share/openRequested');

    const { report } = updateGoldens(dir, ['share-copy'], { widget: widgetApp(changed), engine });
    expect(report).toContain(
      `share-copy: first step that changed (golden ≠ today): seq ${opened.seq} (share/openRequested): state.share.note: undefined ≠ "changed"`,
    );
    expect(report).toContain('final state: 1 path changed\n    share.note: undefined -> "changed"');
    expect(report).not.toContain('remote-controller');

    const { states, finalState } = replayFold(file, changed);
    expect(JSON.parse(read(join(dir, 'share-copy.final-state.json')))).toEqual(finalState);
    expect(firstStateDivergence(file, parseTrail(read(join(dir, 'share-copy.trail.json'))), states)).toBeUndefined();
    // The old code now diverges from the new goldens, at the same seq.
    expect(firstStateDivergence(file, parseTrail(read(join(dir, 'share-copy.trail.json'))), replayFold(file, widgetReducer).states)?.seq).toBe(opened.seq);
  });

  it('writes a trail that is missing, and refuses a name it does not have (listing those it has)', () => {
    unlinkSync(join(dir, 'remote-controller.engine.trail.json'));
    expect(updateGoldens(dir, ['remote-controller'], { widget: widgetApp(widgetReducer), engine }).report).toBe('remote-controller.engine: new golden trail\n');
    expect(read(join(dir, 'remote-controller.engine.trail.json'))).toBe(read(join(SESSIONS, 'remote-controller.engine.trail.json')));
    expect(() => updateGoldens(dir, ['nope'], { widget: widgetApp(widgetReducer), engine })).toThrow(
      'No recorded session "nope" in ' + dir + ': there are remote-controller.engine, share-copy, webplayer-album.engine, webplayer-album.',
    );
  });
});
