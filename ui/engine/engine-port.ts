import { Observable, Subject, asyncScheduler, defer, from, lastValueFrom, type SchedulerLike } from 'rxjs';
import { map } from 'rxjs/operators';
import { LIST_PLAYER_NO_TRACK_PLAYER } from '../../core/contract/failures';
import type { EngineCommand, EnginePort } from '../../core/ports';
import { LAZY_SCRIPT_RETRY_DELAYS_MS, retryLazyScript } from '../../core/widget/lazy-script-retry';

/** What the engine's chunk gives back once started (ui/engine/engine-client.ts). */
export interface EngineClient {
  send(command: EngineCommand): void;
  readonly events$: Observable<unknown>;
}

/** How a failed start is tried again: the timers' scheduler and the waits (core/widget/lazy-script-retry.ts). */
export interface EngineStartRetry {
  readonly scheduler: SchedulerLike;
  readonly delaysMs: ReadonlyArray<number>;
}

/**
 * The widget's engine port: the engine is its own chunk (with its own store and action log),
 * fetched and started on the first command, which only a logged-in visitor's widget sends (spec
 * 001 §4 Client lifecycle: initialised on the first pointer entry or command). Anonymous visitors
 * never fetch it.
 *
 * A start that fails (engine.js did not load: a network blip, a deploy that swapped the files) is
 * tried again with backoff. When every attempt failed, the port tells the widget what an engine
 * that cannot start tells it: an initialization failure with "no track player" (the track player is
 * in that bundle), so the widget takes the spec 000 §4 Initialization failure path and the visitor
 * hears the preview (core/widget/platform/init-failure.epic.ts) rather than a button that does
 * nothing; the command's Observable errors too (engineCommandFailed). A later command tries again.
 */
export function createLazyEnginePort(
  start: () => Promise<EngineClient>,
  retry: EngineStartRetry = { scheduler: asyncScheduler, delaysMs: LAZY_SCRIPT_RETRY_DELAYS_MS },
): EnginePort {
  const events = new Subject<unknown>();
  let client: Promise<EngineClient> | undefined;
  const started = (): Promise<EngineClient> => {
    client ??= lastValueFrom(defer(() => start()).pipe(retryLazyScript<EngineClient>(retry.scheduler, retry.delaysMs))).then(
      (c) => {
        c.events$.subscribe(events);
        return c;
      },
      (err: unknown) => {
        client = undefined;
        const reason = err instanceof Error && err.message !== '' ? err.message : String(err);
        events.next({ kind: 'initializationFailed', code: LIST_PLAYER_NO_TRACK_PLAYER, message: `The engine could not be loaded: ${reason}` });
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
