// Apart from raw-message.ts: the first chunk reads the flag, the lazy chunk reads the messages (facts.ts).

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
