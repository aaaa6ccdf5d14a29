import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createFakePorts } from '../adapters/fake';
import { engineReducer } from '../core/engine/player';
import { engineReplayBuild } from '../core/engine/player/tapped-deps';
import { widgetEpics } from '../core/widget/all-epics';
import { widgetReducer } from '../core/widget/reducer';
import { adoptCapture } from './replay-adopt';
import { runReplayCli } from './replay-cli';
import { WEB_PLAYER_APP, webPlayerPageReducer, webPlayerPageReplayBuild } from '../ui/webplayer/page-store';

const SESSIONS = resolve(__dirname, '..', 'fixtures', 'sessions');
const read = (path: string) => readFileSync(path, 'utf8');
const LEAKED = 'BQDleaked-access-token-0123456789abcdefghij';

describe('replay adopt (issue 19: a capture becomes a fixture with one command, secrets trimmed)', () => {
  it('writes the widget log, the engine log and transcript with golden states; they pass the replay check; a leaked token is trimmed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'adopt-'));
    try {
      // A capture as GET /api/captures/{id} answers it, from a recorded session, with a token a recorder missed.
      const widgetLog = read(join(SESSIONS, 'logged-in-album.jsonl')).replace('"kind":"header",', `"kind":"header","note":"authorization: Bearer ${LEAKED}",`);
      const capture = {
        widget: { actionLog: widgetLog },
        engine: {
          actionLog: read(join(SESSIONS, 'logged-in-album.engine.jsonl')),
          transcript: read(join(SESSIONS, 'logged-in-album.engine.transcript.jsonl')),
        },
      };
      const files = adoptCapture(capture, 'adopted', dir, { widgetReducer, engineReducer });
      expect(files.map((f) => f.slice(dir.length + 1))).toEqual([
        'adopted.jsonl',
        'adopted.final-state.json',
        'adopted.trail.json',
        'adopted.engine.jsonl',
        'adopted.engine.transcript.jsonl',
        'adopted.engine.final-state.json',
        'adopted.engine.trail.json',
      ]);
      // Issue 19: with their golden trails, as the recorded session's (sessions.test.ts names a divergence by them).
      expect(read(join(dir, 'adopted.engine.trail.json'))).toBe(read(join(SESSIONS, 'logged-in-album.engine.trail.json')));
      for (const file of files) expect(read(file)).not.toContain(LEAKED);
      // The goldens are the recorded session's.
      expect(JSON.parse(read(join(dir, 'adopted.final-state.json')))).toEqual(JSON.parse(read(join(SESSIONS, 'logged-in-album.final-state.json'))));
      expect(JSON.parse(read(join(dir, 'adopted.engine.final-state.json')))).toEqual(
        JSON.parse(read(join(SESSIONS, 'logged-in-album.engine.final-state.json'))),
      );
      const widget = runReplayCli(['check', join(dir, 'adopted.jsonl')], read, {
        name: 'embed-player',
        reducer: widgetReducer,
        epics: widgetEpics,
        makeDeps: (scheduler) => createFakePorts(scheduler),
      });
      expect(widget).toMatchObject({ exitCode: 0 });
      const engine = runReplayCli(['check', join(dir, 'adopted.engine.jsonl')], read, {
        name: 'embed-engine',
        reducer: engineReducer,
        overTranscript: engineReplayBuild,
      });
      expect(engine).toMatchObject({ exitCode: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a web player page's capture: its page log's port transcript is written beside it, and the log checks in engine mode over it", () => {
    const dir = mkdtempSync(join(tmpdir(), 'adopt-'));
    try {
      const capture = {
        widget: { actionLog: read(join(SESSIONS, 'webplayer-album.jsonl')), transcript: read(join(SESSIONS, 'webplayer-album.transcript.jsonl')) },
        engine: null,
      };
      const files = adoptCapture(capture, 'page', dir, { widgetReducer: webPlayerPageReducer, engineReducer });
      expect(files.map((f) => f.slice(dir.length + 1))).toEqual(['page.jsonl', 'page.transcript.jsonl', 'page.final-state.json', 'page.trail.json']);
      const check = runReplayCli(['check', join(dir, 'page.jsonl')], read, {
        name: WEB_PLAYER_APP,
        reducer: webPlayerPageReducer,
        overTranscript: webPlayerPageReplayBuild,
      });
      expect(check).toMatchObject({ exitCode: 0, stdout: expect.stringMatching(/\nengine: ok/) as unknown });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a fixture name that is not lowercase letters, digits and dashes', () => {
    expect(() => adoptCapture({ widget: { actionLog: '' }, engine: null }, '../x', tmpdir(), { widgetReducer, engineReducer })).toThrow(/fixture name/);
  });
});
