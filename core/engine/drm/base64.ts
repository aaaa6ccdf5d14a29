/*
 * Base64 to text without atob or Buffer (core has neither DOM nor Node types). Byte payloads of
 * EME cross the port as base64 (core/ports.ts EmeSessionEvent); the ClearKey challenge is ASCII
 * JSON, so one character per byte (latin1) reads it exactly.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes standard or URL-safe base64, padded or not, to a string of one char per byte. */
export function base64ToLatin1(base64: string): string {
  const clean = base64.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  let bits = 0;
  let value = 0;
  let out = '';
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`invalid base64 character ${JSON.stringify(char)}`);
    value = ((value << 6) | index) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((value >> bits) & 0xff);
    }
  }
  return out;
}

/** Hex bytes (a key id of spec 001 §3, e.g. '0123…ef') as padded standard base64, as the browser's init data crosses the port. */
export function hexToBase64(hex: string): string {
  const bytes = (hex.match(/[0-9a-f]{2}/gi) ?? []).map((pair) => parseInt(pair, 16));
  let out = '';
  for (let at = 0; at < bytes.length; at += 3) {
    const [a, b, c] = [bytes[at]!, bytes[at + 1], bytes[at + 2]];
    const value = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(value >> 18) & 63]! + ALPHABET[(value >> 12) & 63]!;
    out += b === undefined ? '=' : ALPHABET[(value >> 6) & 63]!;
    out += c === undefined ? '=' : ALPHABET[value & 63]!;
  }
  return out;
}
