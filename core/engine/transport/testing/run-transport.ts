import type { SchedulerLike } from 'rxjs';
import type { Action } from '../../../store/action';
import { createStore, type Envelope } from '../../../store/store';
import type { TransportDeps } from '../deps';
import { transportEpics } from '../index';
import { transportReducer } from '../reducer';
import { sessionReducer } from '../../session/reducer';
import { initialSessionState, type SessionSlice } from '../../session/state';
import { initialTransportState, type TransportOptions, type TransportSlice, type TransportState } from '../state';

export const OWNER = 'client';

/** One epic action as a test reads it: when (virtual ms), its type without 'transport/', its payload. */
export type Logged = [number, string, Record<string, unknown>?];

export interface TransportRun {
  /** Epic actions in order, with their virtual times. */
  readonly log: Logged[];
  readonly state: () => TransportState;
  dispatch(action: Action): void;
}

/** The session whose token the transport uses: 'tok' until a tokenReceived replaces it. */
export const TRANSPORT_SESSION = { ...initialSessionState, status: 'loaded' as const, accessToken: 'tok', expiresAtMs: 9e12, isAnonymous: false };

/**
 * The transport alone in a store on the given (virtual-time) scheduler: inputs are dispatched at
 * their times, and the store stops at `stopAt` (the heartbeat would otherwise run for ever).
 */
export function runTransport(
  scheduler: SchedulerLike,
  deps: TransportDeps,
  inputs: ReadonlyArray<readonly [number, Action]>,
  stopAt: number,
  omit: ReadonlyArray<string> = [],
  options: TransportOptions = {},
): TransportRun {
  const log: Logged[] = [];
  const store = createStore<TransportSlice & SessionSlice, TransportDeps>({
    reducer: (state, action) => ({ transport: transportReducer(state.transport, action), session: sessionReducer(state.session, action) }),
    epics: transportEpics,
    deps,
    initialState: { transport: initialTransportState(OWNER, options), session: TRANSPORT_SESSION },
    onEnvelope: (e: Envelope) => {
      const type = e.action.type.replace(/^transport\//, '');
      if (e.src !== 'epic' || omit.includes(type)) return;
      const { type: _type, ...payload } = e.action as Action & Record<string, unknown>;
      log.push(Object.keys(payload).length === 0 ? [e.t, type] : [e.t, type, payload]);
    },
  });
  for (const [at, action] of inputs) scheduler.schedule(() => store.dispatch(action), at);
  scheduler.schedule(() => store.stop(), stopAt);
  return { log, state: () => store.getState().transport, dispatch: (action) => store.dispatch(action) };
}
