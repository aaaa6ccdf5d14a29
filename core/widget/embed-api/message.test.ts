import { decodeEmbedApiMessage } from './message';
import { isEmbedApiOn } from './flag';
import { MAX_MESSAGE_BYTES, MAX_MESSAGE_DEPTH, readRawMessage } from './raw-message';

describe('spec 000 §5: parent-page messages are accepted only as objects with a type and source embed-api', () => {
  it.each<[string, unknown, ReturnType<typeof decodeEmbedApiMessage>]>([
    [
      'api/connect with its channelId',
      { type: 'api/connect', source: 'embed-api', channelId: 'c1' },
      { ok: true, command: 'connect', messageType: 'api/connect', channelId: 'c1' },
    ],
    ['api/play', { type: 'api/play', source: 'embed-api' }, { ok: true, command: 'play', messageType: 'api/play', channelId: null }],
    ['api/stop', { type: 'api/stop', source: 'embed-api' }, { ok: true, command: 'stop', messageType: 'api/stop', channelId: null }],
    ['api/next', { type: 'api/next', source: 'embed-api' }, { ok: true, command: 'next', messageType: 'api/next', channelId: null }],
    ['api/prev', { type: 'api/prev', source: 'embed-api' }, { ok: true, command: 'prev', messageType: 'api/prev', channelId: null }],
    ['api/context', { type: 'api/context', source: 'embed-api' }, { ok: true, command: 'context', messageType: 'api/context', channelId: null }],
    [
      'an unknown type asks for the context (spec 000 §7)',
      { type: 'hello', source: 'embed-api' },
      { ok: true, command: 'context', messageType: 'hello', channelId: null },
    ],
    [
      'a type named like an Object member is still unknown',
      { type: 'toString', source: 'embed-api' },
      { ok: true, command: 'context', messageType: 'toString', channelId: null },
    ],
    [
      'a channelId that is not a string is not kept',
      { type: 'api/connect', source: 'embed-api', channelId: 5 },
      { ok: true, command: 'connect', messageType: 'api/connect', channelId: null },
    ],
    ['a string', 'api/play', { ok: false, reason: 'not an object' }],
    ['a number', 42, { ok: false, reason: 'not an object' }],
    ['undefined', undefined, { ok: false, reason: 'not an object' }],
    ['an array', [], { ok: false, reason: 'not an object' }],
    ["the widget's own contextchange", { type: 'contextchange', source: 'embed' }, { ok: false, reason: 'source: expected "embed-api", got "embed"' }],
  ])('%s', (_what, data, expected) => {
    expect(decodeEmbedApiMessage(data)).toEqual(expected);
  });
});

describe('spec 000 §2 Routes: the query flag embed-api=1', () => {
  it.each([
    ['?embed-api=1', true],
    ['?debug=1&embed-api=1', true],
    ['embed-api=1', true],
    ['?embed%2Dapi=1', true],
    ['', false],
    ['?embed-api=0', false],
    ['?embed-api', false],
    ['?embed-api=true', false],
    ['?xembed-api=1', false],
    ['?embed-api=%E0%A4%A', false],
  ])('%s is %s', (search, on) => {
    expect(isEmbedApiOn(search)).toBe(on);
  });
});

describe('issue 12: raw messages are recorded as small plain JSON, or refused at the boundary with a reason', () => {
  const refused = (data: unknown) => {
    const read = readRawMessage(data);
    if (read.ok) throw new Error(`accepted ${JSON.stringify(read.data)}`);
    return read.reason;
  };

  it('keeps plain JSON as it is, and makes of undefined and non-finite numbers what JSON makes', () => {
    expect(readRawMessage({ type: 'api/play', n: [1, 'x', true, null] })).toEqual({ ok: true, data: { type: 'api/play', n: [1, 'x', true, null] } });
    expect(readRawMessage({ a: undefined, b: [undefined], c: Number.NaN })).toEqual({ ok: true, data: { b: [null], c: null } });
    expect(readRawMessage(undefined)).toEqual({ ok: true, data: null });
    expect(readRawMessage('api/play')).toEqual({ ok: true, data: 'api/play' });
    expect(readRawMessage(Object.assign(Object.create(null) as object, { type: 'x' }))).toEqual({ ok: true, data: { type: 'x' } });
  });

  it('refuses megabytes of text without reading them, naming the size', () => {
    expect(refused({ type: 'api/play', text: 'x'.repeat(5 * 1024 * 1024) })).toBe(
      `larger than ${MAX_MESSAGE_BYTES} bytes as JSON (the message.text is a string of 5242880 characters)`,
    );
    expect(refused('x'.repeat(MAX_MESSAGE_BYTES))).toBe(
      `larger than ${MAX_MESSAGE_BYTES} bytes as JSON (the message is a string of ${MAX_MESSAGE_BYTES} characters)`,
    );
    expect(refused({ ['k'.repeat(10_000)]: 1 })).toMatch(/has a key of 10000 characters/);
  });

  it('counts bytes as UTF-8 JSON: many small parts, multi-byte text and escapes add up', () => {
    expect(refused(new Array(100_000).fill(0))).toMatch(/^larger than 4096 bytes as JSON \(the message has 100000 items\)$/);
    // 1400 three-byte characters: 1400 UTF-16 units, 4200 bytes.
    expect(refused({ t: '€'.repeat(1400) })).toMatch(/^larger than 4096 bytes/);
    expect(readRawMessage({ t: '€'.repeat(1300) }).ok).toBe(true);
    expect(refused({ t: '\u0001'.repeat(700) })).toMatch(/^larger than 4096 bytes/);
    const wide: Record<string, number> = {};
    for (let i = 0; i < 10_000; i += 1) wide[`k${i}`] = i;
    expect(refused(wide)).toMatch(/^larger than 4096 bytes/);
  });

  it('what it accepts is never more than the limit as UTF-8 JSON', () => {
    for (const data of [{ t: 'a'.repeat(4000) }, { t: 'é'.repeat(2000) }, new Array(1300).fill(1), { t: '"'.repeat(2000) }]) {
      const read = readRawMessage(data);
      if (read.ok) expect(Buffer.byteLength(JSON.stringify(read.data))).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    }
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses a key named %s, at any depth', (key) => {
    const data = JSON.parse(`{"type":"api/play","source":"embed-api","x":{"${key}":{"polluted":true}}}`) as unknown;
    expect(refused(data)).toBe(`the message.x has a key named ${key}`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses deep nesting without recursing through it, and cycles', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i += 1) deep = { d: deep };
    expect(refused(deep)).toBe(`nested deeper than ${MAX_MESSAGE_DEPTH} levels (at the message${'.d'.repeat(MAX_MESSAGE_DEPTH)})`);
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(refused(cyclic)).toBe('the message[0] is a cycle');
  });

  it.each<[string, unknown, RegExp]>([
    ['a Date', { when: new Date(0) }, /the message\.when is a Date, not a plain object/],
    ['a Map', new Map([[1, 2]]), /the message is a Map, not a plain object/],
    ['a typed array', { b: new Uint8Array(4) }, /Uint8Array, not a plain object/],
    ['a bigint', { n: BigInt(1) }, /the message\.n is a bigint, not JSON/],
    ['a class instance', { e: new Error('x') }, /Error, not a plain object/],
  ])('refuses %s (values that are not plain JSON)', (_what, data, reason) => {
    expect(refused(data)).toMatch(reason);
  });
});
