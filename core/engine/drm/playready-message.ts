import * as E from 'fp-ts/Either';
import { base64ToLatin1 } from './base64';
import { headerMismatch, type DrmError } from './eme-errors';

/** What a PlayReady key message asks to be sent: the licence server's headers and the SOAP challenge (text). */
export interface PlayReadyRequest {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The key message is UTF-16LE XML (PlayReady's EME message); anything else is read one char per byte. */
function utf16le(bytes: string): string {
  if (bytes.length < 2 || bytes.charCodeAt(1) !== 0) return bytes;
  let out = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) out += String.fromCharCode(bytes.charCodeAt(i) | (bytes.charCodeAt(i + 1) << 8));
  return out;
}

const all = (xml: string, tag: string): string[] =>
  [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => (m[1] ?? '').trim());

/**
 * A PlayReady key message (base64) as the licence request it asks for: its HttpHeaders' name and
 * value pairs and its Challenge (base64 in the message, sent decoded). spec 001 §8 EME "header
 * name/value mismatch": a message whose header names and values do not pair up is refused, with
 * nothing sent. A message that is not the XML wrapper is the challenge itself.
 */
export function readPlayReadyMessage(messageBase64: string): E.Either<DrmError, PlayReadyRequest> {
  const xml = utf16le(base64ToLatin1(messageBase64));
  if (!xml.includes('<PlayReadyKeyMessage')) return E.right({ headers: {}, body: xml });
  const block = all(xml, 'HttpHeaders')[0] ?? '';
  const names = all(block, 'name');
  const values = all(block, 'value');
  if (names.length !== values.length) return E.left(headerMismatch());
  const headers = Object.fromEntries(names.map((name, i) => [name, values[i] ?? '']));
  const challenge = all(xml, 'Challenge')[0] ?? '';
  return E.right({ headers, body: base64ToLatin1(challenge) });
}
