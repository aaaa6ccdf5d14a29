import {
  cardsSection,
  cardPlayed,
  defaultPlaybackContext,
  engineEventReceived,
  initialWebPlayerState,
  libraryAnswered,
  libraryToggled,
  nextRequested,
  pagePlayToggled,
  playToggled,
  previewFactReceived,
  rowPlayed,
  seekRequested,
  shuffleToggled,
  tracksSection,
  webPlayerReducer,
  type WebCard,
  type WebPlayerPage,
  type WebTrack,
  lastCommand,
  COMMANDS_KEPT,
  withCommand,
  type WebPlayerState,
} from './index';
import { of } from 'rxjs';
import type { EngineEvent } from '../contract';
import { clientInitialised } from '../engine/player/actions';
import { engineEvents } from '../engine/player/client-events';
import { engineState } from '../engine/player/testing/engine-state';

const track = (id: string, playable = true, previewUrl: string | null = `/preview/${id}.mp3`): WebTrack => ({
  id,
  uri: `spotify:track:${id}`,
  name: `Song ${id}`,
  artists: [{ name: 'Artist', href: '/artist/ar' }],
  album: null,
  imageUrl: null,
  durationMs: 200_000,
  previewUrl,
  playable,
});
const card = (uri: string, playable = true): WebCard => ({ uri, href: '/x', name: uri, subtitle: '', imageUrl: null, round: false, playable });
const list = (contextUri: string | null, rows: WebTrack[]) => tracksSection('l', null, contextUri, rows, { album: false, cover: false }, '');
const page = (over: Partial<WebPlayerPage>): WebPlayerPage => ({ path: '/', itemUri: null, header: null, sections: [], ...over });

describe('spec 001 §2 default playback context', () => {
  it.each([
    [
      'an item path plays its item from the first playable row of its list',
      page({ path: '/album/a1', itemUri: 'spotify:album:a1', sections: [list('spotify:album:a1', [track('x', false), track('y')])] }),
      { contextUri: 'spotify:album:a1', index: 1, section: 0, row: 1 },
    ],
    [
      'an item path plays its item even before its rows are known',
      page({ path: '/album/a1', itemUri: 'spotify:album:a1' }),
      { contextUri: 'spotify:album:a1', index: 0, section: -1, row: -1 },
    ],
    [
      '/collection/tracks plays that list from its first playable row',
      page({ path: '/collection/tracks', sections: [list('spotify:user:demo:collection', [track('a'), track('b')])] }),
      { contextUri: 'spotify:user:demo:collection', index: 0, section: 0, row: 0 },
    ],
    [
      'search plays the first playable result as its own track',
      page({ path: '/search/x', sections: [list(null, [track('a', false), track('b'), track('c')])] }),
      { contextUri: 'spotify:track:b', index: 0, section: 0, row: 1 },
    ],
    [
      'a page of cards plays its first playable card, after lists with nothing playable',
      page({
        path: '/browse/featured',
        sections: [list(null, [track('a', false)]), cardsSection('c', null, [card('spotify:album:n', false), card('spotify:album:p')], '')],
      }),
      { contextUri: 'spotify:album:p', index: 0, section: 1, row: -1 },
    ],
    ['a page with nothing playable plays nothing', page({ path: '/search/x', sections: [list(null, [track('a', false)])] }), null],
    ['an empty page plays nothing', page({ path: '/collection/tracks', sections: [list('spotify:user:demo:collection', [])] }), null],
  ])('%s', (_name, given, expected) => {
    expect(defaultPlaybackContext(given)).toEqual(expected);
  });
});

describe('web player reducer: the player bar, logged in (full tracks through the engine)', () => {
  const collection = page({ path: '/collection/tracks', sections: [list('spotify:user:demo:collection', [track('a'), track('b')])] });

  it('toggling play with nothing loaded sends the default context to the engine and names its row', () => {
    const next = webPlayerReducer(initialWebPlayerState(collection, true), playToggled());
    expect(lastCommand(next)).toEqual({ seq: 1, command: { kind: 'play', contextUri: 'spotify:user:demo:collection', index: 0 } });
    expect(next.player.current?.name).toBe('Song a');
    expect(next.player.playing).toBe(true);
  });

  it('toggling with something loaded pauses and resumes; next, seek and the engine events follow', () => {
    let s = webPlayerReducer(initialWebPlayerState(collection, true), playToggled());
    s = webPlayerReducer(s, playToggled());
    expect(lastCommand(s)).toEqual({ seq: 2, command: { kind: 'pause' } });
    s = webPlayerReducer(s, playToggled());
    expect(lastCommand(s)).toEqual({ seq: 3, command: { kind: 'resume' } });
    s = webPlayerReducer(s, nextRequested());
    expect(lastCommand(s)?.command).toEqual({ kind: 'next' });
    s = webPlayerReducer(s, engineEventReceived({ event: { kind: 'trackChanged', uri: 'spotify:track:b', durationMs: 180_000 } }));
    expect([s.player.current?.name, s.player.durationMs, s.player.positionMs]).toEqual(['Song b', 180_000, 0]);
    s = webPlayerReducer(s, seekRequested({ positionMs: 999_999 }));
    expect(lastCommand(s)?.command).toEqual({ kind: 'seek', positionMs: 180_000 });
    s = webPlayerReducer(s, engineEventReceived({ event: { kind: 'progress', positionMs: 61_000 } }));
    expect(s.player.positionMs).toBe(61_000);
    s = webPlayerReducer(s, engineEventReceived({ event: { kind: 'paused' } }));
    expect(s.player.playing).toBe(false);
  });

  it('the bar shows the shuffle and repeat the engine starts with (spec 001 §3 Playback state), before either changes', () => {
    // The engine's own start, through its event stream (the options it holds are not the bar's defaults here).
    const started = engineState({ list: { shuffle: true, repeat: 'CONTEXT' } });
    const events: EngineEvent[] = [];
    engineEvents(of(clientInitialised({ instanceId: 'i1' })), () => started).subscribe((event) => events.push(event));
    const s = events.reduce((state, event) => webPlayerReducer(state, engineEventReceived({ event })), initialWebPlayerState(collection, true));
    expect([s.player.shuffle, s.player.repeat]).toEqual([true, 'CONTEXT']);
  });

  it('spec 001 §4 Shuffle is off for shows: playing a show turns the engine shuffle off first; the shuffle button does nothing while a show plays', () => {
    const showUri = 'spotify:show:s1';
    const showPage = page({ path: `/show/s1`, itemUri: showUri, sections: [list(showUri, [track('e1'), track('e2')])] });
    let s = webPlayerReducer(initialWebPlayerState(collection, true), shuffleToggled());
    expect(s.player.shuffle).toBe(true);
    s = { ...s, page: showPage };
    const before = s.commands.length;
    s = webPlayerReducer(s, rowPlayed({ section: 0, index: 1 }));
    expect(s.commands.slice(before).map((c) => c.command)).toEqual([
      { kind: 'shuffle', shuffle: false },
      { kind: 'play', contextUri: showUri, index: 1 },
    ]);
    expect(s.player.shuffle).toBe(false);
    const pressed = webPlayerReducer(s, shuffleToggled());
    expect(pressed.commands).toEqual(s.commands);
    expect(pressed.player.shuffle).toBe(false);
    // Shuffle off already: a show just plays.
    const plain = webPlayerReducer({ ...initialWebPlayerState(showPage, true) }, rowPlayed({ section: 0, index: 0 }));
    expect(plain.commands.map((c) => c.command)).toEqual([{ kind: 'play', contextUri: showUri, index: 0 }]);
  });

  it('a track the page has no row for is shown by its uri until its metadata comes', () => {
    const s = webPlayerReducer(
      initialWebPlayerState(collection, true),
      engineEventReceived({ event: { kind: 'trackChanged', uri: 'spotify:track:zz', durationMs: 1 } }),
    );
    expect(s.player.current).toMatchObject({ uri: 'spotify:track:zz', id: 'zz', name: '' });
  });

  it('a row plays in its list context at its index; a card plays its item', () => {
    const s = webPlayerReducer(initialWebPlayerState(collection, true), rowPlayed({ section: 0, index: 1 }));
    expect(lastCommand(s)?.command).toEqual({ kind: 'play', contextUri: 'spotify:user:demo:collection', index: 1 });
    const c = webPlayerReducer(s, cardPlayed({ uri: 'spotify:album:q' }));
    expect(lastCommand(c)?.command).toEqual({ kind: 'play', contextUri: 'spotify:album:q', index: 0 });
  });

  it("the header's play starts the page's item even when something else is loaded, then pauses and resumes it; a playing card's play pauses it", () => {
    const album = page({ path: '/album/a1', itemUri: 'spotify:album:a1', sections: [list('spotify:album:a1', [track('x'), track('y')])] });
    let s = webPlayerReducer(initialWebPlayerState(album, true), cardPlayed({ uri: 'spotify:album:other' }));
    s = webPlayerReducer(s, pagePlayToggled());
    expect(lastCommand(s)?.command).toEqual({ kind: 'play', contextUri: 'spotify:album:a1', index: 0 });
    s = webPlayerReducer(s, pagePlayToggled());
    expect(lastCommand(s)?.command).toEqual({ kind: 'pause' });
    s = webPlayerReducer(s, pagePlayToggled());
    expect(lastCommand(s)?.command).toEqual({ kind: 'resume' });
    s = webPlayerReducer(s, cardPlayed({ uri: 'spotify:album:q' }));
    s = webPlayerReducer(s, cardPlayed({ uri: 'spotify:album:q' }));
    expect(lastCommand(s)?.command).toEqual({ kind: 'pause' });
  });

  it('a library toggle shows at once and is put back when the write fails', () => {
    let s = webPlayerReducer(initialWebPlayerState(collection, true), libraryToggled({ uri: 'spotify:album:q' }));
    expect(s.library['spotify:album:q']).toBe(true);
    expect(s.libraryWrite).toEqual({ seq: 1, uri: 'spotify:album:q', on: true });
    s = webPlayerReducer(s, libraryAnswered({ uri: 'spotify:album:q', on: true, ok: false }));
    expect(s.library['spotify:album:q']).toBe(false);
  });
});

describe('web player reducer: anonymous visitors (spec 000 §4 preview mode, issue 17 log-in offer)', () => {
  const album = page({
    path: '/album/a1',
    itemUri: 'spotify:album:a1',
    sections: [list('spotify:album:a1', [track('x', true, null), track('y'), track('z')])],
  });

  it('play with nothing loaded previews the item from its first row with a preview, on the preview element', () => {
    const s = webPlayerReducer(initialWebPlayerState(album, false), playToggled());
    expect(lastCommand(s)).toBeNull();
    expect(s.preview).toEqual({ seq: 1, steps: [{ kind: 'load', src: '/preview/y.mp3' }, { kind: 'play' }] });
    expect([s.player.mode, s.player.current?.id, s.player.durationMs]).toEqual(['preview', 'y', 30_000]);
  });

  it('the 30 s cap ends a preview and the next row plays; the last one stops', () => {
    let s = webPlayerReducer(initialWebPlayerState(album, false), playToggled());
    s = webPlayerReducer(s, previewFactReceived({ kind: 'timeupdate', positionMs: 12_000, durationMs: 40_000 }));
    expect(s.player.positionMs).toBe(12_000);
    s = webPlayerReducer(s, previewFactReceived({ kind: 'timeupdate', positionMs: 30_000, durationMs: 40_000 }));
    expect(s.player.current?.id).toBe('z');
    expect(s.preview?.steps).toEqual([{ kind: 'load', src: '/preview/z.mp3' }, { kind: 'play' }]);
    s = webPlayerReducer(s, nextRequested());
    expect(s.player.playing).toBe(false);
    expect(s.preview?.steps).toEqual([{ kind: 'pause' }, { kind: 'seek', positionMs: 0 }]);
  });

  it('saving, following and playing a card offer the log-in page instead', () => {
    const s = initialWebPlayerState(album, false);
    expect(webPlayerReducer(s, libraryToggled({ uri: 'spotify:album:a1' })).loginOffer).toBe('save');
    expect(webPlayerReducer(s, libraryToggled({ uri: 'spotify:artist:b' })).loginOffer).toBe('follow');
    expect(webPlayerReducer(s, cardPlayed({ uri: 'spotify:album:b' })).loginOffer).toBe('play');
    expect(webPlayerReducer(s, libraryToggled({ uri: 'spotify:album:a1' })).libraryWrite).toBeNull();
  });
});

describe('the commands queued for the engine', () => {
  it('are numbered in order and at most COMMANDS_KEPT are kept, the newest', () => {
    let s: Pick<WebPlayerState, 'commands'> = { commands: [] };
    for (let i = 0; i < COMMANDS_KEPT + 4; i += 1) s = withCommand(s, { kind: 'next' });
    expect(s.commands.map((c) => c.seq)).toEqual(Array.from({ length: COMMANDS_KEPT }, (_, i) => i + 5));
    expect(lastCommand(s)?.seq).toBe(COMMANDS_KEPT + 4);
  });
});
