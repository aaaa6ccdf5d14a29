import {
  initialPlaylistEditingState,
  initialWebPlayerState,
  loginOfferClosed,
  playlistEditAnswered,
  playlistPublicToggled,
  playlistRenamed,
  playlistRowMoved,
  playlistRowRemoved,
  rowPlayed,
  rowsOf,
  tracksSection,
  webPlayerReducer,
  type ItemHeader,
  type OpenPlaylist,
  type WebPlayerPage,
  type WebPlayerState,
  type WebTrack,
  lastCommand,
} from './index';

/*
 * Issue 17: the page of the listener's own playlist shows what playlist editing shows — its name,
 * public or private, its rows in their order, its counts — so playing a row after a move plays
 * the row the listener sees; an anonymous visitor's try is the page's log-in offer.
 */

const track = (id: string, durationMs = 60_000): WebTrack => ({
  id,
  uri: `spotify:track:${id}`,
  name: `Song ${id}`,
  artists: [],
  album: null,
  imageUrl: null,
  durationMs,
  previewUrl: null,
  playable: true,
});
const URI = 'spotify:playlist:pl1';
const rows = ['a', 'b', 'c'].map((id) => track(id));
const header: ItemHeader = {
  uri: URI,
  typeLabel: 'Public Playlist',
  name: 'Mine',
  imageUrl: null,
  round: false,
  byline: [],
  details: ['3 songs', '3 min 0 sec'],
  description: null,
  actions: [{ kind: 'play' }],
};
const page: WebPlayerPage = {
  path: '/playlist/pl1',
  itemUri: URI,
  header,
  sections: [tracksSection('tracks', null, URI, rows, { album: true, cover: true }, '')],
};
const open: OpenPlaylist = { id: 'pl1', name: 'Mine', public: true, owned: true, rows: rowsOf(rows), snapshotId: 's1' };
const state = (loggedIn = true): WebPlayerState =>
  initialWebPlayerState(page, loggedIn, {}, initialPlaylistEditingState({ loggedIn, userId: loggedIn ? 'demo' : null, open: loggedIn ? open : null }));
const shownIds = (s: WebPlayerState) => (s.page.sections[0]!.kind === 'tracks' ? s.page.sections[0]!.rows.map((r) => r.id) : []);

describe("the listener's own playlist page follows its edits", () => {
  it('a move shows at once in the page list, and a row played then is the one the listener sees there', () => {
    const moved = webPlayerReducer(state(), playlistRowMoved({ from: 2, to: 0 }));
    expect(shownIds(moved)).toEqual(['c', 'a', 'b']);
    const played = webPlayerReducer(moved, rowPlayed({ section: 0, index: 0 }));
    expect(lastCommand(played)?.command).toEqual({ kind: 'play', contextUri: URI, index: 0 });
    expect(played.player.current?.id).toBe('c');
  });

  it('removing a row updates the song count and total length; rename and publish the header', () => {
    let s = webPlayerReducer(state(), playlistRowRemoved({ index: 1 }));
    s = webPlayerReducer(s, playlistRenamed({ name: 'Renamed' }));
    s = webPlayerReducer(s, playlistPublicToggled());
    expect(shownIds(s)).toEqual(['a', 'c']);
    expect(s.page.header).toMatchObject({ name: 'Renamed', typeLabel: 'Private Playlist', details: ['2 songs', '2 min 0 sec'] });
  });

  it('a failed change puts the page back as it was', () => {
    const moved = webPlayerReducer(state(), playlistRowMoved({ from: 2, to: 0 }));
    const back = webPlayerReducer(moved, playlistEditAnswered({ seq: 1, ok: false, snapshotId: null }));
    expect(shownIds(back)).toEqual(['a', 'b', 'c']);
    expect(back.playlistEditing.notice?.text).toBe('Could not change the playlist; it is back as it was.');
  });

  it('an anonymous visitor who tries gets the log-in offer of the page (issue 17: never an error), and can close it', () => {
    const tried = webPlayerReducer(state(false), playlistRenamed({ name: 'x' }));
    expect(tried.loginOffer).toBe('playlist');
    expect(tried.playlistEditing.loginOffer).toBeNull();
    expect(tried.page).toBe(page);
    expect(webPlayerReducer(tried, loginOfferClosed()).loginOffer).toBeNull();
  });
});
