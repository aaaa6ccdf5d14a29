import * as t from 'io-ts';
import { WithEventId } from './event-id';

/** spec 000 §9 / spec 001 §9: a serialized error report is at most 102400 bytes. */
export const ERROR_REPORT_MAX_BYTES = 102400;

/** Where the error was seen: an epic that failed, the media element, or the page (window events). */
export const ErrorSource = t.keyof({ epic: null, media: null, window: null }, 'ErrorSource');

export const Breadcrumb = t.type({ t: t.number, type: t.string }, 'Breadcrumb');
export type Breadcrumb = t.TypeOf<typeof Breadcrumb>;

/**
 * spec 000 §7 error-reporting service: the JSON body of POST {api host}/log/errors, with the
 * release (tied to the build date) and the user id from a cookie. The widget builds it; the
 * provider decodes it with this same codec.
 */
export const ErrorReport = t.intersection(
  [
    t.type({
      product: t.literal('embed_v2'),
      session_id: t.string,
      release: t.string,
      user_id: t.union([t.string, t.null]),
      source: ErrorSource,
      message: t.string,
      stack: t.array(t.string),
      breadcrumbs: t.array(Breadcrumb),
      timestamp: t.number,
    }),
    // Issue 12: the report's id (core/model/event-id.ts), so a retried report is stored once.
    WithEventId,
  ],
  'ErrorReport',
);
export type ErrorReport = t.TypeOf<typeof ErrorReport>;

/** UTF-8 length of a string (core has no TextEncoder): what the cap of 102400 bytes counts. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one 4-byte character.
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}
