import {
  defaultPlaybackContext,
  initialWebPlayerState,
  playbackChanged,
  playToggled,
  rowPlayed,
  saveAnswered,
  saveToggled,
  webPlayerReducer,
  type WebPlayerPage,
  type WebTrack,
} from './index';

const track = (id: string, playable = true): WebTrack => ({ id, uri: `spotify:track:${id}`, name: `Song ${id}`, artists: 'Artist', playable });
const page = (over: Partial<WebPlayerPage>): WebPlayerPage => ({ path: '/', itemUri: null, listContextUri: null, tracks: [], ...over });

describe('spec 001 §2 default playback context', () => {
  it.each([
    [
      'an item path plays its item from its first playable row',
      page({ path: '/album/a1', itemUri: 'spotify:album:a1', tracks: [track('x', false), track('y')] }),
      { contextUri: 'spotify:album:a1', index: 1, row: 1 },
    ],
    [
      'an item path plays its item even before its rows are known',
      page({ path: '/album/a1', itemUri: 'spotify:album:a1' }),
      { contextUri: 'spotify:album:a1', index: 0, row: 0 },
    ],
    [
      '/collection/tracks plays that list from its first playable row',
      page({ path: '/collection/tracks', listContextUri: 'spotify:user:demo:collection', tracks: [track('a'), track('b')] }),
      { contextUri: 'spotify:user:demo:collection', index: 0, row: 0 },
    ],
    [
      'search plays the first playable result as its own track',
      page({ path: '/search/x', tracks: [track('a', false), track('b'), track('c')] }),
      { contextUri: 'spotify:track:b', index: 0, row: 1 },
    ],
    ['a page with nothing playable plays nothing', page({ path: '/search/x', tracks: [track('a', false)] }), null],
    ['an empty page plays nothing', page({ path: '/collection/tracks', listContextUri: 'spotify:user:demo:collection' }), null],
  ])('%s', (_name, given, expected) => {
    expect(defaultPlaybackContext(given)).toEqual(expected);
  });
});

describe('web player reducer', () => {
  const collection = page({ path: '/collection/tracks', listContextUri: 'spotify:user:demo:collection', tracks: [track('a'), track('b')] });

  it('toggling play with nothing loaded sends the default context to the engine', () => {
    const next = webPlayerReducer(initialWebPlayerState(collection, true), playToggled());
    expect(next.command).toEqual({ seq: 1, command: { kind: 'play', contextUri: 'spotify:user:demo:collection', index: 0 } });
    expect(next.loaded).toEqual({ contextUri: 'spotify:user:demo:collection', index: 0, name: 'Song a' });
  });

  it('toggling play with something loaded pauses and resumes it', () => {
    let s = webPlayerReducer(initialWebPlayerState(collection, true), playToggled());
    s = webPlayerReducer(s, playToggled());
    expect(s.command).toEqual({ seq: 2, command: { kind: 'pause' } });
    s = webPlayerReducer(s, playToggled());
    expect(s.command).toEqual({ seq: 3, command: { kind: 'resume' } });
    expect(webPlayerReducer(s, playbackChanged({ playing: false })).playing).toBe(false);
  });

  it('a row plays in the page list context at its index', () => {
    const s = webPlayerReducer(initialWebPlayerState(collection, true), rowPlayed({ index: 1 }));
    expect(s.command?.command).toEqual({ kind: 'play', contextUri: 'spotify:user:demo:collection', index: 1 });
  });

  it('an anonymous visitor who plays or saves is offered the log-in page, no command and no request', () => {
    const anon = initialWebPlayerState(collection, false);
    const played = webPlayerReducer(anon, playToggled());
    expect(played.loginOffer).toBe('play');
    expect(played.command).toBeNull();
    const saved = webPlayerReducer(anon, saveToggled({ id: 'a' }));
    expect(saved.loginOffer).toBe('save');
    expect(saved.save).toBeNull();
  });

  it('saving flips the row at once and asks for the write; a failed write puts it back', () => {
    const s = webPlayerReducer(initialWebPlayerState(collection, true, { a: false }), saveToggled({ id: 'a' }));
    expect(s.saved.a).toBe(true);
    expect(s.save).toEqual({ seq: 1, id: 'a', saved: true });
    expect(webPlayerReducer(s, saveAnswered({ id: 'a', saved: true, ok: false })).saved.a).toBe(false);
    expect(webPlayerReducer(s, saveAnswered({ id: 'a', saved: true, ok: true })).saved.a).toBe(true);
  });
});
