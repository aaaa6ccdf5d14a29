// Issue 17: the ingest metadata's genres (album artists, albums, shows, playlists) become the
// catalogue's genres (migration 006), one genre per name whatever its case, on both databases; an
// album without genres of its own is in its artists'; a genre named again by a later ingest is kept.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeMetadata } from './metadata-codec';
import { genreIdOf } from './genres';
import { ingestFolder } from './ingest-folder';
import { openIngestDatabase } from './open-catalogue';
import { albumIdOf, artistIdOf } from './plan-album';
import { playlistIdOf } from './plan-playlists';
import { writeTinyAlbum } from './test-sources';
import { DIALECTS, useDialect } from '../testing/dialects';

jest.setTimeout(120_000);

/** Adds fields to a folder's metadata.json. */
function amend(dir: string, change: (metadata: any) => void): void {
  const file = join(dir, 'metadata.json');
  const metadata = JSON.parse(readFileSync(file, 'utf8'));
  change(metadata);
  writeFileSync(file, JSON.stringify(metadata));
}

describe('genres in the ingest metadata', () => {
  it('are optional lists of non-empty names on album artists, albums, shows and playlists', () => {
    const album = { kind: 'album', name: 'A', releaseDate: '2020', cover: 'c.png', artists: [{ name: 'X', genres: ['Jazz'] }], tracks: [] };
    expect(() => decodeMetadata({ ...album, genres: [''] }, 'm.json')).toThrow(/genres\.0/);
    expect(() => decodeMetadata({ ...album, genres: 'Jazz' }, 'm.json')).toThrow(/genres/);
    const playlists = { kind: 'playlists', playlists: [{ name: 'P', owner: 'O', genres: [' '], tracks: [{ title: 'T' }] }] };
    expect(() => decodeMetadata(playlists, 'm.json')).toThrow(/genres\.0/);
  });
});

describe.each(DIALECTS)('the ingest of genres on %s', (dialect) => {
  const database = useDialect(dialect);
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'embed-ingest-genres-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes each genre once and which artists, albums and playlists are in it', async () => {
    const databaseUrl = await database.databaseUrl();
    const options = { dataDir: join(root, 'data'), ...(databaseUrl === undefined ? {} : { databaseUrl }) };
    const first = join(root, 'first');
    writeTinyAlbum(first, { name: 'First', artist: 'Ada', tracks: 1, seconds: 1 });
    amend(first, (m) => (m.artists[0].genres = ['Jazz', 'Night Music', 'jazz']));
    const second = join(root, 'second');
    writeTinyAlbum(second, { name: 'Second', artist: 'Bo', tracks: 1, seconds: 1 });
    amend(second, (m) => {
      m.artists[0].genres = ['Blues'];
      m.genres = ['JAZZ'];
    });
    const lists = join(root, 'lists');
    mkdirSync(lists);
    writeFileSync(
      join(lists, 'metadata.json'),
      JSON.stringify({
        kind: 'playlists',
        playlists: [{ name: 'Late', owner: 'Cy', genres: ['Night music'], tracks: [{ album: '../first', trackNumber: 1 }] }],
      }),
    );
    for (const folder of [first, second, lists]) await ingestFolder(folder, options);

    const { db, close } = await openIngestDatabase(options.dataDir, databaseUrl);
    try {
      const genres = await db.selectFrom('genres').select(['id', 'name']).orderBy('name').execute();
      // The first spelling names the genre; 'jazz' and 'JAZZ' are Jazz.
      expect(genres).toEqual([
        { id: genreIdOf('Blues'), name: 'Blues' },
        { id: genreIdOf('jazz'), name: 'Jazz' },
        { id: genreIdOf('Night Music'), name: 'Night Music' },
      ]);
      const items = await db.selectFrom('item_genres').select(['item_type', 'item_id', 'genre_id', 'position']).execute();
      const of = (type: string, id: string) =>
        items
          .filter((r) => r.item_type === type && r.item_id === id)
          .sort((a, b) => Number(a.position) - Number(b.position))
          .map((r) => genres.find((g) => g.id === r.genre_id)?.name);
      expect(of('artist', artistIdOf('Ada'))).toEqual(['Jazz', 'Night Music']);
      // No genres of its own: its artists'.
      expect(of('album', albumIdOf({ name: 'First', artists: [{ name: 'Ada' }] }))).toEqual(['Jazz', 'Night Music']);
      // Its own genres, not its artist's.
      expect(of('album', albumIdOf({ name: 'Second', artists: [{ name: 'Bo' }] }))).toEqual(['Jazz']);
      expect(of('artist', artistIdOf('Bo'))).toEqual(['Blues']);
      expect(of('playlist', playlistIdOf('Cy', 'Late'))).toEqual(['Night Music']);
    } finally {
      await close();
    }
  });
});
