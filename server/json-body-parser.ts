import type { FastifyInstance } from 'fastify';

/**
 * How deep a JSON body may nest. The bodies this provider reads nest a few levels; 64 leaves
 * room while every later step (io-ts, JSON.stringify for
 * storage, the decode-error formatter) stays far from the stack's limit (issue 12: deeply nested
 * JSON gets a readable 400, never a 500).
 */
export const JSON_MAX_DEPTH = 64;

export const tooDeepMessage = (max = JSON_MAX_DEPTH): string => `The JSON body is nested deeper than ${max} levels.`;

/** Whether JSON text opens more than `max` arrays or objects inside each other; one pass, no recursion, strings skipped. */
export function jsonNestsDeeperThan(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

/** JSON text parsed, or the reason it cannot be (not JSON, or nested too deep). */
export function parseJsonText(text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string } {
  if (jsonNestsDeeperThan(text)) return { ok: false, reason: tooDeepMessage() };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: 'The body is not valid JSON.' };
  }
}

/**
 * Replaces fastify's application/json parser with the same one (its prototype-poisoning checks
 * included) behind a nesting limit: a body past JSON_MAX_DEPTH is a 400 before any route sees it.
 * Call on the root instance before any route or plugin is registered, so every scope inherits it.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text)) {
      const error = Object.assign(new Error(tooDeepMessage()), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
      return done(error, undefined);
    }
    return parse(request, text, done);
  });
}
