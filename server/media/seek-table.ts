// The seek table of a packaged file: spec 001 §3 "Audio manifest: ... offset, timescale, and
// either segments (size and duration pairs) or references". The engine fetches the init segment
// (bytes [0, offset)) and then whole moof+mdat segments by byte range.
import { parseBoxes, scanBoxes } from './mp4-boxes';
import { readFragmentSamples, readTimescale, readTrackDefaults } from './mp4-fragments';

export interface SeekTable {
  /** Byte size of the init segment (everything before the first moof: ftyp + moov). */
  offset: number;
  /** Media timescale (mdhd), the unit of the segment durations. */
  timescale: number;
  /** One [sizeBytes, durationInTimescale] pair per moof+mdat segment, in file order. */
  segments: Array<[number, number]>;
}

/** Reads the seek table of a fragmented MP4 whose top level is init boxes then moof+mdat pairs. */
export function readSeekTable(fmp4: Uint8Array): SeekTable {
  const extents = scanBoxes(fmp4);
  const firstMoof = extents.findIndex((box) => box.type === 'moof');
  if (firstMoof < 0) throw new Error('no moof: not a fragmented MP4');
  const init = extents.slice(0, firstMoof);
  const moovExtent = init.find((box) => box.type === 'moov');
  if (moovExtent === undefined) throw new Error('no moov before the first moof');
  const [moov] = parseBoxes(fmp4.subarray(moovExtent.start, moovExtent.start + moovExtent.size));
  if (moov === undefined) throw new Error('unreadable moov');
  const defaults = readTrackDefaults(moov);

  const segments: Array<[number, number]> = [];
  for (let i = firstMoof; i < extents.length; i += 2) {
    const moofExtent = extents[i];
    const mdatExtent = extents[i + 1];
    if (moofExtent?.type !== 'moof' || mdatExtent?.type !== 'mdat') {
      throw new Error(`expected a moof+mdat pair at byte ${moofExtent?.start ?? fmp4.length}`);
    }
    const [moof] = parseBoxes(fmp4.subarray(moofExtent.start, moofExtent.start + moofExtent.size));
    const duration = (moof?.children ?? [])
      .filter((box) => box.type === 'traf')
      .map((traf) => readFragmentSamples(traf, defaults).durations.reduce((sum, d) => sum + d, 0))
      .reduce((max, d) => Math.max(max, d), 0);
    segments.push([moofExtent.size + mdatExtent.size, duration]);
  }
  return { offset: init.reduce((sum, box) => sum + box.size, 0), timescale: readTimescale(moov), segments };
}
