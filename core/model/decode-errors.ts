import type * as t from 'io-ts';

/** How much of a bad value a message quotes, and how deep it looks into it. */
const VALUE_CHARS = 40;
const VALUE_DEPTH = 3;
/** A path longer than this shows its first and last few keys. */
const PATH_KEYS = 8;
const EXPECTED_CHARS = 100;

/**
 * A compact, readable account of io-ts errors: the dotted path of each failing field and
 * what was expected there, e.g. `resource.uri: expected string, got 42`. Its cost is bounded
 * whatever the value (100000-deep arrays, megabytes of text): it never serialises the whole value
 * and never recurses deeper than VALUE_DEPTH (issue 12: pathological JSON gets a readable 400).
 */
export function formatDecodeErrors(errors: t.Errors, limit = 5): string {
  const lines = errors.slice(0, limit).map((error) => {
    const keys = error.context
      // Members of intersections and unions are addressed by index; that index is noise to a reader.
      .filter((entry, index) => entry.key !== '' && !isCombinator(error.context[index - 1]?.type))
      .map((entry) => entry.key);
    const path = keys.length > PATH_KEYS ? [...keys.slice(0, PATH_KEYS / 2), '…', ...keys.slice(-PATH_KEYS / 2)].join('.') : keys.join('.');
    const last = error.context[error.context.length - 1];
    // A nested codec's name spells out its whole shape; a reader needs its start.
    const named = error.message ?? `expected ${last?.type.name ?? 'a value'}`;
    const expected = named.length > EXPECTED_CHARS ? `${named.slice(0, EXPECTED_CHARS - 3)}...` : named;
    return `${path === '' ? '(root)' : path}: ${expected}, got ${describe(error.value)}`;
  });
  const more = errors.length > limit ? ` (and ${errors.length - limit} more)` : '';
  return lines.join('; ') + more;
}

function isCombinator(type: t.Decoder<unknown, unknown> | undefined): boolean {
  const tag = (type as { _tag?: string } | undefined)?._tag;
  return tag === 'IntersectionType' || tag === 'UnionType' || tag === 'ExactType' || tag === 'RefinementType';
}

/** A short JSON-like quote of a value, at most VALUE_CHARS characters. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = preview(value, VALUE_DEPTH, VALUE_CHARS + 1);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 3)}...` : text;
}

/** JSON of the value's first `depth` levels, stopping once `budget` characters are written. */
function preview(value: unknown, depth: number, budget: number): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > budget ? value.slice(0, budget) : value);
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      break;
    default:
      return typeof value;
  }
  const isArray = Array.isArray(value);
  if (depth === 0) return isArray ? '[…]' : '{…}';
  let text = isArray ? '[' : '{';
  // Items one at a time, stopping at the budget: a huge array costs no more than the quote it yields.
  const keys = isArray ? null : Object.keys(value);
  const count = isArray ? (value as unknown[]).length : keys!.length;
  for (let index = 0; index < count && text.length < budget; index++) {
    if (index > 0) text += ',';
    const key = isArray ? index : keys![index]!;
    if (!isArray) text += `${JSON.stringify(String(key).slice(0, budget))}:`;
    text += preview((value as Record<string | number, unknown>)[key], depth - 1, budget - text.length);
  }
  return text + (isArray ? ']' : '}');
}
