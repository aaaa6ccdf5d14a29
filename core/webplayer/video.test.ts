import { engineEventReceived, initialWebPlayerState, webPlayerReducer, type WebPlayerPage } from './index';

/** Issue 18: the web player shows the video the engine plays (core/contract/events.ts videoChanged). */
const page: WebPlayerPage = { path: '/episode/e1', itemUri: 'spotify:episode:e1', header: null, sections: [] };
const video = { width: 854, height: 480, subtitles: [{ language: 'sv', url: 'http://cdn.test/video/s1/subtitles/sv.vtt' }] };

describe("issue 18: the web player's video follows the engine's videoChanged", () => {
  it('a video track sets it, null takes it away', () => {
    let s = initialWebPlayerState(page, true);
    expect(s.player.video).toBeUndefined();
    s = webPlayerReducer(s, engineEventReceived({ event: { kind: 'videoChanged', video } }));
    expect(s.player.video).toEqual(video);
    s = webPlayerReducer(s, engineEventReceived({ event: { kind: 'videoChanged', video: null } }));
    expect('video' in s.player).toBe(false);
  });

  it('preview mode has no engine: its events change nothing', () => {
    const s = initialWebPlayerState(page, false);
    expect(webPlayerReducer(s, engineEventReceived({ event: { kind: 'videoChanged', video } }))).toBe(s);
  });
});
