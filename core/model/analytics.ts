import * as t from 'io-ts';
import { EventId } from './event-id';

/**
 * The analytics log payload (spec 001 §3 "analytics": category, action, label, context, product,
 * session_id, username, type, page, entity_uri, timestamp), as POSTed to {host}/log/analytics
 * (spec 000 §7). The widget builds it; the provider decodes it with this same codec.
 */
export const AnalyticsEvent = t.intersection(
  [
    t.type({
      category: t.string,
      action: t.string,
      label: t.string,
      // spec 000 §7: product has the value embed_v2.
      product: t.literal('embed_v2'),
      session_id: t.string,
    }),
    t.partial({
      context: t.string,
      username: t.string,
      type: t.string,
      page: t.string,
      entity_uri: t.string,
      timestamp: t.number,
      // Issue 12: the event's id (core/model/event-id.ts), extra to the spec's fields.
      event_id: EventId,
    }),
  ],
  'AnalyticsEvent',
);
export type AnalyticsEvent = t.TypeOf<typeof AnalyticsEvent>;
