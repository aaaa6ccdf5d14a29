import { filter, type SchedulerLike } from 'rxjs';
import type { Action } from '../../store/action';
import type { Ports } from '../../ports';
import type { WidgetState } from '../state';
import { albumData } from './album-data';
import { initialWidgetState } from '../state';
import { epicActions, testScheduler } from './marbles';
import { runWidget } from './run-widget';

/** One marble test of the whole widget: inputs as hot marbles, the expected epic decisions as a marble. */
export interface Scenario {
  readonly initialState?: WidgetState;
  /** Visitor intents (src 'ui'), marble over `inputs`. */
  readonly ui?: string;
  /** Facts (src 'adapter'), marble over `inputs`. */
  readonly adapter?: string;
  readonly inputs: Record<string, Action>;
  /** The epic actions of the given prefixes, marble over `outputs`. */
  readonly expected: string;
  readonly outputs: Record<string, Action>;
  readonly prefixes?: ReadonlyArray<string>;
  /** Epic action types left out of `expected`: by default the start-up prefetch, which every session has. */
  readonly exclude?: ReadonlyArray<string>;
}

export interface ScenarioRunner<P extends Ports> {
  /** Builds the ports on the test's scheduler (core/ may not import adapters/, so tests hand them in). */
  readonly makePorts: (scheduler: SchedulerLike) => P;
  readonly assertEqual: (actual: unknown, expected: unknown) => void;
}

/** Runs the scenario under TestScheduler.run; returns the ports (for their recorded calls) and the final state. */
export function runScenario<P extends Ports>(s: Scenario, runner: ScenarioRunner<P>): { ports: P; state: WidgetState } {
  const scheduler = testScheduler(runner.assertEqual);
  const ports = runner.makePorts(scheduler);
  const initialState = s.initialState ?? initialWidgetState(albumData());
  let state = initialState;
  scheduler.run(({ hot, expectObservable }) => {
    const run = runWidget({
      initialState,
      ports,
      ...(s.ui === undefined ? {} : { ui: hot(s.ui, s.inputs) }),
      ...(s.adapter === undefined ? {} : { adapter: hot(s.adapter, s.inputs) }),
      onStore: (store) => store.subscribe(() => (state = store.getState())),
    });
    const exclude = s.exclude ?? ['preview/trackPrefetchDecided'];
    const decisions = epicActions(run, ...(s.prefixes ?? ['preview/', 'playback/'])).pipe(filter((a) => !exclude.includes(a.type)));
    expectObservable(decisions).toBe(s.expected, s.outputs);
  });
  return { ports, state };
}
