import type { ActionLogFile } from '../store/action-log';
import { explainDivergence, type StateDivergence } from '../store/divergence';
import type { EngineReplayResult } from '../store/replay';
import type { Reducer } from '../store/store';

/**
 * Issue 19 "jump to the first divergence when the capture is checked against today's code (fold and
 * engine replay, as `npm run replay -- check` does)": what the viewer shows of an engine replay — the
 * widget's log replayed on the fake ports, the engine's over its port transcript — with the first
 * divergent seq and the state paths it changes (core/store/divergence.ts).
 */
export type CheckResult =
  { readonly kind: 'same' } | { readonly kind: 'diverged'; readonly divergence: StateDivergence } | { readonly kind: 'not-checked'; readonly reason: string };

export function checkResultOf<S>(
  file: ActionLogFile,
  reducer: Reducer<S>,
  result: EngineReplayResult<S> | { readonly ok: false; readonly refused: string },
): CheckResult {
  if ('refused' in result) return { kind: 'not-checked', reason: result.refused };
  return result.ok ? { kind: 'same' } : { kind: 'diverged', divergence: explainDivergence(file, reducer, result.divergence) };
}
