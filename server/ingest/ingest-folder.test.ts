import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ingestFolder } from './ingest-folder';
import { albumIdOf, trackIdOf } from './plan-album';
import { contentHash, fileId } from './stable-ids';
import { writeCover, writeTinyAlbum, writeTone } from './test-sources';

jest.setTimeout(60_000);

/** Every table of the catalogue, every row, in a stable order. */
function dump(dataDir: string): Record<string, unknown[]> {
  const db = new Database(join(dataDir, 'catalogue.sqlite'), { readonly: true });
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>;
  const out = Object.fromEntries(
    tables.map(({ name }) => [
      name,
      db
        .prepare(`SELECT * FROM "${name}"`)
        .all()
        .map((r) => JSON.stringify(r))
        .sort(),
    ]),
  );
  db.close();
  return out;
}

/** Every file under a directory with its size and content hash. */
function listing(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) {
        out.push(`${relative(dir, path)}/`);
        walk(path);
      } else out.push(`${relative(dir, path)} ${statSync(path).size} ${contentHash(readFileSync(path))}`);
    }
  };
  walk(dir);
  return out.sort();
}

const all = <T>(dataDir: string, sql: string): T[] => {
  const db = new Database(join(dataDir, 'catalogue.sqlite'), { readonly: true });
  const rows = db.prepare(sql).all() as T[];
  db.close();
  return rows;
};

// Kept as written, line breaks and link markup included (spec 000 §5 Bio text: the widget splits it).
const BIOGRAPHY = 'Tiny Artist plays tones.\n\n\nFans of <a href="spotify:artist:0123456789ABCDEFGHIJKL">Someone</a> like them.';

describe('ingest of a folder (issue 4: Ingest)', () => {
  let root: string;
  let dataDir: string;
  let album: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'embed-ingest-'));
    album = join(root, 'album');
    writeTinyAlbum(album, { tracks: 2, seconds: 2, biography: BIOGRAPHY });
  });
  beforeEach(() => {
    dataDir = mkdtempSync(join(root, 'data-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('adds the album, its artist and tracks, covers at 640/300/64 and packaged audio with seek tables and keys', async () => {
    const summary = await ingestFolder(album, { dataDir });
    expect(summary.counts).toMatchObject({ tracks: 2, artists: 1, audioFiles: 6 });

    const [albumRow] = all<{ id: string; name: string; dominant_color: string }>(dataDir, 'SELECT * FROM albums');
    expect(albumRow).toMatchObject({ name: 'Tiny Album' });
    expect(albumRow!.id).toMatch(/^[0-9A-Za-z]{22}$/);
    // The cover is a flat #3366aa square; its dominant colour is that colour, give or take JPEG/YUV rounding.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(albumRow!.dominant_color.slice(i, i + 2), 16));
    expect([Math.abs(r! - 0x33), Math.abs(g! - 0x66), Math.abs(b! - 0xaa)].every((d) => d <= 6)).toBe(true);

    const tracks = all<{ name: string; track_number: number; duration_ms: number }>(dataDir, 'SELECT * FROM tracks ORDER BY track_number');
    expect(tracks.map((t) => [t.name, t.track_number, t.duration_ms])).toEqual([
      ['Tone 1', 1, 2000],
      ['Tone 2', 2, 2000],
    ]);
    expect(all(dataDir, 'SELECT available_markets AS m FROM track_markets')).toEqual([{ m: '["SE","US"]' }, { m: '["SE","US"]' }]);
    expect(all(dataDir, 'SELECT a.name, b.biography FROM artist_biographies b JOIN artists a ON a.id = b.artist_id')).toEqual([
      { name: 'Tiny Artist', biography: BIOGRAPHY },
    ]);

    const images = all<{ owner_type: string; file: string; width: number; height: number }>(dataDir, "SELECT * FROM images WHERE owner_type = 'album'");
    expect(images.map((i) => i.width).sort((a, b) => b - a)).toEqual([640, 300, 64]);
    for (const image of images) {
      expect(image.height).toBe(image.width);
      const probed = execFileSync('/usr/bin/ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=width,height',
        '-of',
        'csv=p=0',
        join(dataDir, 'media', image.file),
      ]);
      expect(probed.toString().trim()).toBe(`${image.width},${image.width}`);
    }

    const files = all<{ file_id: string; path: string; format: string; key_id: string | null; key: string | null; seek_table: string | null }>(
      dataDir,
      'SELECT * FROM audio_files',
    );
    expect(files.map((f) => f.format).sort()).toEqual(['MP3_96', 'MP3_96', 'MP4_160', 'MP4_160', 'MP4_96', 'MP4_96']);
    const packaged = files.filter((f) => f.format.startsWith('MP4'));
    for (const file of packaged) {
      expect(file.file_id).toMatch(/^[0-9a-f]{40}$/);
      expect(file.key_id).toMatch(/^[0-9a-f]{32}$/);
      expect(file.key).toMatch(/^[0-9a-f]{32}$/);
      const table = JSON.parse(file.seek_table!) as { offset: number; timescale: number; segments: Array<[number, number]> };
      // spec 001 §3 audio manifest: the init segment and the segments make up the whole file.
      const size = statSync(join(dataDir, 'media', file.path)).size;
      expect(table.offset + table.segments.reduce((sum, [bytes]) => sum + bytes, 0)).toBe(size);
      expect(table.timescale).toBe(44100);
    }
    // A fresh random key id and key per file.
    expect(new Set(packaged.map((f) => f.key)).size).toBe(packaged.length);
    expect(new Set(packaged.map((f) => f.key_id)).size).toBe(packaged.length);
    // The key never leaves the server in a file: it is not written into the packaged bytes.
    for (const file of packaged) expect(readFileSync(join(dataDir, 'media', file.path)).includes(Buffer.from(file.key!, 'hex'))).toBe(false);
  });

  it('ingesting the same folder twice gives the same catalogue and media (every table, every file)', async () => {
    await ingestFolder(album, { dataDir });
    const before = { rows: dump(dataDir), files: listing(join(dataDir, 'media')) };
    const again = await ingestFolder(album, { dataDir });
    expect(again.added).toEqual([]);
    expect(again.unchanged.map((s) => s.name)).toEqual(['Tiny Album']);
    expect({ rows: dump(dataDir), files: listing(join(dataDir, 'media')) }).toEqual(before);
  });

  it('a corrupt audio file fails naming it, and leaves catalogue and media folder unchanged', async () => {
    await ingestFolder(album, { dataDir });
    const before = { rows: dump(dataDir), files: listing(join(dataDir, 'media')) };
    const broken = join(root, 'broken');
    writeTinyAlbum(broken, { name: 'Broken Album', tracks: 2, seconds: 1 });
    writeFileSync(join(broken, '02.wav'), Buffer.from('RIFF....WAVEfmt this is not audio at all'.repeat(20)));
    await expect(ingestFolder(broken, { dataDir })).rejects.toThrow(`${join(broken, '02.wav')}: ffprobe failed`);
    expect({ rows: dump(dataDir), files: listing(join(dataDir, 'media')) }).toEqual(before);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.ingest-'))).toEqual([]);
  });

  it('a failure while moving files into the media folder rolls back rows and files already moved', async () => {
    const blocked = join(root, 'blocked');
    writeTinyAlbum(blocked, { name: 'Blocked Album', tracks: 1, seconds: 1 });
    // The last file moved is the preview; a file already at its place makes the move fail after the others.
    const trackId = trackIdOf(albumIdOf({ name: 'Blocked Album', artists: [{ name: 'Tiny Artist' }] }), 1);
    const previewPath = join(dataDir, 'media', 'audio', `${fileId('audio', trackId, contentHash(readFileSync(join(blocked, '01.wav'))), 'MP3_96')}.mp3`);
    mkdirSync(join(dataDir, 'media', 'audio'), { recursive: true });
    writeFileSync(previewPath, 'in the way');
    await ingestFolder(album, { dataDir });
    const before = { rows: dump(dataDir), files: listing(join(dataDir, 'media')) };
    await expect(ingestFolder(blocked, { dataDir })).rejects.toThrow(/already exists/);
    expect({ rows: dump(dataDir), files: listing(join(dataDir, 'media')) }).toEqual(before);
  });

  it('a missing file is named with the metadata field that names it, before any work', async () => {
    const missing = join(root, 'missing');
    writeTinyAlbum(missing, { name: 'Missing', tracks: 1, seconds: 1 });
    rmSync(join(missing, 'cover.png'));
    await expect(ingestFolder(missing, { dataDir })).rejects.toThrow(`${join(missing, 'cover.png')}: missing (named by metadata.json cover)`);
    expect(listing(join(dataDir, 'media'))).toEqual([]);
  });

  it("ingests a show (episode markets, descriptions, own or the show's cover) and a playlist by album folder and by title", async () => {
    await ingestFolder(album, { dataDir });
    const show = join(root, 'show');
    mkdirSync(show, { recursive: true });
    writeCover(join(show, 'cover.png'), '#aa3322');
    writeCover(join(show, 'ep2.png'), '#22aa33');
    writeTone(join(show, 'ep1.wav'), 200, 1);
    writeTone(join(show, 'ep2.wav'), 250, 1);
    const episode = (n: number, markets: string[], cover?: string) => ({
      file: `ep${n}.wav`,
      title: `Episode ${n}`,
      releaseDate: `2020-0${n}-01`,
      description: `About ${n}`,
      availableMarkets: markets,
      ...(cover ? { cover } : {}),
    });
    writeFileSync(
      join(show, 'metadata.json'),
      JSON.stringify({
        kind: 'show',
        name: 'Tiny Show',
        publisher: 'Tiny Audio',
        cover: 'cover.png',
        availableMarkets: [],
        episodes: [episode(1, ['SE']), episode(2, ['US'], 'ep2.png')],
      }),
    );
    const showSummary = await ingestFolder(show, { dataDir });
    expect(showSummary.counts).toMatchObject({ episodes: 2, audioFiles: 6 });
    const episodes = all<{ name: string; available_markets: string; dominant_color: string }>(dataDir, 'SELECT * FROM episodes ORDER BY name');
    expect(episodes.map((e) => [e.name, e.available_markets])).toEqual([
      ['Episode 1', '["SE"]'],
      ['Episode 2', '["US"]'],
    ]);
    expect(episodes[0]!.dominant_color).not.toBe(episodes[1]!.dominant_color);
    expect(all(dataDir, 'SELECT description FROM episode_descriptions ORDER BY description')).toEqual([{ description: 'About 1' }, { description: 'About 2' }]);
    expect(all(dataDir, "SELECT count(*) AS n FROM images WHERE owner_type = 'episode'")).toEqual([{ n: 6 }]);

    const playlists = join(root, 'playlists');
    mkdirSync(playlists, { recursive: true });
    writeFileSync(
      join(playlists, 'metadata.json'),
      JSON.stringify({ kind: 'playlists', playlists: [{ name: 'Mix', owner: 'Ines', tracks: [{ album: '../album', trackNumber: 2 }, { title: 'Tone 1' }] }] }),
    );
    await ingestFolder(playlists, { dataDir });
    const names = all<{ name: string }>(dataDir, 'SELECT t.name FROM playlist_tracks p JOIN tracks t ON t.id = p.track_id ORDER BY p.position');
    expect(names.map((n) => n.name)).toEqual(['Tone 2', 'Tone 1']);
    // Without a cover of its own the playlist lists its first track's album cover.
    expect(all(dataDir, "SELECT width FROM images WHERE owner_type = 'playlist' ORDER BY width DESC")).toEqual([{ width: 640 }, { width: 300 }, { width: 64 }]);

    writeFileSync(
      join(playlists, 'metadata.json'),
      JSON.stringify({ kind: 'playlists', playlists: [{ name: 'Other', owner: 'Ines', tracks: [{ title: 'No Such Song' }] }] }),
    );
    await expect(ingestFolder(playlists, { dataDir })).rejects.toThrow(/playlists\.0\.tracks\.0: no track titled "No Such Song"/);
  });
});
