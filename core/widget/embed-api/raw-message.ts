// What enters the store raw, before any decoding (core/widget/embed-api/recorded-message.ts): apart
// from message.ts, whose decoders the epics use. Like them, it is in the widget's lazy chunk; the
// first chunk has only the flag (./flag.ts).
//
// Issue 12 "A hostile parent page cannot make the widget lose its own log": this is the boundary
// where a posted message becomes an action. Whatever the page posts, what is recorded is small
// plain JSON, or a refusal that says why; a refused message never enters the action log, so it
// cannot swell the logging channel's batch past the server's body limit and lose the real entries.

/**
 * The largest message recorded, in UTF-8 bytes of its JSON. The parent-page messages of spec 000
 * §7 are a type, a source and a channelId (well under 1 KiB); a batch of the logging channel holds
 * at most 50 actions (core/logging/action-logging.ts), so even a batch of nothing but the largest
 * messages stays near 200 KiB, far below the server's 1 MiB body limit.
 */
export const MAX_MESSAGE_BYTES = 4096;

/** Deeper than this is refused: the spec's messages are flat, and a walk must not recurse without bound. */
export const MAX_MESSAGE_DEPTH = 8;

/** Keys that mean something to an object's prototype chain: a message naming one is refused (never merged anywhere). */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export type RawMessageReading = { readonly ok: true; readonly data: unknown } | { readonly ok: false; readonly reason: string };

/** An Error, so that what is thrown carries a stack like any other throw; caught below and turned into a reading. */
class Refusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** UTF-8 bytes of a string's JSON text without its quotes (escapes counted as JSON.stringify writes them). */
function jsonBytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x5c || c === 0x08 || c === 0x0c || c === 0x0a || c === 0x0d || c === 0x09) bytes += 2;
    else if (c < 0x20) bytes += 6;
    else if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    // A surrogate pair is 4 bytes: 2 for each half.
    else if (c >= 0xd800 && c <= 0xdfff) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

const kindOf = (value: object): string => Object.prototype.toString.call(value).slice(8, -1);

/**
 * A posted message (a structured clone) as plain JSON for the action log, or a refusal: over
 * MAX_MESSAGE_BYTES, nested deeper than MAX_MESSAGE_DEPTH, a key like `__proto__`, or a value that
 * is not plain JSON (a Date, Map, Blob, typed array, bigint...). The walk stops at the first
 * refusal and never reads more than the budget allows, so megabytes cost no more than a look at
 * their length. What JSON drops anyway (undefined) becomes what JSON.stringify makes of it.
 */
export function readRawMessage(data: unknown): RawMessageReading {
  let bytes = 0;
  const ancestors: object[] = [];
  const spend = (n: number, what: () => string): void => {
    bytes += n;
    if (bytes > MAX_MESSAGE_BYTES) throw new Refusal(`larger than ${MAX_MESSAGE_BYTES} bytes as JSON (${what()})`);
  };
  const copy = (value: unknown, depth: number, path: string): unknown => {
    switch (typeof value) {
      case 'string':
        // A string is at least as many bytes as characters: a long one is refused before it is read.
        spend(value.length > MAX_MESSAGE_BYTES ? value.length : jsonBytes(value) + 2, () => `${path} is a string of ${value.length} characters`);
        return value;
      case 'number':
        spend(Number.isFinite(value) ? String(value).length : 4, () => `at ${path}`);
        return Number.isFinite(value) ? value : null;
      case 'boolean':
        spend(5, () => `at ${path}`);
        return value;
      case 'undefined':
        spend(4, () => `at ${path}`);
        return undefined;
      case 'object':
        break;
      default:
        throw new Refusal(`${path} is a ${typeof value}, not JSON`);
    }
    if (value === null) {
      spend(4, () => `at ${path}`);
      return null;
    }
    if (ancestors.includes(value)) throw new Refusal(`${path} is a cycle`);
    if (depth >= MAX_MESSAGE_DEPTH) throw new Refusal(`nested deeper than ${MAX_MESSAGE_DEPTH} levels (at ${path})`);
    ancestors.push(value);
    try {
      return copyObject(value, depth, path);
    } finally {
      ancestors.pop();
    }
  };
  const copyObject = (value: object, depth: number, path: string): unknown => {
    if (Array.isArray(value)) {
      const items: unknown[] = [];
      spend(2, () => `at ${path}`);
      for (let i = 0; i < value.length; i += 1) {
        spend(1, () => `${path} has ${value.length} items`);
        const item = copy(value[i], depth + 1, `${path}[${i}]`);
        items.push(item === undefined ? null : item);
      }
      return items;
    }
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) throw new Refusal(`${path} is a ${kindOf(value)}, not a plain object`);
    const out: Record<string, unknown> = {};
    spend(2, () => `at ${path}`);
    // for...in stops early on a huge object, where Object.keys would list every key first.
    for (const key in value) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
      if (PROTOTYPE_KEYS.has(key)) throw new Refusal(`${path} has a key named ${key}`);
      spend(jsonBytes(key.length > MAX_MESSAGE_BYTES ? key.slice(0, MAX_MESSAGE_BYTES + 1) : key) + 4, () => `${path} has a key of ${key.length} characters`);
      const item = copy((value as Record<string, unknown>)[key], depth + 1, `${path}.${key.length > 40 ? `${key.slice(0, 40)}…` : key}`);
      if (item !== undefined) out[key] = item;
    }
    return out;
  };
  try {
    const result = copy(data, 0, 'the message');
    return { ok: true, data: result === undefined ? null : result };
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, reason: err.reason };
    // A structured clone cannot throw on a read; anything else is refused, not recorded.
    return { ok: false, reason: err instanceof Error ? `unreadable (${err.name})` : 'unreadable' };
  }
}
