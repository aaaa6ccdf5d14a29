/**
 * Generates the demo catalogue: `fixtures/catalogue.json` plus covers and 30 s preview MP3s under
 * `fixtures/media/`. Everything is synthesised by ffmpeg (no fonts, no downloads, invented names),
 * so the outputs are committed and the demo starts without ffmpeg.
 *
 *   npx ts-node --transpile-only -O '{"module":"commonjs","moduleResolution":"node"}' scripts/make-fixtures.ts
 *
 * FFMPEG / FFPROBE override the binaries (default /usr/bin/ffmpeg, /usr/bin/ffprobe).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, statSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CatalogueFile, type ImageFile } from '../server/db/catalogue-file';
import { formatDecodeErrors } from '../core/model/decode-errors';

const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
const FFPROBE = process.env.FFPROBE ?? '/usr/bin/ffprobe';
const ROOT = resolve(__dirname, '..');
const MEDIA = join(ROOT, 'fixtures', 'media');
// spec 000 §9 Preview cap 30000 ms: the packaged previews are exactly that long.
const PREVIEW_SECONDS = 30;
const COVER_WIDTHS = [640, 300, 64] as const;
const MARKETS = ['SE', 'US', 'GB', 'DE'];

// Deterministic 22-character base62 ids (spec 000 §9: base62 ids have at most 22 characters).
const ID = {
  marlow: 'etdUCBud9jRwQFgR3NiAEn',
  orchards: 'dnLPbP3S4rNGI00E4c5iib',
  harbourLights: 'SoJ4d1xtIm9nwSHyTneL12',
  paperKites: 'Zz8rHBpXf3n8vW3z6Jf3El',
  lanternSwell: 'mdL7LWeuHRgo7T3RvBNFlb',
  saltOnTheGlass: 'uiY27hlbSrz0gCgeBcDjg8',
  nightFerry: 'NOx2faKJbGJzzDxMkbtfSu',
  amberHours: '025f5crK5v1tqK4vR7vd1S',
  weathervane: 'ojyY23SDJTzR00ymLHNK5Q',
  eveningDrift: 'QNfR9fl4TvZxLHY6Y8FwD2',
  tidalNotes: 'nXVL9MeOPqxr9eKpYz1ac9',
  listeningToHarbours: 'uC4R1fd3RK8RUuTuOSMjvE',
  soundOfPaper: 'sFJqmxZXXN8KkEmuDeX74S',
} as const;

/** Artist biographies as the Web API writes them: line breaks, an empty line, link markup (spec 000 §5 Bio text). */
const BIO_MARLOW =
  'Marlow Tide is a coastal folk duo from a harbour town, writing songs about night ferries and lantern light.\n\n' +
  `Their first album, Harbour Lights, was recorded in one week in a boathouse. They often tour with <a href="spotify:artist:${ID.orchards}">The Quiet Orchards</a>.\n`;
const BIO_ORCHARDS =
  'The Quiet Orchards make slow, warm indie pop with a weathered edge.\n\n\n' +
  `Fans of <a href="spotify:artist:${ID.marlow}">Marlow Tide</a> will find a kindred sound.`;

type CoverStyle = 'stripes' | 'mosaic' | 'circle' | 'rings';

/** A synthesised song: a pad chord with a tremolo, and a plucked 8-step melody over it. */
interface Song {
  chord: [number, number, number];
  tremolo: number;
  beat: number;
  root: number;
  steps: number[];
}

function ffmpeg(args: string[]): void {
  execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
}

function probeSeconds(file: string): number {
  const out = execFileSync(FFPROBE, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString();
  return Number(out.trim());
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function darker(hex: string, factor: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * factor);
  return [16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('');
}

/** Draws a square cover at 640 px and scales it to 300 and 64 px (one ffmpeg call). */
function makeCover(base: string, color: string, style: CoverStyle, seed: number): ImageFile[] {
  const [big, mid, small] = COVER_WIDTHS;
  const shapes: Record<CoverStyle, string> = {
    stripes: [0, 1, 2, 3]
      .map((i) => `drawbox=x=0:y=${120 + i * 110 + seed * 10}:w=640:h=${30 + i * 6}:color=white@${0.12 + i * 0.05}:t=fill`)
      .join(','),
    mosaic: [0, 1, 2, 3]
      .map((i) => `drawbox=x=${(i % 2) * 320 + 20}:y=${Math.floor(i / 2) * 320 + 20}:w=280:h=280:color=white@${0.08 + ((i + seed) % 4) * 0.06}:t=fill`)
      .join(','),
    circle: `format=rgb24,geq=r='if(lt(hypot(X-W/2,Y-H/2),W/3.2),min(255,r(X,Y)+70),r(X,Y))':g='if(lt(hypot(X-W/2,Y-H/2),W/3.2),min(255,g(X,Y)+70),g(X,Y))':b='if(lt(hypot(X-W/2,Y-H/2),W/3.2),min(255,b(X,Y)+70),b(X,Y))'`,
    rings: `format=rgb24,geq=r='r(X,Y)+if(lt(mod(hypot(X-W*0.3,Y-H*0.7),${70 + seed * 12}),14),60,0)':g='g(X,Y)+if(lt(mod(hypot(X-W*0.3,Y-H*0.7),${70 + seed * 12}),14),60,0)':b='b(X,Y)+if(lt(mod(hypot(X-W*0.3,Y-H*0.7),${70 + seed * 12}),14),60,0)'`,
  };
  const c0 = `0x${color.slice(1)}`;
  const c1 = `0x${darker(color, 0.35)}`;
  const graph =
    `gradients=s=${big}x${big}:c0=${c0}:c1=${c1}:x0=0:y0=0:x1=${big}:y1=${big}:n=2,` +
    `${shapes[style]},format=yuvj420p,split=3[a][b][c];[b]scale=${mid}:${mid}[m];[c]scale=${small}:${small}[s]`;
  const files = COVER_WIDTHS.map((w) => `images/${base}-${w}.jpg`);
  ffmpeg([
    '-f', 'lavfi', '-i', 'nullsrc=s=16x16:d=1',
    '-filter_complex', graph,
    '-map', '[a]', '-frames:v', '1', '-q:v', '4', '-update', '1', join(MEDIA, files[0]!),
    '-map', '[m]', '-frames:v', '1', '-q:v', '4', '-update', '1', join(MEDIA, files[1]!),
    '-map', '[s]', '-frames:v', '1', '-q:v', '5', '-update', '1', join(MEDIA, files[2]!),
  ]);
  return COVER_WIDTHS.map((width, i) => ({ file: files[i]!, width, height: width }));
}

/** A nested if() picking the semitone of step k (aevalsrc has no arrays). */
function stepExpr(steps: number[]): string {
  const k = `floor(mod(t/B,${steps.length}))`;
  return steps.reduceRight((rest, semis, i) => `if(eq(${k},${i}),${semis},${rest})`, '0');
}

function makeSong(base: string, song: Song): string {
  const file = `audio/${base}.mp3`;
  const melody = `0.55*sin(2*PI*${song.root}*pow(2,(${stepExpr(song.steps)})/12)*t)*exp(-5*mod(t,B))`.replace(/B/g, String(song.beat));
  const graph =
    song.chord.map((f, i) => `sine=f=${f}:r=44100:d=${PREVIEW_SECONDS}[p${i}]`).join(';') +
    `;[p0][p1][p2]amix=inputs=3,tremolo=f=${song.tremolo}:d=0.6,volume=0.8[pad]` +
    `;aevalsrc='${melody}':s=44100:d=${PREVIEW_SECONDS}[mel]` +
    `;[pad][mel]amix=inputs=2,afade=t=in:d=1.5,afade=t=out:st=${PREVIEW_SECONDS - 3}:d=3,volume=1.6[out]`;
  encodeMp3(graph, file);
  return file;
}

/** A talk-like signal: a harmonic "voice" with a drifting pitch, syllable and phrase envelopes, over quiet room noise. */
function makeEpisode(base: string, pitch: number, pace: number): string {
  const file = `audio/${base}.mp3`;
  const x = `(2*PI*${pitch}*t+28*sin(2*PI*0.7*t))`;
  const voice = `(sin(${x})+0.5*sin(2*${x})+0.3*sin(3*${x}))*(0.55+0.45*sin(2*PI*${pace}*t))*gt(sin(2*PI*0.23*t)+0.45,0)*0.3`;
  const graph =
    `aevalsrc='${voice}':s=44100:d=${PREVIEW_SECONDS}[v]` +
    `;anoisesrc=c=pink:a=0.03:r=44100:d=${PREVIEW_SECONDS}:seed=${Math.round(pitch)}[n]` +
    `;sine=f=${pitch * 3}:r=44100:d=${PREVIEW_SECONDS},volume=0.25,afade=t=out:st=0:d=2.5[jingle]` +
    `;[v][n][jingle]amix=inputs=3,afade=t=in:d=0.5,afade=t=out:st=${PREVIEW_SECONDS - 2}:d=2,volume=2.2[out]`;
  encodeMp3(graph, file);
  return file;
}

function encodeMp3(graph: string, file: string): void {
  const out = join(MEDIA, file);
  // 64 kbit/s mono keeps each preview near 240 KB; bitexact drops version strings so reruns match.
  ffmpeg(['-filter_complex', graph, '-map', '[out]', '-ac', '1', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '64k',
    '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact', out]);
  const seconds = probeSeconds(out);
  if (Math.abs(seconds - PREVIEW_SECONDS) > 0.5) throw new Error(`${file}: decoded duration ${seconds} s, expected ${PREVIEW_SECONDS} s`);
}

function main(): void {
  rmSync(MEDIA, { recursive: true, force: true });
  mkdirSync(join(MEDIA, 'audio'), { recursive: true });
  mkdirSync(join(MEDIA, 'images'), { recursive: true });

  const track = (id: string, name: string, albumId: string, artistIds: string[], trackNumber: number, durationMs: number, song: Song) => ({
    id, name, albumId, artistIds, trackNumber, durationMs, preview: makeSong(`track-${slug(name)}`, song),
  });

  const catalogue: CatalogueFile = {
    schema: 1,
    artists: [
      { id: ID.marlow, name: 'Marlow Tide', biography: BIO_MARLOW, dominantColor: '#3a5f7d', images: makeCover('artist-marlow-tide', '#3a5f7d', 'circle', 0), topTrackIds: [ID.nightFerry, ID.lanternSwell] },
      { id: ID.orchards, name: 'The Quiet Orchards', biography: BIO_ORCHARDS, dominantColor: '#7d4a3a', images: makeCover('artist-the-quiet-orchards', '#7d4a3a', 'circle', 1), topTrackIds: [ID.amberHours, ID.weathervane] },
    ],
    albums: [
      { id: ID.harbourLights, name: 'Harbour Lights', artistIds: [ID.marlow], releaseDate: '2018-10-05', dominantColor: '#2f6f73', images: makeCover('album-harbour-lights', '#2f6f73', 'stripes', 0) },
      { id: ID.paperKites, name: 'Paper Kites', artistIds: [ID.orchards], releaseDate: '2019-04-12', dominantColor: '#8a6d2f', images: makeCover('album-paper-kites', '#8a6d2f', 'stripes', 2) },
    ],
    tracks: [
      track(ID.lanternSwell, 'Lantern Swell', ID.harbourLights, [ID.marlow], 1, 214_000, { chord: [220, 277.18, 329.63], tremolo: 2, beat: 0.5, root: 440, steps: [0, 4, 7, 12, 7, 4, 0, -5] }),
      track(ID.saltOnTheGlass, 'Salt on the Glass', ID.harbourLights, [ID.marlow], 2, 187_000, { chord: [196, 246.94, 293.66], tremolo: 3, beat: 0.375, root: 392, steps: [0, 3, 7, 10, 12, 10, 7, 3] }),
      track(ID.nightFerry, 'Night Ferry', ID.harbourLights, [ID.marlow], 3, 239_000, { chord: [174.61, 220, 261.63], tremolo: 1.5, beat: 0.6, root: 349.23, steps: [0, 7, 5, 4, 0, 2, 4, -1] }),
      track(ID.amberHours, 'Amber Hours', ID.paperKites, [ID.orchards], 1, 201_000, { chord: [261.63, 329.63, 392], tremolo: 4, beat: 0.25, root: 523.25, steps: [0, 2, 4, 7, 9, 7, 4, 2] }),
      track(ID.weathervane, 'Weathervane', ID.paperKites, [ID.orchards, ID.marlow], 2, 226_000, { chord: [146.83, 174.61, 220], tremolo: 2.5, beat: 0.45, root: 293.66, steps: [0, 3, 5, 7, 10, 7, 5, 3] }),
    ],
    playlists: [
      { id: ID.eveningDrift, name: 'Evening Drift', ownerDisplayName: 'Ines Varga', dominantColor: '#4b3a7d', images: makeCover('playlist-evening-drift', '#4b3a7d', 'mosaic', 1), trackIds: [ID.lanternSwell, ID.amberHours, ID.nightFerry] },
    ],
    shows: [
      { id: ID.tidalNotes, name: 'Tidal Notes', publisher: 'Driftwood Audio', dominantColor: '#2f5d3a', images: makeCover('show-tidal-notes', '#2f5d3a', 'rings', 0), availableMarkets: MARKETS },
    ],
    episodes: [
      { id: ID.listeningToHarbours, name: 'Ep. 1: Listening to Harbours', showId: ID.tidalNotes, releaseDate: '2019-08-02', durationMs: 1_834_000, preview: makeEpisode('episode-listening-to-harbours', 130, 4), dominantColor: '#2f5d3a', images: makeCover('episode-listening-to-harbours', '#2f5d3a', 'rings', 1), availableMarkets: MARKETS },
      { id: ID.soundOfPaper, name: 'Ep. 2: The Sound of Paper', showId: ID.tidalNotes, releaseDate: '2019-09-06', durationMs: 2_412_000, preview: makeEpisode('episode-the-sound-of-paper', 175, 5), dominantColor: '#5d2f4b', images: makeCover('episode-the-sound-of-paper', '#5d2f4b', 'rings', 2), availableMarkets: MARKETS },
    ],
  };

  const decoded = CatalogueFile.decode(catalogue);
  if (decoded._tag === 'Left') throw new Error(`catalogue does not match its codec: ${formatDecodeErrors(decoded.left)}`);
  writeFileSync(join(ROOT, 'fixtures', 'catalogue.json'), JSON.stringify(catalogue, null, 2) + '\n');

  let bytes = 0;
  for (const dir of ['audio', 'images']) for (const f of readdirSync(join(MEDIA, dir))) bytes += statSync(join(MEDIA, dir, f)).size;
  console.log(`fixtures/catalogue.json written; fixtures/media holds ${(bytes / 1024).toFixed(0)} KB`);
}

main();
