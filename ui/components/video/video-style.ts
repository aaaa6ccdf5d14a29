/*
 * Issue 18: the video frame's own rules (ui/components/video/), one definition for the widget and
 * the web player, put in the page by the frame as it first shows (the video parts are a lazy chunk
 * of either page). Where the frame sits is each page's: ui/widget/widget.css, server/webplayer/.
 */

const STYLE_ID = 'video-frame-style';

export const VIDEO_FRAME_STYLE = [
  '.video-frame{position:relative;width:100%;height:100%;border-radius:4px;background:#000;color:#fff}',
  // The picture keeps its aspect ratio in whatever box the frame has: letterboxed on black.
  '.video-frame__host{position:absolute;inset:0;overflow:hidden;border-radius:inherit;cursor:pointer}',
  '.video-frame__media{display:block;width:100%;height:100%;object-fit:contain;background:#000}',
  '.video-frame:fullscreen{width:100%;height:100%;border-radius:0}',
  // In the top corner: the cues are drawn at the picture's foot.
  '.video-frame__controls{position:absolute;top:6px;right:6px;z-index:1;display:flex;gap:6px}',
  // Paused: a play sign over the picture; clicks go through to it.
  '.video-frame__paused{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.35);border-radius:inherit;pointer-events:none}',
  '.video-frame__paused .icon{width:36px;height:36px;filter:drop-shadow(0 1px 2px rgba(0,0,0,.6))}',
  '.video-button{display:flex;align-items:center;justify-content:center;width:28px;height:28px;padding:0;border:0;border-radius:50%;background:rgba(0,0,0,.65);color:#fff;cursor:pointer}',
  '.video-button:hover{background:rgba(0,0,0,.9)}',
  '.video-button:focus-visible,.video-subtitles__item:focus-visible{outline:2px solid #fff;outline-offset:-2px}',
  '.video-button--on{color:#1ed760}',
  // The 80 px cover art's box: 24 px targets (WCAG 2.5.8), in its corner.
  '.video-frame--small .video-frame__controls{top:2px;right:2px;gap:2px}',
  '.video-frame--small .video-button{width:24px;height:24px}',
  '.video-subtitles{position:relative}',
  '.video-subtitles__menu{position:absolute;right:0;top:calc(100% + 4px);z-index:4;min-width:120px;max-height:70vh;overflow-y:auto;margin:0;padding:2px;list-style:none;border-radius:4px;background:#282828;box-shadow:0 2px 8px rgba(0,0,0,.5);font-size:13px;line-height:16px}',
  // Beside the small box (the 80 px cover at the panel's left edge), from the top of the window: above or below it
  // there may be no room at all (an 80 px embed).
  '.video-frame--small .video-subtitles__menu{position:fixed;top:2px;right:auto;bottom:auto;left:calc(var(--cover-art-size,80px) + 16px);max-height:calc(100vh - 4px)}',
  '.video-subtitles__item{display:flex;align-items:center;gap:6px;width:100%;min-height:24px;padding:2px 10px 2px 6px;border:0;border-radius:3px;background:none;color:#fff;font:inherit;text-align:left;white-space:nowrap;cursor:pointer}',
  ".video-subtitles__item::before{content:'';flex:0 0 12px;text-align:center}",
  ".video-subtitles__item[aria-checked='true']::before{content:'\\2713'}",
  '.video-subtitles__item:hover,.video-subtitles__item:focus-visible{background:#3e3e3e}',
].join('');

/** Puts the frame's rules in the document once. */
export function ensureVideoStyle(doc: Document): void {
  if (doc.getElementById(STYLE_ID) !== null) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = VIDEO_FRAME_STYLE;
  doc.head.appendChild(style);
}
