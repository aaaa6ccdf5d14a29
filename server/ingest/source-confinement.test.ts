// Issue 12 Faults: the ingest reads only files inside its source folder. A symbolic link (or a
// path) that resolves out of the folder is refused with an error naming the file, before any work.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestFolder } from './ingest-folder';
import { readSourceFolder } from './source-folder';
import { writeTinyAlbum, writeTone } from './test-sources';

jest.setTimeout(60_000);

let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'embed-confine-'));
  dataDir = join(root, 'data');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const noMedia = () => !existsSync(join(dataDir, 'media', 'audio'));

describe('the ingest reads only inside its source folder (issue 12)', () => {
  it('refuses an audio file that is a symbolic link out of the folder, naming the file and the metadata field', async () => {
    const album = join(root, 'album');
    writeTinyAlbum(album, { tracks: 2, seconds: 1 });
    const secret = join(root, 'outside.wav');
    writeTone(secret, 440, 1);
    rmSync(join(album, '02.wav'));
    symlinkSync(secret, join(album, '02.wav'));
    await expect(ingestFolder(album, { dataDir })).rejects.toThrow(
      `${join(album, '02.wav')}: refused: it resolves to ${secret}, outside the source folder ${album} (a symbolic link out of the folder is not followed) (named by metadata.json tracks.1.file)`,
    );
    expect(noMedia()).toBe(true);
  });

  it('refuses a cover reached through a linked sub-folder that points out of the folder', async () => {
    const album = join(root, 'album');
    writeTinyAlbum(album, { tracks: 1, seconds: 1 });
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere);
    renameSync(join(album, 'cover.png'), join(elsewhere, 'cover.png'));
    symlinkSync(elsewhere, join(album, 'art'));
    const metadata = JSON.parse(readFileSync(join(album, 'metadata.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(album, 'metadata.json'), JSON.stringify({ ...metadata, cover: 'art/cover.png' }));
    await expect(ingestFolder(album, { dataDir })).rejects.toThrow(`${join(album, 'art/cover.png')}: refused: it resolves to ${join(elsewhere, 'cover.png')}`);
    expect(noMedia()).toBe(true);
  });

  it('refuses a metadata.json that is a symbolic link out of the folder', () => {
    const album = join(root, 'album');
    writeTinyAlbum(album, { tracks: 1, seconds: 1 });
    renameSync(join(album, 'metadata.json'), join(root, 'metadata.json'));
    symlinkSync(join(root, 'metadata.json'), join(album, 'metadata.json'));
    expect(() => readSourceFolder(album)).toThrow(`${join(album, 'metadata.json')}: refused: it resolves to ${join(root, 'metadata.json')}`);
  });

  it('refuses a ../ path in metadata.json (the metadata format: names stay inside the folder)', async () => {
    const album = join(root, 'album');
    writeTinyAlbum(album, { tracks: 1, seconds: 1 });
    writeTone(join(root, 'up.wav'), 440, 1);
    const metadata = JSON.parse(readFileSync(join(album, 'metadata.json'), 'utf8')) as { tracks: Array<Record<string, unknown>> };
    metadata.tracks[0]!.file = '../up.wav';
    writeFileSync(join(album, 'metadata.json'), JSON.stringify(metadata));
    await expect(ingestFolder(album, { dataDir })).rejects.toThrow(/metadata\.json.*tracks\.0\.file/);
    expect(noMedia()).toBe(true);
  });

  it('follows a symbolic link that stays inside the folder, and a source folder given through a link', async () => {
    const real = join(root, 'real-album');
    writeTinyAlbum(real, { tracks: 1, seconds: 1 });
    renameSync(join(real, '01.wav'), join(real, 'tone.wav'));
    symlinkSync('tone.wav', join(real, '01.wav'));
    const linked = join(root, 'linked-album');
    symlinkSync(real, linked);
    const summary = await ingestFolder(linked, { dataDir });
    expect(summary.counts.tracks).toBe(1);
  });
});
