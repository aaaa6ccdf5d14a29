import { decodeEmbedApiMessage } from './message';
import { isEmbedApiOn, MAX_MESSAGE_JSON_LENGTH, messageDataAsJson } from './raw-message';

describe('spec 000 §5: parent-page messages are accepted only as objects with a type and source embed-api', () => {
  it.each<[string, unknown, ReturnType<typeof decodeEmbedApiMessage>]>([
    ['api/connect with its channelId', { type: 'api/connect', source: 'embed-api', channelId: 'c1' }, { ok: true, command: 'connect', messageType: 'api/connect', channelId: 'c1' }],
    ['api/play', { type: 'api/play', source: 'embed-api' }, { ok: true, command: 'play', messageType: 'api/play', channelId: null }],
    ['api/stop', { type: 'api/stop', source: 'embed-api' }, { ok: true, command: 'stop', messageType: 'api/stop', channelId: null }],
    ['api/next', { type: 'api/next', source: 'embed-api' }, { ok: true, command: 'next', messageType: 'api/next', channelId: null }],
    ['api/prev', { type: 'api/prev', source: 'embed-api' }, { ok: true, command: 'prev', messageType: 'api/prev', channelId: null }],
    ['api/context', { type: 'api/context', source: 'embed-api' }, { ok: true, command: 'context', messageType: 'api/context', channelId: null }],
    ['an unknown type asks for the context (spec 000 §7)', { type: 'hello', source: 'embed-api' }, { ok: true, command: 'context', messageType: 'hello', channelId: null }],
    ['a type named like an Object member is still unknown', { type: 'toString', source: 'embed-api' }, { ok: true, command: 'context', messageType: 'toString', channelId: null }],
    ['a channelId that is not a string is not kept', { type: 'api/connect', source: 'embed-api', channelId: 5 }, { ok: true, command: 'connect', messageType: 'api/connect', channelId: null }],
    ['a string', 'api/play', { ok: false, reason: 'not an object' }],
    ['a number', 42, { ok: false, reason: 'not an object' }],
    ['undefined', undefined, { ok: false, reason: 'not an object' }],
    ['an array', [], { ok: false, reason: 'not an object' }],
    ['the widget\'s own contextchange', { type: 'contextchange', source: 'embed' }, { ok: false, reason: 'source: expected "embed-api", got "embed"' }],
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

describe('raw messages are recorded as JSON (the action log holds JSON only)', () => {
  it('keeps JSON, drops what JSON cannot hold and oversized payloads', () => {
    expect(messageDataAsJson({ type: 'api/play', n: [1, 'x'] })).toEqual({ type: 'api/play', n: [1, 'x'] });
    expect(messageDataAsJson(undefined)).toBeNull();
    expect(messageDataAsJson(BigInt(1))).toBeNull();
    expect(messageDataAsJson({ type: 'x'.repeat(MAX_MESSAGE_JSON_LENGTH) })).toBeNull();
    expect(messageDataAsJson({ when: { toJSON: () => 'then' } })).toEqual({ when: 'then' });
  });
});
