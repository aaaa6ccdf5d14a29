import { decodeMetadata } from './metadata-codec';

const album = () => ({
  kind: 'album',
  name: 'Harbour Lights',
  releaseDate: '2018-10-05',
  cover: 'cover.png',
  artists: [{ name: 'Marlow Tide' }],
  tracks: [{ file: '01.wav', title: 'Lantern Swell', trackNumber: 1, artists: ['Marlow Tide'], availableMarkets: ['SE'] }],
});
const SOURCE = 'albums/harbour/metadata.json';

describe('the ingest metadata codec (the issue: a missing field names the file and the reason)', () => {
  it('decodes an album, a show and playlists', () => {
    expect(decodeMetadata(album(), SOURCE).kind).toBe('album');
    const show = {
      kind: 'show',
      name: 'Tidal Notes',
      publisher: 'Driftwood',
      cover: 'c.png',
      availableMarkets: ['SE', 'US'],
      episodes: [{ file: 'e.wav', title: 'Ep. 1', releaseDate: '2019-08', description: '', availableMarkets: [] }],
    };
    expect(decodeMetadata(show, SOURCE).kind).toBe('show');
    const playlists = { kind: 'playlists', playlists: [{ name: 'Mix', owner: 'Ines', tracks: [{ album: '../a', trackNumber: 2 }, { title: 'X' }] }] };
    expect(decodeMetadata(playlists, SOURCE).kind).toBe('playlists');
  });

  it('names the file and the dotted path of a missing field', () => {
    const raw = album();
    delete (raw.tracks[0] as Partial<(typeof raw.tracks)[0]>).title;
    expect(() => decodeMetadata(raw, SOURCE)).toThrow(`${SOURCE}: tracks.0.title: expected NonEmpty, got nothing`);
  });

  it('names a malformed market, release date and track number', () => {
    const raw = album();
    raw.tracks[0]!.availableMarkets = ['se'];
    expect(() => decodeMetadata(raw, SOURCE)).toThrow(/tracks\.0\.availableMarkets\.0: expected Market, got "se"/);
    expect(() => decodeMetadata({ ...album(), releaseDate: '2018-13-01' }, SOURCE)).toThrow(/releaseDate: expected ReleaseDate/);
    const zero = album();
    zero.tracks[0]!.trackNumber = 0;
    expect(() => decodeMetadata(zero, SOURCE)).toThrow(/tracks\.0\.trackNumber: expected PositiveInt, got 0/);
  });

  it('keeps an artist biography as written and refuses an empty one (spec 000 §5 Bio text)', () => {
    const biography = 'A duo.\n\nThey tour with <a href="spotify:artist:dnLPbP3S4rNGI00E4c5iib">The Quiet Orchards</a>.';
    const decoded = decodeMetadata({ ...album(), artists: [{ name: 'Marlow Tide', biography }] }, SOURCE);
    expect(decoded.kind === 'album' && decoded.artists[0]!.biography).toBe(biography);
    expect(() => decodeMetadata({ ...album(), artists: [{ name: 'Marlow Tide', biography: ' ' }] }, SOURCE)).toThrow(
      `${SOURCE}: artists.0.biography: expected NonEmpty, got " "`,
    );
  });

  it('refuses a file name that leaves the folder', () => {
    expect(() => decodeMetadata({ ...album(), cover: '../elsewhere.png' }, SOURCE)).toThrow(/cover: expected FileName/);
  });

  it('refuses an unknown kind and a repeated track number, naming the field', () => {
    expect(() => decodeMetadata({ kind: 'single' }, SOURCE)).toThrow(`${SOURCE}: kind: expected "album", "show" or "playlists", got "single"`);
    const raw = album();
    raw.tracks.push({ ...raw.tracks[0]!, file: '02.wav' });
    expect(() => decodeMetadata(raw, SOURCE)).toThrow(`${SOURCE}: tracks.1.trackNumber: track number 1 is used twice`);
  });
});
