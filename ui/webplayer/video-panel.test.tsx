import { act } from 'react';
import { engineEventReceived, initialWebPlayerState, playToggled, webPlayerReducer, type WebPlayerPage, type WebPlayerState } from '../../core/webplayer';
import type { Action } from '../../core/store/action';
import { createMediaElementSlot, MediaElementProvider } from '../components/video/media-element';
import { byTestId, cleanup, render } from '../test/render';
import { VideoPanel, webPlayerRootClass } from './video-panel';

afterEach(cleanup);

const page: WebPlayerPage = { path: '/episode/e1', itemUri: 'spotify:episode:e1', header: null, sections: [] };
const video = { width: 1280, height: 720, subtitles: [{ language: 'en', url: '/cdn/video/s1/subtitles/en.vtt' }] };
const playing = (state: WebPlayerState) => webPlayerReducer(state, engineEventReceived({ event: { kind: 'videoChanged', video } }));

async function mount(state: WebPlayerState) {
  const slot = createMediaElementSlot();
  const actions: Action[] = [];
  const r = render(
    <MediaElementProvider slot={slot}>
      <VideoPanel state={state} dispatch={(a) => actions.push(a)} />
    </MediaElementProvider>,
  );
  // The frame is a lazy chunk.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { ...r, slot, actions };
}

describe("issue 18: the web player's now-playing video panel", () => {
  it('is absent while no video plays; the grid has no third column', async () => {
    const state = initialWebPlayerState(page, true);
    const { container } = await mount(state);
    expect(container.querySelector('[data-testid="wp-video"]')).toBeNull();
    expect(webPlayerRootClass(state)).toBe('wp');
  });

  it("shows the engine's element in the widget's frame, with its subtitles and full-screen controls; a click on the picture plays or pauses", async () => {
    const state = playing(initialWebPlayerState(page, true));
    expect(webPlayerRootClass(state)).toBe('wp wp--video');
    const { container, slot, actions } = await mount(state);
    const panel = byTestId(container, 'wp-video');
    expect(panel.getAttribute('aria-label')).toBe('Now playing video');
    const media = document.createElement('video');
    act(() => slot.set(media));
    const frame = byTestId(panel, 'video-frame');
    expect(byTestId(frame, 'video-host').firstElementChild).toBe(media);
    expect(byTestId(frame, 'video-subtitles').getAttribute('aria-label')).toBe('Subtitles: Off');
    expect(byTestId(frame, 'video-fullscreen').getAttribute('aria-label')).toBe('Full screen');
    act(() => byTestId(frame, 'video-host').click());
    expect(actions).toEqual([playToggled()]);
  });
});
