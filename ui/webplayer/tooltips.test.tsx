import {
  initialPlaylistEditingState,
  initialWebPlayerState,
  SIGN_UP_TOOLTIPS,
  tracksSection,
  UPGRADE_TOOLTIP,
  type WebPlayerPage,
  type WebTrack,
} from '../../core/webplayer';
import { cleanup, render } from '../test/render';
import { WebPlayerApp } from './WebPlayerApp';

/*
 * spec 001 §6 Roles and permissions, in the page: "Signup tooltips go to anonymous users and an upgrade tooltip
 * to free users." The titles of the header's save and play, a row's save and "Add to playlist", "Create
 * playlist" and the bar's play, for each role.
 */

const track: WebTrack = {
  id: 'a',
  uri: 'spotify:track:a',
  name: 'Song a',
  artists: [],
  album: null,
  imageUrl: null,
  durationMs: 60_000,
  previewUrl: '/preview/a.mp3',
  playable: true,
};
const URI = 'spotify:album:al1';
const page: WebPlayerPage = {
  path: '/album/al1',
  itemUri: URI,
  header: {
    uri: URI,
    typeLabel: 'Album',
    name: 'An album',
    imageUrl: null,
    round: false,
    byline: [],
    details: [],
    description: null,
    actions: [{ kind: 'play' }, { kind: 'library', uri: URI, verb: 'save' }],
  },
  sections: [tracksSection('tracks', null, URI, [track], { album: false, cover: false }, '')],
};

function titles(loggedIn: boolean, product?: string): Record<string, string | null> {
  const base = initialWebPlayerState(page, loggedIn, {}, initialPlaylistEditingState({ loggedIn, userId: loggedIn ? 'u1' : null, open: null }));
  const state = product === undefined ? base : { ...base, product };
  const { container } = render(<WebPlayerApp state={state} dispatch={() => undefined} title="An album" query="" />);
  const title = (selector: string) => container.querySelector(selector)?.getAttribute('title') ?? null;
  return {
    headerPlay: title('.wp-bigplay'),
    headerSave: title('.wp-heart-big'),
    rowSave: title('button[aria-label="Save Song a to Liked Songs"]'),
    addToPlaylist: title('button[aria-label="Add Song a to playlist"]'),
    createPlaylist: title('.wp-pl-create-button'),
    barPlay: title('.wp-toggle'),
  };
}

afterEach(cleanup);

describe('tooltips by role in the web player (spec 001 §6)', () => {
  it('an anonymous visitor: sign-up tooltips on saving, playlists and play', () => {
    expect(titles(false)).toEqual({
      headerPlay: SIGN_UP_TOOLTIPS.play,
      headerSave: SIGN_UP_TOOLTIPS.library,
      rowSave: SIGN_UP_TOOLTIPS.library,
      addToPlaylist: SIGN_UP_TOOLTIPS.playlist,
      createPlaylist: SIGN_UP_TOOLTIPS.playlist,
      barPlay: SIGN_UP_TOOLTIPS.play,
    });
  });

  it('a free listener: the upgrade tooltip on play, the controls’ own titles elsewhere', () => {
    expect(titles(true, 'free')).toEqual({
      headerPlay: UPGRADE_TOOLTIP,
      headerSave: 'Save to Your Library',
      rowSave: null,
      addToPlaylist: 'Add to playlist',
      createPlaylist: null,
      barPlay: UPGRADE_TOOLTIP,
    });
  });

  it('a premium listener: no sign-up or upgrade tooltip anywhere', () => {
    expect(titles(true, 'premium')).toEqual({
      headerPlay: 'Play An album',
      headerSave: 'Save to Your Library',
      rowSave: null,
      addToPlaylist: 'Add to playlist',
      createPlaylist: null,
      barPlay: 'Play',
    });
  });
});
