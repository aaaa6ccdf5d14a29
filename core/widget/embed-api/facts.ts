import { Subscription } from 'rxjs';
import { take } from 'rxjs/operators';
import type { Ports } from '../../ports';
import type { Store } from '../../store/store';
import type { WidgetState } from '../state';
import { embedApiEnabled, embedApiMessageReceived } from './actions';
import { isEmbedApiOn, messageDataAsJson } from './message';

/**
 * spec 000 §2 Routes / §7: only when the page address has embed-api=1, the flag is recorded at
 * start-up and every message posted to the window enters the store raw (an adapter fact, decoded
 * by an epic), so a replay feeds the same messages back. Without the flag nothing is recorded.
 */
export function bindEmbedApiFacts(store: Store<WidgetState>, ports: Ports): Subscription {
  const subscription = new Subscription();
  subscription.add(
    ports.host
      .location()
      .pipe(take(1))
      .subscribe({
        next: (location) => {
          if (!isEmbedApiOn(location.search)) return;
          store.dispatch(embedApiEnabled(), 'adapter');
          subscription.add(
            ports.host.messages$.subscribe({
              next: (message) =>
                store.dispatch(embedApiMessageReceived({ origin: message.origin, data: messageDataAsJson(message.data) }), 'adapter'),
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
