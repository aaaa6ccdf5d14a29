import * as t from 'io-ts';
import { defineAction } from '../../store/action';
import { EmbedContext } from './context';

/*
 * The parent-page message interface (spec 000 §7, active only when embed-api=1), as actions:
 * the page's flag and every raw message are adapter facts (so a replay feeds them back), the
 * decoded command and the context to send are epic decisions.
 */

/** Start-up fact: the page address carries embed-api=1 (spec 000 §2 Routes). Recorded only when on. */
export const embedApiEnabled = defineAction('embedApi/enabled');

/** A raw message posted to the widget's window, its data made JSON (undecoded: the epic decodes it). */
export const embedApiMessageReceived = defineAction('embedApi/messageReceived', { origin: t.string, data: t.unknown });

/**
 * Issue 12: a posted message refused where it is read (raw-message.ts, facts.ts), recorded without
 * its data: it came from a window other than the embedding page (another frame, a pop-up, an
 * opener), or it is oversized or odd (`__proto__` keys, deep nesting, values JSON cannot hold).
 * The reason says which, with the size or the place. Nothing obeys it.
 */
export const embedApiMessageRefused = defineAction('embedApi/messageRefused', { origin: t.string, reason: t.string });

/** spec 000 §5: a message that is not an object with a type and source embed-api is dropped; this says why. */
export const embedApiMessageIgnored = defineAction('embedApi/messageIgnored', { reason: t.string });

export const EmbedApiCommand = t.keyof({ connect: null, play: null, stop: null, next: null, prev: null, context: null }, 'EmbedApiCommand');
export type EmbedApiCommand = t.TypeOf<typeof EmbedApiCommand>;

/**
 * An accepted message (spec 000 §7 table): `command` is what it does (an unknown type is a
 * context request), `messageType` the type the page sent, `channelId` the one it carried.
 */
export const embedApiCommandReceived = defineAction('embedApi/commandReceived', {
  command: EmbedApiCommand,
  messageType: t.string,
  channelId: t.union([t.string, t.null]),
});

/** spec 000 §7: the context to post to the parent (type contextchange, source embed, to any origin). */
export const embedApiContextChangeDecided = defineAction('embedApi/contextChangeDecided', {
  channelId: t.union([t.string, t.null]),
  context: EmbedContext,
});

/** Posting to the parent failed (a closed or cross-process parent); nothing else changes. */
export const embedApiPostFailed = defineAction('embedApi/postFailed', { message: t.string });
