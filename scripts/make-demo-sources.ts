/**
 * Generates the sources of the demo catalogue, for the ingest (server/ingest/): two albums by two
 * artists (music synthesised by ffmpeg's aevalsrc: pad chords, bass, a plucked melody, a kick,
 * with tremolo and echo), a show of three episodes (speech by espeak-ng between jingles), a
 * playlist mixing both artists, and covers drawn by ffmpeg (gradients and shapes). Markets are
 * set so that episode 3 is unavailable in SE, the server's default country (spec 000 §5: an
 * episode is available only if the country is in the markets of the episode or its show).
 *
 *   npx ts-node --transpile-only -O '{"module":"commonjs","moduleResolution":"node"}' scripts/make-demo-sources.ts /tmp/demo-sources
 *   npm run ingest -- --data-dir /tmp/demo-catalogue /tmp/demo-sources/harbour-lights /tmp/demo-sources/paper-kites \
 *     /tmp/demo-sources/tidal-notes /tmp/demo-sources/playlists
 *
 * Everything is deterministic (fixed noise seeds, bitexact flags). FFMPEG and ESPEAK override
 * /usr/bin/ffmpeg and /usr/bin/espeak-ng.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decodeMetadata } from '../server/ingest/metadata-codec';
import { artistIdOf } from '../server/ingest/plan-album';
import { writeVideoShow } from './make-demo-video-source';

const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
const ESPEAK = process.env.ESPEAK ?? '/usr/bin/espeak-ng';
const RATE = 44100;
const MARKETS = ['SE', 'NO', 'DK', 'FI', 'DE', 'GB', 'US'];
const NOT_SE = MARKETS.filter((m) => m !== 'SE');

const ffmpeg = (args: string[]) => execFileSync(FFMPEG, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args]);

// ---- music -------------------------------------------------------------------------------

interface Song {
  readonly file: string;
  readonly title: string;
  readonly seconds: number;
  readonly bpm: number;
  /** MIDI note of the key's root. */
  readonly root: number;
  /** Chords as semitones above the root, one per bar, cycling. */
  readonly chords: ReadonlyArray<readonly [number, number, number]>;
  /** Melody in half-beats: semitones above root+12, null for a rest; cycling. */
  readonly melody: ReadonlyArray<number | null>;
  readonly tremolo: number;
  readonly echoMs: number;
  readonly kick: boolean;
}

const hz = (midi: number) => 440 * Math.pow(2, (midi - 69) / 12);
const num = (x: number) => x.toFixed(4);

/** A nested if() choosing values[index] (aevalsrc expressions have no arrays). */
function pick(index: string, values: ReadonlyArray<string>): string {
  return values.reduceRight((rest, value, i) => (i === values.length - 1 ? value : `if(eq(${index},${i}),${value},${rest})`), '0');
}

function songExpression(song: Song): string {
  const beat = 60 / song.bpm;
  const bar = beat * 4;
  const half = beat / 2;
  const k = `floor(mod(t/${num(bar)},${song.chords.length}))`;
  const inBar = `mod(t,${num(bar)})`;
  // Short fades at each bar line so that the chord change does not click.
  const barEnv = `min(1,3*${inBar})*min(1,12*(${num(bar)}-${inBar}))`;
  const pad = [0, 1, 2]
    .map((v) => {
      const f = pick(
        k,
        song.chords.map((c) => num(hz(song.root + c[v]!))),
      );
      return `(sin(2*PI*${f}*t)+0.4*sin(2*PI*${f}*1.004*t))`;
    })
    .join('+');
  const bassF = pick(
    k,
    song.chords.map((c) => num(hz(song.root - 12 + c[0]))),
  );
  const inBeat = `mod(t,${num(beat)})`;
  // A pulse that is 1 at every beat line on both sides, so the bass never steps (clicks).
  const bass = `sin(2*PI*${bassF}*t)*(0.5+0.5*pow(cos(PI*${inBeat}/${num(beat)}),2))`;
  const j = `floor(mod(t/${num(half)},${song.melody.length}))`;
  const melF = pick(
    j,
    song.melody.map((s) => num(hz(song.root + 12 + (s ?? 0)))),
  );
  const melOn = pick(
    j,
    song.melody.map((s) => (s === null ? '0' : '1')),
  );
  const inHalf = `mod(t,${num(half)})`;
  const melody = `${melOn}*(sin(2*PI*${melF}*t)+0.3*sin(4*PI*${melF}*t))*exp(-6*${inHalf})*min(1,300*${inHalf})*min(1,60*(${num(half)}-${inHalf}))`;
  const kick = song.kick ? `+0.5*sin(2*PI*(45+110*exp(-25*${inBeat}))*${inBeat})*exp(-9*${inBeat})` : '';
  return `0.07*(${pad})*${barEnv}+0.22*${bass}*${barEnv}+0.2*${melody}${kick}`;
}

function writeSong(dir: string, song: Song): void {
  const graph =
    `aevalsrc='${songExpression(song)}':s=${RATE}:d=${song.seconds},` +
    `tremolo=f=${song.tremolo}:d=0.25,aecho=0.9:0.5:${song.echoMs}|${song.echoMs * 2}:0.3|0.15,` +
    `afade=t=in:d=1.5,afade=t=out:st=${song.seconds - 4}:d=4,volume=3,alimiter=limit=0.9:level=disabled,aformat=channel_layouts=stereo[out]`;
  ffmpeg(['-filter_complex', graph, '-map', '[out]', '-c:a', 'flac', '-fflags', '+bitexact', '-flags:a', '+bitexact', join(dir, song.file)]);
}

// ---- speech ------------------------------------------------------------------------------

const VOICES = { host: ['-v', 'en-us+m3', '-s', '158', '-p', '45'], guest: ['-v', 'en-gb+f3', '-s', '150', '-p', '60'] } as const;

interface Episode {
  readonly file: string;
  readonly title: string;
  readonly releaseDate: string;
  readonly description: string;
  readonly markets: string[];
  readonly cover?: string;
  readonly lines: ReadonlyArray<readonly ['host' | 'guest', string]>;
}

/** A two-note chime with a soft tail, the show's intro and outro. */
const JINGLE = `aevalsrc='0.3*(sin(2*PI*523.25*t)*lt(t,0.6)+sin(2*PI*659.25*t)*gte(t,0.45)+0.5*sin(2*PI*783.99*t)*gte(t,0.9))*exp(-1.6*t)':s=${RATE}:d=3`;

function writeEpisode(dir: string, tmp: string, episode: Episode, seed: number): void {
  const parts = episode.lines.map(([who, text], i) => {
    const wav = join(tmp, `${episode.file}-${i}.wav`);
    execFileSync(ESPEAK, [...VOICES[who], '-w', wav, text]);
    return wav;
  });
  const speech = parts.map((_, i) => `[${i}:a]aresample=${RATE},aformat=channel_layouts=mono,apad=pad_dur=0.45[s${i}]`).join(';');
  const n = parts.length;
  const graph =
    `${JINGLE}[intro];${JINGLE}[outro];${speech};` +
    `[intro]${parts.map((_, i) => `[s${i}]`).join('')}[outro]concat=n=${n + 2}:v=0:a=1[talk];` +
    `anoisesrc=c=brown:a=0.012:r=${RATE}:seed=${seed}[room];` +
    `[talk][room]amix=inputs=2:duration=first:normalize=0,highpass=f=70,alimiter=limit=0.9:level=disabled[out]`;
  ffmpeg([
    ...parts.flatMap((p) => ['-i', p]),
    '-filter_complex',
    graph,
    '-map',
    '[out]',
    '-c:a',
    'flac',
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    join(dir, episode.file),
  ]);
}

// ---- covers ------------------------------------------------------------------------------

type Style = 'stripes' | 'circle' | 'rings' | 'mosaic';

function writeCover(path: string, c0: string, c1: string, style: Style, seed: number): void {
  const s = 800;
  const shapes: Record<Style, string> = {
    stripes: [0, 1, 2, 3, 4].map((i) => `drawbox=x=0:y=${140 + i * 120 + seed * 9}:w=${s}:h=${26 + i * 8}:color=white@${0.1 + i * 0.05}:t=fill`).join(','),
    circle: `geq=r='r(X,Y)+if(lt(hypot(X-W*0.5,Y-H*0.45),W*0.27),70,0)':g='g(X,Y)+if(lt(hypot(X-W*0.5,Y-H*0.45),W*0.27),70,0)':b='b(X,Y)+if(lt(hypot(X-W*0.5,Y-H*0.45),W*0.27),70,0)'`,
    rings: `geq=r='r(X,Y)+if(lt(mod(hypot(X-W*0.3,Y-H*0.7),${80 + seed * 14}),16),55,0)':g='g(X,Y)+if(lt(mod(hypot(X-W*0.3,Y-H*0.7),${80 + seed * 14}),16),55,0)':b='b(X,Y)+if(lt(mod(hypot(X-W*0.3,Y-H*0.7),${80 + seed * 14}),16),55,0)'`,
    mosaic: [0, 1, 2, 3]
      .map((i) => `drawbox=x=${(i % 2) * 400 + 30}:y=${Math.floor(i / 2) * 400 + 30}:w=340:h=340:color=white@${0.08 + ((i + seed) % 4) * 0.07}:t=fill`)
      .join(','),
  };
  const graph = `gradients=s=${s}x${s}:c0=0x${c0}:c1=0x${c1}:x0=0:y0=0:x1=${s}:y1=${s}:n=2,format=rgb24,${shapes[style]}`;
  ffmpeg(['-f', 'lavfi', '-i', graph, '-frames:v', '1', '-update', '1', path]);
}

// ---- the demo ----------------------------------------------------------------------------

const maj = [0, 4, 7] as const;

/** A link to another artist in a biography (spec 000 §5 Bio text: the widget splits these). */
const artistLink = (name: string) => `<a href="spotify:artist:${artistIdOf(name)}">${name}</a>`;

const ALBUMS = [
  {
    folder: 'harbour-lights',
    name: 'Harbour Lights',
    releaseDate: '2018-10-05',
    artist: {
      name: 'Marlow Tide',
      image: 'marlow-tide.png',
      genres: ['Folk', 'Chill'],
      colors: ['2b4a66', '1c3650'] as const,
      biography:
        'Marlow Tide is a coastal folk duo from a harbour town, writing songs about night ferries and lantern light.\n\n' +
        `Their first album, Harbour Lights, was recorded in one week in a boathouse. They often tour with ${artistLink('The Quiet Orchards')}.\n`,
    },
    cover: { colors: ['2f6f73', '1d4a4d'] as const, style: 'stripes' as Style },
    songs: [
      {
        file: '01-lantern-swell.flac',
        title: 'Lantern Swell',
        seconds: 52,
        bpm: 84,
        root: 57,
        chords: [
          [0, 4, 7],
          [-3, 0, 4],
          [5, 9, 12],
          [7, 11, 14],
        ],
        melody: [12, null, 7, 9, 7, null, 4, 2, 4, null, 0, 2, 4, 7, null, null],
        tremolo: 2,
        echoMs: 320,
        kick: false,
        artists: ['Marlow Tide'],
      },
      {
        file: '02-salt-on-the-glass.flac',
        title: 'Salt on the Glass',
        seconds: 44,
        bpm: 96,
        root: 55,
        chords: [
          [0, 3, 7],
          [-4, 0, 3],
          [-2, 2, 5],
          [-5, -1, 2],
        ],
        melody: [7, 10, 12, null, 10, 7, 5, null, 3, 5, 7, null, 5, 3, 2, null],
        tremolo: 3,
        echoMs: 250,
        kick: true,
        artists: ['Marlow Tide'],
      },
      {
        file: '03-night-ferry.flac',
        title: 'Night Ferry',
        seconds: 63,
        bpm: 72,
        root: 53,
        chords: [
          [0, 4, 7],
          [2, 5, 9],
          [-1, 2, 7],
          [0, 4, 7],
        ],
        melody: [4, null, null, 7, 5, null, 4, null, 2, null, null, 4, 0, null, null, null],
        tremolo: 1.5,
        echoMs: 420,
        kick: false,
        artists: ['Marlow Tide'],
      },
    ],
  },
  {
    folder: 'paper-kites',
    name: 'Paper Kites',
    releaseDate: '2019-04-12',
    artist: {
      name: 'The Quiet Orchards',
      image: 'the-quiet-orchards.png',
      genres: ['Indie', 'Chill'],
      colors: ['7d4a3a', '54302a'] as const,
      // Three line breaks in a row on purpose: the widget drops the empty lines (spec 000 §5 Bio text).
      biography:
        'The Quiet Orchards make slow, warm indie pop with a weathered edge.\n\n\n' + `Fans of ${artistLink('Marlow Tide')} will find a kindred sound.`,
    },
    cover: { colors: ['b08a3a', '6a4e1c'] as const, style: 'mosaic' as Style },
    songs: [
      {
        file: '01-amber-hours.flac',
        title: 'Amber Hours',
        seconds: 48,
        bpm: 108,
        root: 60,
        chords: [[...maj], [5, 9, 12], [-3, 0, 4], [7, 11, 14]],
        melody: [0, 4, 7, 12, 9, 7, 4, null, 2, 4, 5, 7, 4, null, 0, null],
        tremolo: 4,
        echoMs: 200,
        kick: true,
        artists: ['The Quiet Orchards'],
      },
      {
        file: '02-weathervane.flac',
        title: 'Weathervane',
        seconds: 58,
        bpm: 90,
        root: 50,
        chords: [
          [0, 3, 7],
          [3, 7, 10],
          [-2, 2, 5],
          [5, 8, 12],
        ],
        melody: [0, 3, 5, 7, null, 10, 7, 5, 3, null, 5, 3, 0, null, -2, null],
        tremolo: 2.5,
        echoMs: 300,
        kick: true,
        artists: ['The Quiet Orchards', 'Marlow Tide'],
      },
      {
        file: '03-slow-meadow.flac',
        title: 'Slow Meadow',
        seconds: 41,
        bpm: 66,
        root: 62,
        chords: [
          [0, 4, 7],
          [-5, -1, 2],
          [-3, 0, 4],
          [-7, -3, 0],
        ],
        melody: [7, null, 4, null, 5, null, 2, null, 4, null, 0, null, 2, null, null, null],
        tremolo: 1.2,
        echoMs: 480,
        kick: false,
        artists: ['The Quiet Orchards'],
      },
    ],
  },
] as const;

const SHOW_EPISODES: Episode[] = [
  {
    file: 'ep1-listening-to-harbours.flac',
    title: 'Ep. 1: Listening to Harbours',
    releaseDate: '2019-08-02',
    description: 'Why a harbour sounds different at night, and how to record it without the wind.',
    markets: MARKETS,
    lines: [
      ['host', 'Welcome to Tidal Notes, the show about the sounds of the coast. I am your host, and today we are listening to harbours.'],
      ['guest', 'Thanks for having me. A harbour is never quiet. Even at night you hear ropes, water against the hull, and gulls far away.'],
      ['host', 'So how do you record all of that without the wind ruining everything?'],
      ['guest', 'You hide the microphone behind something solid, a wall or a stack of crates, and you wait. Patience is most of the work.'],
      ['host', 'Patience, and warm clothes. That is all for today. Thank you for listening to Tidal Notes.'],
    ],
  },
  {
    file: 'ep2-the-sound-of-paper.flac',
    title: 'Ep. 2: The Sound of Paper',
    releaseDate: '2019-09-06',
    description: 'Sails, kites and paper boats: a conversation about light materials in the wind.',
    markets: MARKETS,
    cover: 'ep2.png',
    lines: [
      ['host', 'Hello again, and welcome to Tidal Notes. This week: paper, sails and kites, everything light enough to fly.'],
      ['guest', 'Paper has a voice. A kite on a long line hums, and when the wind turns it snaps like a flag.'],
      ['host', 'You built a kite out of old sea charts, is that right?'],
      ['guest', 'I did. It flew for three minutes and then it landed in the sea, which seemed fair, since that is where the charts came from.'],
      ['host', 'A fitting end. Thank you, and see you next time on Tidal Notes.'],
    ],
  },
  {
    file: 'ep3-night-shipping-forecast.flac',
    title: 'Ep. 3: Night Shipping Forecast',
    releaseDate: '2019-10-04',
    description: 'Reading the shipping forecast aloud, slowly. Not available in Sweden.',
    markets: NOT_SE,
    lines: [
      ['host', 'This is Tidal Notes, late at night. Tonight we read the shipping forecast, slowly, for anyone who cannot sleep.'],
      ['guest', 'Dogger, Fisher, German Bight. Southwest, four or five, occasionally six. Rain later. Good, occasionally moderate.'],
      ['host', 'Humber, Thames. Variable, three or four. Fair. Good.'],
      ['guest', 'And that is the end of the forecast. Sleep well, and mind the tide.'],
    ],
  },
];

function main(): void {
  const target = process.argv[2];
  if (target === undefined || target.startsWith('-')) {
    process.stderr.write('usage: make-demo-sources.ts <folder>   (generates the demo catalogue sources there)\n');
    process.exitCode = 1;
    return;
  }
  const out = resolve(target);
  rmSync(out, { recursive: true, force: true });
  const tmp = join(out, '.tmp');
  mkdirSync(tmp, { recursive: true });
  const write = (folder: string, metadata: unknown) => {
    decodeMetadata(metadata, join(folder, 'metadata.json')); // the generator's own output must pass the ingest's codec
    writeFileSync(join(folder, 'metadata.json'), JSON.stringify(metadata, null, 2) + '\n');
  };

  ALBUMS.forEach((album, a) => {
    const dir = join(out, album.folder);
    mkdirSync(dir, { recursive: true });
    process.stderr.write(`${album.folder}: covers\n`);
    writeCover(join(dir, 'cover.png'), album.cover.colors[0], album.cover.colors[1], album.cover.style, a);
    writeCover(join(dir, album.artist.image), album.artist.colors[0], album.artist.colors[1], 'circle', a);
    for (const song of album.songs) {
      process.stderr.write(`${album.folder}: ${song.file} (${song.seconds} s)\n`);
      writeSong(dir, song);
    }
    write(dir, {
      kind: 'album',
      name: album.name,
      releaseDate: album.releaseDate,
      cover: 'cover.png',
      artists: [{ name: album.artist.name, image: album.artist.image, biography: album.artist.biography, genres: [...album.artist.genres] }],
      tracks: album.songs.map((song, i) => ({
        file: song.file,
        title: song.title,
        trackNumber: i + 1,
        artists: [...song.artists],
        availableMarkets: MARKETS,
      })),
    });
  });

  const show = join(out, 'tidal-notes');
  mkdirSync(show, { recursive: true });
  writeCover(join(show, 'cover.png'), '2f5d3a', '1c3d25', 'rings', 0);
  writeCover(join(show, 'ep2.png'), '5d2f4b', '3d1c30', 'rings', 2);
  SHOW_EPISODES.forEach((episode, i) => {
    process.stderr.write(`tidal-notes: ${episode.file}\n`);
    writeEpisode(show, tmp, episode, i + 1);
  });
  write(show, {
    kind: 'show',
    name: 'Tidal Notes',
    publisher: 'Driftwood Audio',
    cover: 'cover.png',
    genres: ['Music talk', 'Chill'],
    // Not SE: so the markets of each episode decide there (spec 000 §5), and episode 3 is unavailable.
    availableMarkets: NOT_SE,
    episodes: SHOW_EPISODES.map((e) => ({
      file: e.file,
      title: e.title,
      releaseDate: e.releaseDate,
      description: e.description,
      availableMarkets: e.markets,
      ...(e.cover ? { cover: e.cover } : {}),
    })),
  });

  // Issue 18: the video show (scripts/make-demo-video-source.ts).
  process.stderr.write('window-on-the-harbour: ep1.mp4 (video)\n');
  writeVideoShow(out, tmp);

  const playlists = join(out, 'playlists');
  mkdirSync(playlists, { recursive: true });
  writeCover(join(playlists, 'evening-drift.png'), '4b3a7d', '2e2452', 'mosaic', 1);
  write(playlists, {
    kind: 'playlists',
    playlists: [
      {
        name: 'Evening Drift',
        owner: 'Ines Varga',
        cover: 'evening-drift.png',
        genres: ['Chill'],
        tracks: [
          { album: '../harbour-lights', trackNumber: 1 },
          { title: 'Amber Hours' },
          { album: '../harbour-lights', trackNumber: 3 },
          { album: '../paper-kites', trackNumber: 2 },
        ],
      },
    ],
  });
  rmSync(tmp, { recursive: true, force: true });
  process.stderr.write(`demo sources written to ${out}; ingest them in this order:\n`);
  process.stdout.write(`${['harbour-lights', 'paper-kites', 'tidal-notes', 'window-on-the-harbour', 'playlists'].map((f) => join(out, f)).join(' ')}\n`);
}

main();
