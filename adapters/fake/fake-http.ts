import { Observable, type SchedulerLike } from 'rxjs';
import type { HttpPort, HttpRequest, HttpResponse } from '../../core/ports';

/** Answers a request with a response (any status) or an Error (no response: a network failure). */
export type HttpResponder = (request: HttpRequest) => HttpResponse | Error;

/** By default every request succeeds with 204 No Content, like a logging endpoint. */
export const noContent: HttpResponder = () => ({ status: 204, headers: {}, body: '' });

/**
 * An HttpPort on a scheduler: each subscription records the request and answers after
 * `latencyMs` of scheduler time (0 by default: still asynchronous, as a real request is).
 * Unsubscribing before the answer cancels it.
 */
export function createFakeHttp(scheduler: SchedulerLike, calls: HttpRequest[], responder: HttpResponder = noContent, latencyMs = 0): HttpPort {
  return {
    request: (request) =>
      new Observable<HttpResponse>((subscriber) => {
        calls.push(request);
        const answer = scheduler.schedule(() => {
          const response = responder(request);
          if (response instanceof Error) {
            subscriber.error(response);
          } else {
            subscriber.next(response);
            subscriber.complete();
          }
        }, latencyMs);
        return () => answer.unsubscribe();
      }),
  };
}
