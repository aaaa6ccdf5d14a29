import { Observable, Subscription } from 'rxjs';
import { map, switchMap, take } from 'rxjs/operators';
import type { IncomingMessage, Ports } from '../../ports';
import type { Action } from '../../store/action';
import type { Store } from '../../store/store';
import type { WidgetState } from '../state';
import { embedApiEnabled } from './actions';
import { isEmbedApiOn } from './flag';

/** What a posted message is recorded as: ./recorded-message.ts recordedMessage. */
export type MessageReader = (message: IncomingMessage) => Action;

/**
 * spec 000 §2 Routes / §7: only when the page address has embed-api=1, the flag is recorded at
 * start-up and every message posted to the window enters the store raw (an adapter fact, decoded
 * by an epic), so a replay feeds the same messages back. Without the flag nothing is recorded.
 * `reader$` emits the message reader (recorded-message.ts) once the epics that obey the messages
 * listen, and holds the binding back until then (the browser loads them after the first frame, in the
 * lazy chunk the reader comes in, so the first chunk holds no message reading: the initial-JS budget):
 * a message heard before would be logged but not obeyed, where a replay, which has every epic from
 * the start, would obey it.
 */
export function bindEmbedApiFacts(store: Store<WidgetState>, ports: Ports, reader$: Observable<MessageReader>): Subscription {
  const subscription = new Subscription();
  subscription.add(
    reader$
      .pipe(
        take(1),
        switchMap((read) =>
          ports.host.location().pipe(
            take(1),
            map((location) => ({ read, location })),
          ),
        ),
      )
      .subscribe({
        next: ({ read, location }) => {
          if (!isEmbedApiOn(location.search)) return;
          store.dispatch(embedApiEnabled(), 'adapter');
          subscription.add(
            ports.host.messages$.subscribe({
              next: (message) => store.dispatch(read(message), 'adapter'),
              // A window that cannot report messages has no parent page to obey.
              error: () => undefined,
            }),
          );
        },
        // An unreadable address: the interface stays off, as without the flag.
        error: () => undefined,
      }),
  );
  return subscription;
}
