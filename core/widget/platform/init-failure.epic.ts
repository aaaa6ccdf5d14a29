import { defer } from 'rxjs';
import { filter, mergeMap, tap } from 'rxjs/operators';
import type { Action, ActionOf } from '../../store/action';
import type { engineCommandDecided } from '../full-playback/contract-actions';
import { playDecisions, startDecisions } from '../preview-decisions';
import type { WidgetEpic } from '../widget-epic';
import { playerInitFailed, previewForced } from './actions';
import { switchesToPreview } from '../../contract/failures';

/**
 * spec 000 §4 Initialization failure: a no-supported-key-system, no-track-player or
 * EME-not-supported failure "switches playback to preview mode and re-subscribes to player
 * events". The widget consumes the preview player's events (player-events.epic.ts) from the moment
 * that player is started, so re-subscribing is starting it (spec 000 §2 first use; once only): its
 * first track is loaded and its events drive the playback state. Other codes change nothing here.
 * The engine fails as it starts, which a play command does: the preview then plays what the
 * visitor asked the engine to play (our choice: the press was for sound, and a second press for
 * the same thing would look broken).
 */
// By type, not engineCommandDecided.match: the creator carries the contract's codecs, which this
// first-frame epic leaves to the lazy chunk (full-playback/contract-actions.ts); the type is checked against it.
const COMMAND_DECIDED: (typeof engineCommandDecided)['type'] = 'full/engineCommandDecided';
const isCommandDecided = (a: Action): a is ActionOf<typeof engineCommandDecided> => a.type === COMMAND_DECIDED;

export const initFailureEpic: WidgetEpic = (action$, state$) =>
  defer(() => {
    let wantsPlay = false;
    return action$.pipe(
      tap((a) => {
        if (isCommandDecided(a) && a.command.kind !== 'initialise') wantsPlay = a.command.kind === 'play' || a.command.kind === 'resume';
      }),
      filter(playerInitFailed.match),
      filter((a) => switchesToPreview(a.code)),
      // forcePreview changes no start rule, so the decisions may read the state before it is reduced.
      mergeMap((a): Action[] => [previewForced({ code: a.code }), ...(wantsPlay ? playDecisions(state$.value) : startDecisions(state$.value))]),
    );
  });
