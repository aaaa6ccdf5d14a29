import type { SchedulerLike } from 'rxjs';
import type { HttpPort, StoragePort } from '../../../ports';
import type { Action } from '../../../store/action';
import { createStore, type Envelope } from '../../../store/store';
import type { SessionDeps } from '../deps';
import { sessionEpics } from '../index';
import { sessionReducer } from '../reducer';
import { initialSessionState, type SessionState } from '../state';

/** One epic action as a test reads it: virtual ms, type without 'session/', payload. */
export type Logged = [number, string, Record<string, unknown>?];

export interface SessionRunOptions {
  /** Fakes from adapters/fake, made by the test (core/ itself must not import adapters/). */
  readonly http: HttpPort;
  readonly storage: StoragePort;
  readonly inputs: ReadonlyArray<readonly [number, Action]>;
  readonly stopAt?: number;
}

/** The session alone in a store on a virtual-time scheduler (call inside scheduler.run, then flush). */
export function runSession(scheduler: SchedulerLike, options: SessionRunOptions) {
  const log: Logged[] = [];
  const deps: SessionDeps = { clock: { now: () => scheduler.now() }, scheduler, http: options.http, storage: options.storage };
  const store = createStore({
    reducer: (state: { session: SessionState }, action: Action) => ({ session: sessionReducer(state.session, action) }),
    epics: sessionEpics,
    deps,
    initialState: { session: initialSessionState },
    onEnvelope: (e: Envelope) => {
      if (e.src !== 'epic') return;
      const { type, ...payload } = e.action as Action & Record<string, unknown>;
      const short = type.replace(/^session\//, '');
      log.push(Object.keys(payload).length === 0 ? [e.t, short] : [e.t, short, payload]);
    },
  });
  for (const [at, action] of options.inputs) scheduler.schedule(() => store.dispatch(action), at);
  scheduler.schedule(() => store.stop(), options.stopAt ?? 100000);
  return { log, state: () => store.getState().session, dispatch: (a: Action) => store.dispatch(a) };
}
