import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import { describe as quote, formatDecodeErrors } from './decode-errors';

const errorsOf = (codec: t.Decoder<unknown, unknown>, value: unknown): t.Errors => {
  const decoded = codec.decode(value);
  if (!isLeft(decoded)) throw new Error('expected a decode failure');
  return decoded.left;
};

/** A value nested `depth` levels deep, built without recursion. */
function nested(depth: number, kind: 'array' | 'object', key = 'a'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { [key]: value };
  return value;
}

describe('formatDecodeErrors', () => {
  it('names the path, what was expected and what came', () => {
    const codec = t.type({ resource: t.type({ uri: t.string }) });
    expect(formatDecodeErrors(errorsOf(codec, { resource: { uri: 42 } }))).toBe('resource.uri: expected string, got 42');
  });

  // Issue 12: deeply nested or pathological JSON gets a readable 400, so the formatter's cost is bounded.
  it.each([
    ['a 100000-deep array', nested(100_000, 'array')],
    ['a 100000-deep object', nested(100_000, 'object')],
  ])('quotes %s without exhausting the stack, in a few dozen characters', (_name, value) => {
    const message = formatDecodeErrors(errorsOf(t.string, value));
    expect(message.length).toBeLessThan(80);
    expect(message).toMatch(/^\(root\): expected string, got [[{]/);
    expect(formatDecodeErrors(errorsOf(t.type({ name: t.string }), { name: value }))).toMatch(/^name: expected string, got [[{]/);
  });

  it('quotes megabytes of text, a million items and a million keys in at most 40 characters', () => {
    const keys: Record<string, number> = {};
    for (let i = 0; i < 1_000_000; i++) keys[`k${i}`] = i;
    for (const value of ['x'.repeat(5_000_000), new Array(1_000_000).fill('item'), keys]) {
      expect(quote(value).length).toBeLessThanOrEqual(40);
    }
    expect(quote({ __proto__: 1, a: [1, { b: 'c' }] })).toBe('{"a":[1,{"b":"c"}]}');
    expect(quote(JSON.parse('{"__proto__":{"x":1}}'))).toBe('{"__proto__":{"x":1}}');
  });

  it('shortens a very long path to its first and last keys', () => {
    let codec: t.Mixed = t.string;
    for (let i = 0; i < 20; i++) codec = t.type({ k: codec });
    const message = formatDecodeErrors(errorsOf(codec, nested(20, 'object', 'k')));
    expect(message).toBe('k.k.k.k.….k.k.k.k: expected string, got 1');
  });
});
