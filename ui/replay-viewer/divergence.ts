import { createFakePorts } from '../../adapters/fake';
import { parseActionLog } from '../../core/store/action-log';
import { replayEngine, ReplayError, type Divergence } from '../../core/store/replay';
import { widgetEpics } from '../../core/widget/all-epics';
import { widgetReducer } from '../../core/widget/reducer';
import { WIDGET_APP } from './load';

export type CheckResult =
  { readonly kind: 'same' } | { readonly kind: 'diverged'; readonly divergence: Divergence } | { readonly kind: 'not-checked'; readonly reason: string };

/**
 * Issue 19 "jump to the first divergence when the capture is checked against today's code": the
 * widget's log replayed in engine mode (ARCHITECTURE.md §3), its inputs fed at their recorded times to
 * today's epics over the scheduler-driven fake ports, as `npm run replay -- check` does. The engine's
 * own log needs its port transcript to replay; the viewer does not check it yet.
 */
export function checkWidgetLog(text: string): CheckResult {
  try {
    const file = parseActionLog(text);
    if (file.header.app !== WIDGET_APP) return { kind: 'not-checked', reason: `Only the widget's log is checked here (this one is ${file.header.app}'s).` };
    const result = replayEngine(file, {
      reducer: widgetReducer,
      epics: widgetEpics,
      makeDeps: (scheduler) => createFakePorts(scheduler),
      expectApp: WIDGET_APP,
    });
    return result.ok ? { kind: 'same' } : { kind: 'diverged', divergence: result.divergence };
  } catch (err) {
    if (err instanceof ReplayError) return { kind: 'not-checked', reason: err.message };
    throw err;
  }
}
