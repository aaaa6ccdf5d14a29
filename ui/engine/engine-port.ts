import { Observable, Subject, defer, from } from 'rxjs';
import { map } from 'rxjs/operators';
import type { EngineCommand, EnginePort } from '../../core/ports';

/** What the engine's chunk gives back once started (ui/engine/engine-client.ts). */
export interface EngineClient {
  send(command: EngineCommand): void;
  readonly events$: Observable<unknown>;
}

/**
 * The widget's engine port: the engine is its own chunk (with its own store and action log),
 * fetched and started on the first command, which only a logged-in visitor's widget sends (spec
 * 001 §4 Client lifecycle: initialised on the first pointer entry or command). Anonymous visitors
 * never fetch it.
 */
export function createLazyEnginePort(start: () => Promise<EngineClient>): EnginePort {
  const events = new Subject<unknown>();
  let client: Promise<EngineClient> | undefined;
  const started = (): Promise<EngineClient> => {
    client ??= start().then(
      (c) => {
        c.events$.subscribe(events);
        return c;
      },
      (err: unknown) => {
        // A chunk that failed to load (a network blip) is fetched again on the next command.
        client = undefined;
        throw err;
      },
    );
    return client;
  };
  return {
    send: (command) =>
      defer(() => from(started())).pipe(
        map((c) => {
          c.send(command);
        }),
      ),
    events$: events.asObservable(),
  };
}
