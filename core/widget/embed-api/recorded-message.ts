import type { IncomingMessage } from '../../ports';
import type { Action } from '../../store/action';
import { embedApiMessageReceived, embedApiMessageRefused } from './actions';
import { readRawMessage } from './raw-message';

/**
 * Issue 12, at the boundary: only the embedding window is heard (a message from another frame, a
 * pop-up or an opener is refused, its data unrecorded), and only as small plain JSON
 * (raw-message.ts). A refusal is a fact like the message itself, so a replay sees the same log.
 * The browser fetches this reader with the widget's lazy chunk (ui/widget/extras.ts), with the epics
 * that obey the messages: bindEmbedApiFacts (./facts.ts) takes it from there.
 */
export function recordedMessage(message: IncomingMessage): Action {
  if (!message.fromParent) return embedApiMessageRefused({ origin: message.origin, reason: 'not from the parent window' });
  const read = readRawMessage(message.data);
  return read.ok
    ? embedApiMessageReceived({ origin: message.origin, data: read.data })
    : embedApiMessageRefused({ origin: message.origin, reason: read.reason });
}
