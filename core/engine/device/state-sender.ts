import { catchError, defer, map, Observable, of, Subscription, type OperatorFunction } from 'rxjs';
import type { Action } from '../../store/action';
import { nextSeq, sameUpdate, type StateUpdate, type StateUpdatePayload } from './state-update';

export type SendResult =
  | { readonly kind: 'sent'; readonly payload: StateUpdatePayload; readonly status: number }
  /** An action a send asks for on its way (the session's forced token refresh after a 401, spec 001 §8). */
  | { readonly kind: 'asked'; readonly action: Action }
  | { readonly kind: 'skipped'; readonly update: StateUpdate }
  | { readonly kind: 'failed'; readonly payload: StateUpdatePayload; readonly err: string };

/**
 * spec 001 §4 State update sends: each update is numbered (seq_num, wrapping per §9) and sent;
 * one identical to the last sent payload is skipped; while `limit()` answers true (the experiment
 * cell 'send all state updates' is not on) an update is queued while a send is in flight,
 * otherwise it goes at once. `limit` is read as each update arrives and as each send ends, so the
 * cell resolving mid-session takes effect from then on. The identity check runs when a queued
 * update's turn comes, against what was sent last by then. A send may emit actions before its
 * status (passed on as 'asked'). A failed send is reported and the next one still goes (the
 * sender never dies).
 */
export function sendStateUpdates(
  send: (payload: StateUpdatePayload) => Observable<number | Action>,
  limit: () => boolean,
  firstSeq = 0,
): OperatorFunction<StateUpdate, SendResult> {
  return (update$) =>
    new Observable<SendResult>((subscriber) => {
      let seq = firstSeq;
      let last: StateUpdate | null = null;
      let inFlight = 0;
      let sourceDone = false;
      const queue: StateUpdate[] = [];
      const sends = new Subscription();
      const one = (update: StateUpdate): Observable<SendResult> => {
        if (sameUpdate(last, update)) return of({ kind: 'skipped', update } as const);
        seq = nextSeq(seq);
        last = update;
        const payload: StateUpdatePayload = { seq_num: seq, ...update };
        // Deferred, so a send that throws as it is built is a failed send like any other.
        return defer(() => send(payload)).pipe(
          map((out): SendResult => (typeof out === 'number' ? { kind: 'sent', payload, status: out } : { kind: 'asked', action: out })),
          catchError((e: unknown) => of<SendResult>({ kind: 'failed', payload, err: e instanceof Error ? e.message : String(e) })),
        );
      };
      const completeWhenDone = () => {
        if (sourceDone && inFlight === 0 && queue.length === 0) subscriber.complete();
      };
      const start = (update: StateUpdate) => {
        inFlight += 1;
        sends.add(
          one(update).subscribe({
            next: (r) => subscriber.next(r),
            complete: () => {
              inFlight -= 1;
              drain();
              completeWhenDone();
            },
          }),
        );
      };
      const drain = () => {
        while (queue.length > 0 && (inFlight === 0 || !limit())) start(queue.shift()!);
      };
      const source = update$.subscribe({
        next: (update) => {
          queue.push(update);
          drain();
        },
        error: (e: unknown) => subscriber.error(e),
        complete: () => {
          sourceDone = true;
          completeWhenDone();
        },
      });
      return () => {
        source.unsubscribe();
        sends.unsubscribe();
      };
    });
}

/** spec 001 §4: "Whether limiting applies comes from an experiment cell 'send all state updates' (limits when it is not on)". */
export const limitsStateUpdates = (sendAllStateUpdates: boolean | null | undefined): boolean => sendAllStateUpdates !== true;
