import * as E from 'fp-ts/Either';
import { CLIENT_LOGOUT_URI } from './constants';
import { connectionIdMessage, connectionIdOf, decodeFrame, isClientLogout, PING_TEXT, replyFrame } from './dealer-frame';

const decoded = (text: string) => decodeFrame(text);

describe('dealer frames (spec 001 §7 Realtime socket: message, request, reply, ping, pong)', () => {
  it.each([
    ['{"type":"ping"}', { type: 'ping' }],
    ['{"type":"pong"}', { type: 'pong' }],
    ['{"type":"message","uri":"hm://x","payloads":[{"a":1}]}', { type: 'message', uri: 'hm://x', payloads: [{ a: 1 }] }],
    ['{"type":"request","key":"k1","message_ident":"hm://c","message":{"x":1}}', { type: 'request', key: 'k1', message_ident: 'hm://c', message: { x: 1 } }],
    ['{"type":"reply","key":"k1","payload":{"success":true}}', { type: 'reply', key: 'k1', payload: { success: true } }],
  ])('decodes %s', (text, frame) => {
    expect(decoded(text)).toEqual(E.right(frame));
  });

  it.each([
    ['not json', 'Dealer frame is not JSON.'],
    ['[]', 'Dealer frame has an unknown type: undefined.'],
    ['{"type":"hello"}', 'Dealer frame has an unknown type: "hello".'],
    ['{"type":"constructor"}', 'Dealer frame has an unknown type: "constructor".'],
  ])('refuses %s with a sentence', (text, message) => {
    expect(decoded(text)).toEqual(E.left(message));
  });

  it('names the field of an invalid frame', () => {
    const result = decoded('{"type":"message"}');
    expect(E.isLeft(result) && result.left).toMatch(/^Dealer frame is invalid: .*uri/);
  });

  it('reads the connection id from the first message (Spotify-Connection-Id header, any case)', () => {
    const first = connectionIdMessage('abc:1');
    expect(first).toEqual({
      type: 'message',
      method: 'PUT',
      uri: 'hm://pusher/v1/connections/abc%3A1',
      headers: { 'Spotify-Connection-Id': 'abc:1' },
    });
    expect(connectionIdOf(first)).toBe('abc:1');
    expect(connectionIdOf({ type: 'message', uri: 'u', headers: { 'spotify-connection-id': 'z' } })).toBe('z');
    expect(connectionIdOf({ type: 'message', uri: 'u' })).toBeNull();
    expect(connectionIdOf({ type: 'ping' })).toBeNull();
  });

  it('knows the client logout message (spec 001 §4 logged out)', () => {
    expect(isClientLogout({ type: 'message', uri: CLIENT_LOGOUT_URI })).toBe(true);
    expect(isClientLogout({ type: 'message', uri: 'hm://other' })).toBe(false);
  });

  it('encodes ping and replies', () => {
    expect(JSON.parse(PING_TEXT)).toEqual({ type: 'ping' });
    expect(replyFrame('k', false)).toEqual({ type: 'reply', key: 'k', payload: { success: false } });
  });
});
