import * as t from 'io-ts';
import { EMPTY, filter, map, merge, mergeMap, of, race, take, timer, type Observable } from 'rxjs';
import type { Action } from '../../store/action';
import { defineAction } from '../../store/action';
import { clusterUpdated, commandRefused, commandRequested, observeRequested, observerRegistrationFailed } from '../connect/actions';
import { ACK_TIMEOUT_MS } from '../connect/constants';
import { connectStateOf } from '../connect/state';
import type { EngineState, PlayerEpic } from './deps';

/*
 * spec 001 §4 Client lifecycle: "A hidden local state may be claimed by transferring playback to
 * the local device paused."
 *
 * Hidden local state: the service keeps a state for this device (the cluster names it the active
 * device and has a track in its player state) that the local player does not hold (no state ref):
 * a page reloaded, or an engine restarted, while its device was playing. The device id is stored
 * (device/device-id.ts), so the re-registered device is the one the service still plays on.
 * Claimed, it comes back to the local player paused (spec 001 §7 transfer, restore_paused 'pause')
 * at the position the service has for it, and plays only when the listener asks.
 */

/** id: the caller's, as commandRequested's: the claim ends with that command's outcome (connect/command*). */
export const claimRequested = defineAction('engine/claimRequested', { id: t.string });

/** The claim's refusal when there is nothing hidden to claim (ours: the spec gives no text). */
export const NO_HIDDEN_STATE = 'No hidden local state.';
/** The claim's refusal when no cluster came to tell (ours). */
export const NO_CLUSTER = 'No cluster to claim from.';

/** spec 001 §4 hidden local state, as defined above. */
export function hasHiddenLocalState(state: EngineState, localId: string): boolean {
  const cluster = connectStateOf(state).cluster;
  if (cluster === null || cluster.active_device_id !== localId) return false;
  return (cluster.player_state?.track ?? null) !== null && state.device.stateRef === null;
}

/**
 * The claim decides on a cluster heard while this device is registered (the service pushes one
 * after each registration): before, the cluster may not know the device yet. Without one it
 * observes first (spec 001 §4 Remote-control client: "initial state fetched on registration"), and
 * gives up after ACK_TIMEOUT_MS.
 */
export const claimEpic: PlayerEpic = (action$, state$, deps) => {
  const localId = deps.device.descriptor.id;
  const refuse = (id: string, err: string): Action => commandRefused({ id, endpoint: 'transfer', err });
  const decide = (id: string): Action =>
    hasHiddenLocalState(state$.value, localId)
      ? commandRequested({ id, command: { endpoint: 'transfer', target: localId, args: { restore_paused: 'pause' } } })
      : refuse(id, NO_HIDDEN_STATE);
  const ready = (): boolean => state$.value.device.registration === 'registered' && connectStateOf(state$.value).cluster !== null;

  return action$.pipe(
    filter(claimRequested.match),
    mergeMap(({ id }): Observable<Action> => {
      if (ready()) return of(decide(id));
      const heard$ = action$.pipe(
        filter(clusterUpdated.match),
        filter(ready),
        take(1),
        map(() => decide(id)),
      );
      const failed$ = action$.pipe(
        filter(observerRegistrationFailed.match),
        take(1),
        map((a) => refuse(id, a.err)),
      );
      const timedOut$ = timer(ACK_TIMEOUT_MS, deps.scheduler).pipe(map(() => refuse(id, NO_CLUSTER)));
      // Listening before asking: the registration's answer may come while the ask is handled.
      return merge(race(heard$, failed$, timedOut$), connectStateOf(state$.value).observing ? EMPTY : of(observeRequested()));
    }),
  );
};
