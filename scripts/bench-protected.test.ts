import { dashManifest, type ProtectedFile } from './bench-protected';

// The Shaka baseline plays the engine's file from a DASH manifest made of its seek table (spec 001
// §3 audio manifest: the init segment is [0, offset), then the segments by size and duration).
const FILE: ProtectedFile = {
  trackId: 't',
  fileId: 'f',
  format: 'MP4_160',
  bitrate: 160000,
  keyId: 'cadd02c798b7b23293bd3266d6a0472b',
  durationMs: 12624,
  table: {
    offset: 824,
    timescale: 44100,
    segments: [
      [1000, 441344],
      [200, 115728],
    ],
  },
};

describe("the Shaka baseline's DASH manifest lists the same byte ranges the engine fetches", () => {
  const mpd = dashManifest(FILE, 'http://127.0.0.1:1/cdn/audio/f');

  it("the init range, then one mediaRange per seek-table segment, with the table's durations on its timescale", () => {
    expect(mpd).toContain('<Initialization range="0-823"/>');
    expect([...mpd.matchAll(/mediaRange="([^"]+)"/g)].map((m) => m[1])).toEqual(['824-1823', '1824-2023']);
    expect(mpd).toContain('<SegmentList timescale="44100">');
    expect([...mpd.matchAll(/<S d="(\d+)"\/>/g)].map((m) => Number(m[1]))).toEqual([441344, 115728]);
  });

  it("CENC with the file's key id as a UUID, offered to ClearKey", () => {
    expect(mpd).toContain('value="cenc" cenc:default_KID="cadd02c7-98b7-b232-93bd-3266d6a0472b"');
    expect(mpd).toContain('schemeIdUri="urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e"');
    expect(mpd).toContain('<BaseURL>http://127.0.0.1:1/cdn/audio/f</BaseURL>');
  });
});
