// The replay tool for recorded sessions (built by build.mjs to dist/scripts/replay.js):
//   node dist/scripts/replay.js timeline fixtures/sessions/<session>.jsonl
// The log's header names its app: the widget's logs (embed-player) replay in fold and engine mode,
// engine replay running the widget's epics on the scheduler-driven fake ports, so no network or
// audio is touched; the full-playback engine's own logs (embed-engine) replay in engine mode over
// the port transcript kept beside them (`<log>.transcript.jsonl`), which answers its epics' calls.
import { readFileSync } from 'node:fs';
import { config, type SchedulerLike } from 'rxjs';
import { createFakePorts } from '../adapters/fake';
import { engineReducer } from '../core/engine/player';
import { engineReplayBuild } from '../core/engine/player/tapped-deps';
import { widgetEpics } from '../core/widget/all-epics';
import { widgetReducer } from '../core/widget/reducer';
import { runReplayCli } from './replay-cli';
import { adoptCapture, readCapture } from './replay-adopt';
import { updateGoldens } from './replay-update';
import { WEB_PLAYER_APP, webPlayerPageReducer, webPlayerPageReplayBuild } from '../ui/webplayer/page-store';

/** The `app` the widget writes in its log header (ui/widget/main.tsx), and the engine's (ui/engine/engine-client.ts). */
const WIDGET_APP = 'embed-player';
const ENGINE_APP = 'embed-engine';

// A divergence throws inside the replayed epics' subscribers, and the replay reports the first one
// itself (core/store/transcript-replay.ts); rxjs's later re-throw of it would only end the process
// with a stack trace after the report.
config.onUnhandledError = () => undefined;

const argv = process.argv.slice(2);
const read = (path: string) => readFileSync(path, 'utf8');

/** The app a log names in its first line; the widget's when that cannot be read (the tool then says why). */
function appOf(path: string | undefined): string {
  try {
    const app = (JSON.parse(read(path ?? '').split('\n', 1)[0] ?? '') as { app?: unknown }).app;
    return app === ENGINE_APP || app === WEB_PLAYER_APP ? app : WIDGET_APP;
  } catch {
    return WIDGET_APP;
  }
}

const engineApp = { name: ENGINE_APP, reducer: engineReducer, overTranscript: engineReplayBuild };
// A web player page's log (issue 19): its epics read ports, so engine replay answers them from the
// port transcript the page records beside its log, as for the engine.
const webPlayerApp = { name: WEB_PLAYER_APP, reducer: webPlayerPageReducer, overTranscript: webPlayerPageReplayBuild };
const widgetApp = {
  name: WIDGET_APP,
  reducer: widgetReducer,
  epics: widgetEpics,
  // The fakes' clock follows the scheduler, which is the replay's clock too.
  makeDeps: (scheduler: SchedulerLike) => createFakePorts(scheduler),
};

if (argv[0] === 'update') {
  // Issue 19: `update [name…]` re-folds the named fixtures (all when none) with today's code and rewrites their goldens.
  try {
    const { report, ok } = updateGoldens('fixtures/sessions', argv.slice(1), { widget: widgetApp, engine: engineApp, webPlayer: webPlayerApp });
    process.stdout.write(report);
    process.exitCode = ok ? 0 : 1;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
} else if (argv[0] === 'adopt') {
  // Issue 19: `adopt <capture.json | URL> [name]` writes the capture's fixtures to fixtures/sessions/.
  const [, source, name = `capture-${Date.now()}`] = argv;
  if (source === undefined) {
    process.stderr.write('"adopt" needs a capture file or URL: adopt <capture.json | URL> [fixture-name]\n');
    process.exitCode = 2;
  } else {
    readCapture(source, read)
      .then((capture) => {
        const files = adoptCapture(capture, name, 'fixtures/sessions', { widgetReducer, engineReducer });
        process.stdout.write(`${files.join('\n')}\n`);
      })
      .catch((err: unknown) => {
        process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
        process.exitCode = 1;
      });
  }
} else {
  runLog();
}

function runLog(): void {
  const app = appOf(argv.find((arg) => arg.endsWith('.jsonl') && !arg.endsWith('.transcript.jsonl')));
  const result =
    app === ENGINE_APP
      ? runReplayCli(argv, read, engineApp)
      : app === WEB_PLAYER_APP
        ? runReplayCli(argv, read, webPlayerApp)
        : runReplayCli(argv, read, widgetApp);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
}
