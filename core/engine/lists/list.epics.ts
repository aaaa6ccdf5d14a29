import { concat, EMPTY, filter, ignoreElements, map, merge, mergeMap, of, share, take, type Observable } from 'rxjs';
import type { RandomPort } from '../../ports';
import type { Action } from '../../store/action';
import type { Epic } from '../../store/store';
import * as A from './actions';
import { INVALID_REPEAT_MODE, RepeatMode } from './constants';
import { anchorOf, hasPrevious, listOrder, navigate, onTrackError, onTrackFinished, shuffledOrder, type ListPlayerState, type Step } from './list-player';
import { latestNavigation } from './navigation';
import type { ListSlice } from './reducer';
import { smartPrevious } from './smart-previous';

/** The list player draws its shuffle order from the injected random, so a replay draws the same order. */
export interface ListDeps {
  readonly random: RandomPort;
}
export type ListEpic = Epic<ListSlice, ListDeps>;
type LoadStep = Extract<Step, { kind: 'load' }>;

/** Facts that settle a pending load other than its track loading: it failed, or the list went away. */
const settles = (a: Action): boolean =>
  A.listTrackFailed.match(a) || A.listEnded.match(a) || A.maxListErrors.match(a) || A.listClearRequested.match(a) || A.listLoadRequested.match(a);

/** A step, or the mark that the pending load settled; the mark comes first so that it is seen before any navigation of the same fact. */
type Item = Step | { readonly kind: 'settled' };

/** The immediate action of a step that is not a load. */
function stepAction(step: Exclude<Step, LoadStep>): Observable<Action> {
  switch (step.kind) {
    case 'listEnded':
      return of(A.listEnded());
    case 'maxListErrors':
      return of(A.maxListErrors());
    case 'refused':
      return of(A.listRefused({ code: step.code, err: step.err }));
    case 'restart':
      return of(A.restartRequested());
    case 'stay':
      return EMPTY;
  }
}

/**
 * spec 001 §4 List player: navigations (asked for, a finished track → next 'trackdone', a failed
 * one → next 'trackerror' or max-list-errors) are decided against the state as each arrives. A
 * load is pending until the media player reports that track loaded, or it failed, or the list
 * went; a newer navigation cancels an older pending one (trackLoadCancelled). Smart previous
 * picks previous or restart.
 */
export const listEpic: ListEpic = (action$, state$, deps) => {
  const stepsOf = (a: Action): Observable<Step> => {
    const list = state$.value.list;
    if (A.navigationRequested.match(a)) return of(navigate(list, a.direction, a.reason));
    if (A.listTrackFinished.match(a)) return list.status === 'noList' ? EMPTY : of(onTrackFinished(list));
    // The reducer has counted this error already.
    if (A.listTrackFailed.match(a)) return list.status === 'noList' ? EMPTY : of(onTrackError(list.errors, list, a.allowsNext));
    if (A.smartPreviousRequested.match(a)) {
      return of(
        smartPrevious(a.positionMs, a.seekingDisallowed, hasPrevious(list)) === 'previous' ? navigate(list, 'previous', 'backbtn') : { kind: 'restart' },
      );
    }
    return EMPTY;
  };
  const items$: Observable<Item> = action$.pipe(
    mergeMap((a) => concat(settles(a) ? of<Item>({ kind: 'settled' }) : EMPTY, stepsOf(a))),
    share(),
  );
  const loads$ = items$.pipe(
    filter((s): s is LoadStep => s.kind === 'load'),
    latestNavigation((step: LoadStep) =>
      concat(
        of<Action>(A.trackLoadRequested({ index: step.index, uri: step.uri, reason: step.reason })),
        merge(action$.pipe(filter((a) => A.listTrackLoaded.match(a) && a.index === step.index)), items$.pipe(filter((item) => item.kind === 'settled'))).pipe(
          take(1),
          ignoreElements(),
        ),
      ),
    ),
    map((o) => (o.kind === 'cancelled' ? A.trackLoadCancelled({ index: o.navigation.index }) : o.result)),
  );
  const others$ = items$.pipe(
    filter((s): s is Exclude<Step, LoadStep> => s.kind !== 'load' && s.kind !== 'settled'),
    mergeMap(stepAction),
  );
  return merge(loads$, others$, optionsEpic(action$, state$, deps));
};

/** A shuffled order of the list, the anchor (what plays, or plays first) first. */
const drawOrder = (list: ListPlayerState, random: RandomPort): number[] => {
  const anchor = anchorOf(list);
  // The queue still waiting (after the anchor in list order) plays first, as queued.
  const queued = list.tracks.flatMap((t, i) => (t.queued === true && i > anchor ? [i] : []));
  return shuffledOrder(list.tracks.length, anchor, () => random.next(), queued);
};

/**
 * spec 001 §3 Playback state (shuffle, repeat_mode), §5 repeat mode check: shuffle on draws a new
 * play order from the injected random, and so does each list loaded (or adopted around the track
 * playing) while it is on; shuffle off goes back to list order. A repeat mode outside OFF, CONTEXT,
 * TRACK is refused with §5's text.
 */
export const optionsEpic: ListEpic = (action$, state$, deps) =>
  action$.pipe(
    mergeMap((a): Observable<Action> => {
      const list = state$.value.list;
      if (A.shuffleRequested.match(a)) return of(A.orderChanged({ shuffle: a.shuffle, order: a.shuffle ? drawOrder(list, deps.random) : listOrder(list) }));
      if ((A.listLoadRequested.match(a) || A.listAdopted.match(a)) && list.shuffle)
        return of(A.orderChanged({ shuffle: true, order: drawOrder(list, deps.random) }));
      if (A.repeatRequested.match(a)) {
        return of(RepeatMode.is(a.mode) ? A.repeatChanged({ mode: a.mode }) : A.listRefused({ code: 'INVALID', err: INVALID_REPEAT_MODE }));
      }
      return EMPTY;
    }),
  );
