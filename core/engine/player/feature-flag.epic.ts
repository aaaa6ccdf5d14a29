import { authorisation } from '../session/authorisation';
import { of } from 'rxjs';
import { catchError, filter, map, mergeMap, take } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { featureFlagFailed, featureFlagRequested, featureFlagResolved } from '../device/actions';
import { FEATURE_FLAGS_PATH, flagOutcome, flagsQuery } from '../device/feature-flag';
import type { PlayerEpic } from './deps';
import { failureText } from './failure-text';

/**
 * spec 001 §7 User and flags: GET the feature flags (tests = the cell's name) from the media
 * gateway with the player's bearer token. spec 001 §8 Flags: a flag error is emitted and the cell
 * resolves as not on (false), so state updates stay limited (§4). No retry: the spec names none.
 */
export const featureFlagEpic: PlayerEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(featureFlagRequested.match),
    mergeMap(({ name }) =>
      deps.http
        .request({
          method: 'GET',
          url: `${deps.player.apiUrl}${FEATURE_FLAGS_PATH}?${flagsQuery([name])}`,
          headers: { ...authorisation(state$.value.session), accept: 'application/json' },
        })
        .pipe(
          take(1),
          map((response) => flagOutcome(name, response)),
          catchError((err: unknown) => of({ on: false, err: failureText(err) } as const)),
          mergeMap((outcome): Action[] =>
            outcome.err === null
              ? [featureFlagResolved({ name, on: outcome.on })]
              : [featureFlagFailed({ name, err: outcome.err }), featureFlagResolved({ name, on: false })],
          ),
        ),
    ),
  );
