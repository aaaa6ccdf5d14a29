import type { OutboxItem } from './outbox';

/** spec 000 §7 Logging: the product value of every log the widget sends. */
export const EMBED_PRODUCT = 'embed_v2';

/**
 * spec 000 §7 Impression: the JSON body of POST {host}/log/analytics; `event_id` (issue 12,
 * core/model/event-id.ts) is extra to the spec's fields, so a retried impression is stored once.
 */
export interface ImpressionBody {
  readonly category: 'impression';
  readonly action: 'render';
  readonly label: 'logged-in=true' | 'logged-in=false';
  readonly product: typeof EMBED_PRODUCT;
  readonly session_id: string;
  readonly event_id: string;
}

export function impressionBody(loggedIn: boolean, sessionId: string, eventId: string): ImpressionBody {
  return {
    category: 'impression',
    action: 'render',
    label: loggedIn ? 'logged-in=true' : 'logged-in=false',
    product: EMBED_PRODUCT,
    session_id: sessionId,
    event_id: eventId,
  };
}

/** spec 000 §7: POST {host}/log/analytics with a JSON body, as an outbox item. */
export function impressionItem(apiHost: string, loggedIn: boolean, sessionId: string, eventId: string): OutboxItem {
  return {
    id: eventId,
    url: `${apiHost.replace(/\/+$/, '')}/log/analytics`,
    body: JSON.stringify(impressionBody(loggedIn, sessionId, eventId)),
  };
}
