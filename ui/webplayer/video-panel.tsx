import { lazy, Suspense, useEffect, useState } from 'react';
import type { Action } from '../../core/store/action';
import { playToggled, shownVideo, type WebPlayerState } from '../../core/webplayer';
import { useMediaElement, usePreviewElement } from '../components/video/use-media-element';
import { createTranslate } from '../hooks/translate';
import en from '../../fixtures/translations/en.json';
import { Byline } from './item-header';

/*
 * Issue 18: the web player shows the video of a playing video episode as a streaming service's
 * desktop player does: a "now playing" panel at the right of the page, beside the view and over
 * the bar, that stays while the listener browses (the page under it changes, the picture plays
 * on). The frame is the widget's (ui/components/video/, one definition): the engine's media
 * element, the subtitles control and the full-screen button. An anonymous visitor's preview of a
 * video episode shows here too, on the preview element (a <video> then), with the same controls.
 */

const VideoFrame = lazy(() => import('../components/video/video-frame').then((m) => ({ default: m.VideoFrame })));

/** The web player's pages are English (server/webplayer/page.tsx lang="en"), as the player bar's texts. */
const t = createTranslate(en);
const LOCALE = 'en';

const STYLE_ID = 'wp-video-style';
/** Where the panel sits in the web player's grid (server/webplayer/styles.ts LAYOUT): a third column while a video plays. */
export const WEBPLAYER_VIDEO_STYLE =
  '.wp.wp--video{grid-template:"side view video" 1fr "bar bar bar" auto/280px minmax(0,1fr) minmax(280px,28vw)}' +
  // The view is narrower beside the panel: the item's title (clamp(32px, 6vw, 72px)) by the room it has.
  '.wp--video .wp-header h1{font-size:clamp(28px,4vw,56px)}' +
  '.wp-video{grid-area:video;display:flex;flex-direction:column;gap:12px;min-width:0;min-height:0;overflow:auto;padding:16px;border-radius:8px;background:#121212}' +
  '.wp-video-heading{margin:0;font-size:16px;line-height:22px;font-weight:700;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}' +
  '.wp-video .video-frame{flex:none;height:auto;aspect-ratio:var(--video-aspect);border-radius:8px}' +
  '.wp-video-byline{margin:0;font-size:13px;color:#b3b3b3}';

function ensurePanelStyle(doc: Document): void {
  if (doc.getElementById(STYLE_ID) !== null) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = WEBPLAYER_VIDEO_STYLE;
  doc.head.appendChild(style);
}

/** The root's class: the grid gets its third column while a video plays. */
export const webPlayerRootClass = (state: WebPlayerState): string => (shownVideo(state) === null ? 'wp' : 'wp wp--video');

export function VideoPanel({ state, dispatch }: { readonly state: WebPlayerState; readonly dispatch: (action: Action) => void }) {
  const { current } = state.player;
  const shown = shownVideo(state);
  const video = shown?.video;
  const engineMedia = useMediaElement();
  const previewMedia = usePreviewElement();
  const media = shown?.source === 'preview' ? previewMedia : engineMedia;
  // Off for each new video (keyed by its subtitle files), kept while the same one plays.
  const [choice, setChoice] = useState<{ readonly key: string; readonly language: string | null }>({ key: '', language: null });
  const showing = video !== undefined;
  useEffect(() => {
    if (showing) ensurePanelStyle(document);
  }, [showing]);
  if (video === undefined) return null;
  const key = video.subtitles.map((s) => s.url).join(' ');
  const title = current === null || current.name === '' ? 'Now playing' : current.name;
  return (
    <aside className="wp-video" aria-label="Now playing video" data-testid="wp-video">
      <h2 className="wp-video-heading">{title}</h2>
      <Suspense fallback={null}>
        <VideoFrame
          media={media}
          video={video}
          language={choice.key === key ? choice.language : null}
          onLanguage={(language) => setChoice({ key, language })}
          locale={LOCALE}
          t={t}
          onToggle={() => dispatch(playToggled())}
          playing={state.player.playing}
        />
      </Suspense>
      {current === null || current.artists.length === 0 ? null : (
        <p className="wp-video-byline">
          <Byline links={current.artists} />
        </p>
      )}
    </aside>
  );
}
