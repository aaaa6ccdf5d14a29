import { readFileSync } from 'node:fs';
import { createDecipheriv, randomBytes as cryptoRandomBytes } from 'node:crypto';
import { blocksOf, EBML_ID, packageWebm, parseEbml, readVint, readWebmSeekTable, WEBM_SIGNAL_ENCRYPTED, type EbmlElement } from './webm-encrypt';
import { testVideoMedia } from '../testing/video-media';

/*
 * Issue 18: VP8 in WebM is encrypted in the WebM Encryption format (https://www.webmproject.org/docs/webm-encryption/),
 * which Chromium's MSE + ClearKey read: ContentEncodings on the track (encryption, AES, the key id, CTR), and each
 * frame a signal byte, an 8-byte IV and the frame in AES-CTR with the counter block IV || 0^64.
 */

const keyId = Uint8Array.from({ length: 16 }, (_, i) => 0x40 + i);
const key = Uint8Array.from({ length: 16 }, (_, i) => 3 * i + 1);
const randomBytes = (size: number) => Uint8Array.from(cryptoRandomBytes(size));

const child = (element: EbmlElement | undefined, id: number) => element?.children?.find((e) => e.id === id);
const segmentOf = (file: Uint8Array) => parseEbml(file).find((e) => e.id === EBML_ID.Segment)!;
const clustersOf = (file: Uint8Array) => segmentOf(file).children!.filter((e) => e.id === EBML_ID.Cluster);
/** A block's frame bytes (after track number, timecode and flags). */
const frameOf = (block: Uint8Array) => block.subarray(readVint(block, 0).length + 3);

describe('packageWebm (WebM Encryption of VP8)', () => {
  const clear = new Uint8Array(readFileSync(testVideoMedia().vp8Webm));
  const packaged = packageWebm(clear, { keyId, key, randomBytes });

  it('gives the video track ContentEncodings: order 0, scope 1 (frames), type 1 (encryption), AES (5), the key id, AES-CTR', () => {
    const entry = child(child(segmentOf(packaged), EBML_ID.Tracks), EBML_ID.TrackEntry);
    expect(Buffer.from(child(entry, EBML_ID.CodecID)!.data).toString()).toBe('V_VP8');
    const encoding = child(child(entry, EBML_ID.ContentEncodings), EBML_ID.ContentEncoding);
    const value = (id: number, within = encoding) => Array.from(child(within, id)!.data);
    expect(value(EBML_ID.ContentEncodingOrder)).toEqual([0]);
    expect(value(EBML_ID.ContentEncodingScope)).toEqual([1]);
    expect(value(EBML_ID.ContentEncodingType)).toEqual([1]);
    const encryption = child(encoding, EBML_ID.ContentEncryption);
    expect(value(EBML_ID.ContentEncAlgo, encryption)).toEqual([5]);
    expect(value(EBML_ID.ContentEncKeyID, encryption)).toEqual(Array.from(keyId));
    expect(value(EBML_ID.AESSettingsCipherMode, child(encryption, EBML_ID.ContentEncAESSettings))).toEqual([1]);
  });

  it('every block starts with the signal byte 0x01 and an 8-byte IV; the rest decrypts (counter IV || 0) to the clear frame', () => {
    const clearBlocks = clustersOf(clear).flatMap(blocksOf);
    const encryptedBlocks = clustersOf(packaged).flatMap(blocksOf);
    expect(encryptedBlocks.length).toBe(clearBlocks.length);
    expect(encryptedBlocks.length).toBeGreaterThan(100); // 10 s at 25 frames a second
    const ivs = new Set<string>();
    encryptedBlocks.forEach((block, i) => {
      const frame = frameOf(block.data);
      const original = frameOf(clearBlocks[i]!.data);
      expect(frame[0]).toBe(WEBM_SIGNAL_ENCRYPTED);
      const iv = frame.subarray(1, 9);
      ivs.add(Buffer.from(iv).toString('hex'));
      const counter = new Uint8Array(16);
      counter.set(iv);
      const plain = createDecipheriv('aes-128-ctr', key, counter).update(frame.subarray(9));
      expect(Buffer.from(plain).equals(Buffer.from(original))).toBe(true);
      // The block header (track, timecode, flags: key frames stay marked) is unchanged.
      expect(Array.from(block.data.subarray(0, 4))).toEqual(Array.from(clearBlocks[i]!.data.subarray(0, 4)));
    });
    expect(ivs.size).toBe(encryptedBlocks.length); // a fresh IV per frame
  });

  it('is an init segment then one Cluster per 4 s segment, with no SeekHead or Cues; the seek table adds up to the file', () => {
    const ids = segmentOf(packaged).children!.map((e) => e.id);
    expect(ids.slice(0, 2)).toEqual([EBML_ID.Info, EBML_ID.Tracks]);
    expect(ids.slice(2).every((id) => id === EBML_ID.Cluster)).toBe(true);
    const table = readWebmSeekTable(packaged);
    expect(table.segments).toHaveLength(3);
    expect(table.segments.slice(0, 2).map(([, ms]) => ms)).toEqual([4000, 4000]);
    expect(table.offset + table.segments.reduce((sum, [size]) => sum + size, 0)).toBe(packaged.length);
    // The init segment ends where the first Cluster's id starts.
    expect(Array.from(packaged.subarray(table.offset, table.offset + 4))).toEqual([0x1f, 0x43, 0xb6, 0x75]);
  });

  it('without a key (the clear preview) only restructures: frames as they were, no ContentEncodings', () => {
    const restructured = packageWebm(clear, null);
    const entry = child(child(segmentOf(restructured), EBML_ID.Tracks), EBML_ID.TrackEntry);
    expect(child(entry, EBML_ID.ContentEncodings)).toBeUndefined();
    const a = clustersOf(restructured).flatMap(blocksOf);
    const b = clustersOf(clear).flatMap(blocksOf);
    expect(a.every((block, i) => Buffer.from(block.data).equals(Buffer.from(b[i]!.data)))).toBe(true);
  });
});
