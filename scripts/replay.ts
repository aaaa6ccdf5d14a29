// The replay tool for widget sessions (built by build.mjs to dist/scripts/replay.js):
//   node dist/scripts/replay.js timeline fixtures/sessions/<session>.jsonl
// Engine replay runs the widget's epics on the scheduler-driven fake ports, so no network or audio is touched.
import { readFileSync } from 'node:fs';
import { createFakePorts } from '../adapters/fake';
import { widgetEpics } from '../core/widget/all-epics';
import { widgetReducer } from '../core/widget/reducer';
import { runReplayCli } from './replay-cli';

/** The `app` the widget writes in its log header (ui/widget/main.tsx). */
const WIDGET_APP = 'embed-player';

const result = runReplayCli(process.argv.slice(2), (path) => readFileSync(path, 'utf8'), {
  name: WIDGET_APP,
  reducer: widgetReducer,
  epics: widgetEpics,
  // The fakes' clock follows the scheduler, which is the replay's clock too.
  makeDeps: (scheduler) => createFakePorts(scheduler),
});
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.exitCode;
