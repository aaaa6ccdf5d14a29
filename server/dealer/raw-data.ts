import type { RawData } from 'ws';

/**
 * A websocket message's text. Under ws's default binaryType ('nodebuffer') a message is one Buffer; the other
 * shapes RawData allows (a Buffer[] of fragments, an ArrayBuffer) come with the other binaryTypes and are decoded
 * the same way, so that none of them is read as "[object ArrayBuffer]".
 */
export function rawDataText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
