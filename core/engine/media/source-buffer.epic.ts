import { catchError, distinctUntilChanged, filter, map, mergeMap, of, take, type Observable } from 'rxjs';
import type { Action } from '../../store/action';
import { bufferUpdateEnded, bufferUpdateFailed, mediaPauseRequested, rebufferRequested } from './actions';
import type { MediaDeps, MediaEpic } from './deps';
import { errorName } from './error-name';
import { failure } from './failure';
import { onQuotaExceeded } from './quota-exceeded';
import type { StartedOperation } from './state';

function perform(deps: MediaDeps, started: StartedOperation, bufferedEndMs: number): Observable<number> {
  const { operation } = started;
  switch (operation.kind) {
    case 'append':
      return operation.offsetMs === undefined ? deps.mediaSource.append(operation.data) : deps.mediaSource.append(operation.data, operation.offsetMs);
    case 'remove':
      return deps.mediaSource.remove(operation.startMs, operation.endMs);
    case 'clear':
      return deps.mediaSource.remove(0, Infinity);
    case 'end-of-stream':
      return deps.mediaSource.endOfStream().pipe(map(() => bufferedEndMs));
    case 'duration':
      return deps.mediaSource.setDuration(operation.durationMs).pipe(map(() => bufferedEndMs));
  }
}

/**
 * spec 001 §4 Source buffer: performs the update the queue (in the reducer) started, one at a
 * time, and reports its end so that the queue starts the next one.
 */
export const sourceBufferEpic: MediaEpic = (_action$, state$, deps) =>
  state$.pipe(
    map((state) => state.media.started),
    filter((started): started is StartedOperation => started !== null),
    distinctUntilChanged((a, b) => a.seq === b.seq),
    mergeMap((started) =>
      perform(deps, started, state$.value.media.bufferedEndMs).pipe(
        take(1),
        map((bufferedEndMs): Action => bufferUpdateEnded({ playId: started.playId, bufferedEndMs })),
        catchError((err: unknown) => of(bufferUpdateFailed({ playId: started.playId, name: errorName(err) }))),
      ),
    ),
  );

/**
 * spec 001 §8 Media: buffer quota exceeded either rebuffers the current track or pauses and emits
 * 'Buffer quota exceeded.', per the option (deps.media.pauseOnQuotaExceeded). Other failed
 * updates are left to the element's own error (a decode error follows a bad append).
 */
export const quotaExceededEpic: MediaEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(bufferUpdateFailed.match),
    filter((failed) => failed.name === 'QuotaExceededError' && failed.playId === state$.value.media.playId),
    mergeMap((failed) => {
      const reaction = onQuotaExceeded(deps.media.pauseOnQuotaExceeded);
      return reaction.kind === 'rebuffer'
        ? of(rebufferRequested({ playId: failed.playId }))
        : of(mediaPauseRequested(), failure(state$.value.media, failed.playId, reaction.error));
    }),
  );
