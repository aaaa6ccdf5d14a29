/** What a Range header asks of a file of `size` bytes (RFC 9110 §14). */
export type ByteRange =
  { readonly kind: 'full' } | { readonly kind: 'partial'; readonly start: number; readonly end: number } | { readonly kind: 'unsatisfiable' };

/**
 * One byte range: `bytes=a-b`, `bytes=a-` or the suffix `bytes=-n`. A header this server does not
 * act on (another unit, several ranges, a malformed one) is ignored, as RFC 9110 allows, and the
 * whole file is sent; a well-formed range that starts past the end is unsatisfiable (416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
