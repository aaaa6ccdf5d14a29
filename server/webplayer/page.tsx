import { renderToString } from 'react-dom/server';
import { WebPlayerApp } from '../../ui/webplayer/WebPlayerApp';
import { PAGE_DATA_ID, ROOT_ID, type WebPlayerPageData } from '../../ui/webplayer/page-data';
import { escapeHtml } from '../embed/html';
import { WEBPLAYER_STYLE } from './styles';

/** JSON inside a script element: no '<' may end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The description and Open Graph tags a shared link shows (the old open pages' item, name and image). */
function metaTags(data: WebPlayerPageData): string {
  const meta = data.meta;
  if (meta === null) return '';
  const tag = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  return (
    `<meta name="description" content="${escapeHtml(meta.description)}">` +
    tag('og:title', data.title) +
    tag('og:type', meta.type) +
    tag('og:description', meta.description) +
    (meta.imageUrl === null ? '' : tag('og:image', meta.imageUrl))
  );
}

/** A web player page: rendered in full (first paint without script), then hydrated by /widget/webplayer.js. */
export function renderWebPlayerPage(data: WebPlayerPageData): string {
  const body = renderToString(<WebPlayerApp state={data.state} dispatch={() => undefined} title={data.title} query={data.query} />);
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">' +
    `<title>${escapeHtml(data.title)} | Web Player</title>${metaTags(data)}<style>${WEBPLAYER_STYLE}</style></head><body>` +
    `<div id="${ROOT_ID}">${body}</div>` +
    `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>` +
    '<script type="module" src="/widget/webplayer.js"></script></body></html>'
  );
}
