import { catchError, filter, ignoreElements, mergeMap } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { isPreviewMode } from '../preview-mode';
import type { WidgetEpic } from '../widget-epic';
import { engineCommandFailed } from './actions';
import { engineCommandDecided } from './contract-actions';
import { fullPlaybackDecisions } from './decisions';

/** spec 000 §4: outside preview mode the visitor's commands are the engine's (decisions.ts). */
export const fullPlaybackEpic: WidgetEpic = (action$, state$) =>
  action$.pipe(
    filter(() => !isPreviewMode(state$.value)),
    mergeMap((a) => fullPlaybackDecisions(state$.value, a)),
  );

/** Hands each decided command to the engine port (which loads the engine on first use). */
export const engineCommandsEpic: WidgetEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(engineCommandDecided.match),
    mergeMap((a) =>
      deps.engine.send(a.command).pipe(
        ignoreElements(),
        catchError((err: unknown): Action[] => [engineCommandFailed({ err: err instanceof Error && err.message !== '' ? err.message : 'No error message' })]),
      ),
    ),
  );
