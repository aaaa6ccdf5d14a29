import {
  engineEventReceived,
  initialWebPlayerState,
  pageHasVideoPreview,
  playToggled,
  rowPlayed,
  shownVideo,
  tracksSection,
  webPlayerReducer,
  type WebPlayerPage,
  type WebTrack,
} from './index';

/*
 * Issue 18 "Anonymous visitors get a 30 s unprotected preview of a video episode": in the web player's
 * preview mode a video episode's row plays its video preview (picture and sound) on the preview element,
 * which the now-playing panel shows; an audio episode plays its MP3 preview and shows no panel.
 */

const subtitles = [{ language: 'sv', url: '/media/v1/subtitles/sv.vtt' }];
const episode = (id: string, video: boolean): WebTrack => ({
  id,
  uri: `spotify:episode:${id}`,
  name: `Episode ${id}`,
  artists: [{ name: 'Show', href: '/show/s1' }],
  album: null,
  imageUrl: null,
  durationMs: 22_000,
  previewUrl: `/preview/${id}.mp3`,
  ...(video ? { videoPreview: { url: '/media/v1/preview.mp4?market=SE', width: 426, height: 240, subtitles } } : {}),
  playable: true,
});
const page: WebPlayerPage = {
  path: '/show/s1',
  itemUri: 'spotify:show:s1',
  header: null,
  sections: [tracksSection('episodes', null, 'spotify:show:s1', [episode('e1', true), episode('e2', false)], { album: false, cover: true }, '')],
};

describe("the web player's anonymous preview of a video episode (issue 18)", () => {
  it('plays the video preview file, and the panel shows it with its size and subtitles', () => {
    const s = webPlayerReducer(initialWebPlayerState(page, false), rowPlayed({ section: 0, index: 0 }));
    expect(s.preview?.steps).toEqual([{ kind: 'load', src: '/media/v1/preview.mp4?market=SE' }, { kind: 'play' }]);
    expect(shownVideo(s)).toEqual({ video: { width: 426, height: 240, subtitles }, source: 'preview' });
    // The panel's play button is the bar's: it pauses the preview element.
    expect(webPlayerReducer(s, playToggled()).preview?.steps).toEqual([{ kind: 'pause' }]);
  });

  it('an audio episode plays its MP3 preview and shows no video', () => {
    const s = webPlayerReducer(initialWebPlayerState(page, false), rowPlayed({ section: 0, index: 1 }));
    expect(s.preview?.steps).toEqual([{ kind: 'load', src: '/preview/e2.mp3' }, { kind: 'play' }]);
    expect(shownVideo(s)).toBeNull();
  });

  it("a listener's page shows the engine's video, never a preview", () => {
    const loggedIn = webPlayerReducer(initialWebPlayerState(page, true), rowPlayed({ section: 0, index: 0 }));
    expect(shownVideo(loggedIn)).toBeNull();
    const video = { width: 1280, height: 720, subtitles };
    const playing = webPlayerReducer(loggedIn, engineEventReceived({ event: { kind: 'videoChanged', video } }));
    expect(shownVideo(playing)).toEqual({ video, source: 'engine' });
  });

  it('a page with a video preview row gets a <video> preview element', () => {
    expect(pageHasVideoPreview(initialWebPlayerState(page, false))).toBe(true);
    expect(pageHasVideoPreview(initialWebPlayerState({ ...page, sections: [] }, false))).toBe(false);
  });
});
