import type { EmbedData } from '../../core/model/embed-data';
import { EMBED_DATA_ELEMENT_ID, PREVIEW_AUDIO_ELEMENT_ID, previewElementTag } from '../../core/model/embed-data';
import { trackPrefetchDecided } from '../../core/widget/actions';
import { prefetchDecisions } from '../../core/widget/preview-decisions';
import { initialWidgetState } from '../../core/widget/state';
import { escapeHtml, jsonForScript } from './html';

export interface WidgetAssets {
  /** The widget's CSS, inlined: no stylesheet request stands before the first paint. */
  readonly css: string;
  /** The entry and the chunks it imports up front, preloaded in parallel. */
  readonly scripts: ReadonlyArray<string>;
}

/**
 * The embed page: the server-rendered first frame of the widget (so cover art and track list paint
 * before any script runs), the JSON block of spec 000 §3, and the widget script.
 */
export function renderEmbedDocument(data: EmbedData, appHtml: string, assets: WidgetAssets): string {
  // The widget prefetches the first preview's metadata at start-up; the page starts it while it
  // parses, as a plain <audio src> would, so that the first click plays at once.
  const prefetch = prefetchDecisions(initialWidgetState(data)).find(trackPrefetchDecided.match);
  // Issue 18: a <video> where the list has a video preview (previewElementTag), the widget's element either way.
  const tag = previewElementTag(data.resource);
  const inline = tag === 'video' ? ' playsinline' : '';
  const audio =
    prefetch === undefined ? '' : `<${tag} id="${PREVIEW_AUDIO_ELEMENT_ID}" hidden${inline} preload="metadata" src="${escapeHtml(prefetch.src)}"></${tag}>`;
  const entry = assets.scripts[0];
  const preloads = assets.scripts.map((src) => `<link rel="modulepreload" href="${escapeHtml(src)}">`).join('');
  return (
    `<!doctype html><html lang="${escapeHtml(data.locale)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(data.resource.name)}</title><link rel="icon" href="data:,">` +
    `<style>${assets.css}</style>${preloads}</head><body>` +
    `<div id="root">${appHtml}</div>${audio}` +
    `<script id="${EMBED_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(data)}</script>` +
    (entry === undefined ? '' : bootScript(entry)) +
    `</body></html>`
  );
}

/**
 * The server's frame is complete without script, so it paints first: the widget's module (already
 * fetched through modulepreload) is evaluated only in the frame after the first paint; a module
 * script would otherwise run, and hydrate, before it. A page whose frames are throttled (a hidden
 * or off-screen iframe) still boots, on the timer.
 */
function bootScript(entry: string): string {
  const src = JSON.stringify(entry).replace(/</g, '\\u003c');
  return (
    `<script type="module">let boot=()=>{boot=()=>{};import(${src})};` +
    `requestAnimationFrame(()=>setTimeout(()=>boot(),0));setTimeout(()=>boot(),250)</script>`
  );
}
