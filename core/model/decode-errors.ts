import type * as t from 'io-ts';

/**
 * A compact, readable account of io-ts errors: the dotted path of each failing field and
 * what was expected there, e.g. `resource.uri: expected string, got 42`.
 */
export function formatDecodeErrors(errors: t.Errors, limit = 5): string {
  const lines = errors.slice(0, limit).map((error) => {
    const path = error.context
      // Members of intersections and unions are addressed by index; that index is noise to a reader.
      .filter((entry, index) => entry.key !== '' && !isCombinator(error.context[index - 1]?.type))
      .map((entry) => entry.key)
      .join('.');
    const last = error.context[error.context.length - 1];
    const expected = error.message ?? `expected ${last?.type.name ?? 'a value'}`;
    return `${path === '' ? '(root)' : path}: ${expected}, got ${describe(error.value)}`;
  });
  const more = errors.length > limit ? ` (and ${errors.length - limit} more)` : '';
  return lines.join('; ') + more;
}

function isCombinator(type: t.Decoder<unknown, unknown> | undefined): boolean {
  const tag = (type as { _tag?: string } | undefined)?._tag;
  return tag === 'IntersectionType' || tag === 'UnionType' || tag === 'ExactType' || tag === 'RefinementType';
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const json = JSON.stringify(value);
  return json === undefined ? typeof value : json.length > 40 ? `${json.slice(0, 37)}...` : json;
}
