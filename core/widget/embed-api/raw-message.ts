// What enters the store raw, before any decoding (core/widget/embed-api/facts.ts): apart from
// message.ts so that the first chunk holds no message decoder (the epics that decode come in the
// widget's lazy chunk).

/** The largest message (as JSON text) recorded whole; a bigger one is recorded as null, which is ignored. */
export const MAX_MESSAGE_JSON_LENGTH = 16384;

/**
 * A posted message as plain JSON for the action log (structured clones may hold values JSON
 * cannot: those, cycles and oversized payloads become null, which the decoder drops).
 */
export function messageDataAsJson(data: unknown): unknown {
  try {
    const text = JSON.stringify(data);
    return text === undefined || text.length > MAX_MESSAGE_JSON_LENGTH ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** spec 000 §2 Routes: the optional query flag embed-api=1 turns the interface on. */
export function isEmbedApiOn(search: string): boolean {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query.split('&').some((pair) => {
    const at = pair.indexOf('=');
    if (at === -1) return false;
    return decodePart(pair.slice(0, at)) === 'embed-api' && decodePart(pair.slice(at + 1)) === '1';
  });
}

function decodePart(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
