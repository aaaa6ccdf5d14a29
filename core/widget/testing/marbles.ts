import { TestScheduler } from 'rxjs/testing';
import { filter, map, type Observable } from 'rxjs';
import type { Action } from '../../store/action';
import type { Envelope } from '../../store/store';

/** A TestScheduler that compares with deep equality; its run() gives virtual time to every scheduler. */
export function testScheduler(assertEqual: (actual: unknown, expected: unknown) => void): TestScheduler {
  return new TestScheduler(assertEqual);
}

/** The actions the epics emitted whose type starts with one of the prefixes (e.g. 'preview/'). */
export function epicActions(envelopes$: Observable<Envelope>, ...prefixes: string[]): Observable<Action> {
  return envelopes$.pipe(
    filter((e) => e.src === 'epic' && (prefixes.length === 0 || prefixes.some((p) => e.action.type.startsWith(p)))),
    map((e) => e.action),
  );
}
