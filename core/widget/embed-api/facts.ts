import { Observable, Subscription, of } from 'rxjs';
import { switchMap, take } from 'rxjs/operators';
import type { IncomingMessage, Ports } from '../../ports';
import type { Action } from '../../store/action';
import type { Store } from '../../store/store';
import type { WidgetState } from '../state';
import { embedApiEnabled, embedApiMessageReceived, embedApiMessageRefused } from './actions';
import { isEmbedApiOn, readRawMessage } from './raw-message';

/**
 * spec 000 §2 Routes / §7: only when the page address has embed-api=1, the flag is recorded at
 * start-up and every message posted to the window enters the store raw (an adapter fact, decoded
 * by an epic), so a replay feeds the same messages back. Without the flag nothing is recorded.
 * `ready$` holds the binding back until the epics that obey the messages listen (the browser loads
 * them after the first frame): a message heard before would be logged but not obeyed, where a
 * replay, which has every epic from the start, would obey it.
 */
export function bindEmbedApiFacts(store: Store<WidgetState>, ports: Ports, ready$: Observable<unknown> = of(true)): Subscription {
  const subscription = new Subscription();
  subscription.add(
    ready$
      .pipe(
        take(1),
        switchMap(() => ports.host.location().pipe(take(1))),
      )
      .subscribe({
        next: (location) => {
          if (!isEmbedApiOn(location.search)) return;
          store.dispatch(embedApiEnabled(), 'adapter');
          subscription.add(
            ports.host.messages$.subscribe({
              next: (message) => store.dispatch(recordedMessage(message), 'adapter'),
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

/**
 * Issue 12, at the boundary: only the embedding window is heard (a message from another frame, a
 * pop-up or an opener is refused, its data unrecorded), and only as small plain JSON
 * (raw-message.ts). A refusal is a fact like the message itself, so a replay sees the same log.
 */
export function recordedMessage(message: IncomingMessage): Action {
  if (!message.fromParent) return embedApiMessageRefused({ origin: message.origin, reason: 'not from the parent window' });
  const read = readRawMessage(message.data);
  return read.ok
    ? embedApiMessageReceived({ origin: message.origin, data: read.data })
    : embedApiMessageRefused({ origin: message.origin, reason: read.reason });
}
