import { renderToString } from 'react-dom/server';
import { WebPlayerApp } from '../../ui/webplayer/WebPlayerApp';
import { PAGE_DATA_ID, ROOT_ID, type WebPlayerPageData } from '../../ui/webplayer/page-data';
import { escapeHtml } from '../embed/html';

const STYLE =
  'body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#121212;color:#fff}a{color:#fff}' +
  '.wp{min-height:100vh;padding-bottom:80px;box-sizing:border-box}' +
  '.wp-nav{display:flex;flex-wrap:wrap;gap:16px;align-items:center;justify-content:space-between;padding:12px 16px;background:#000}' +
  '.wp-nav nav{display:flex;gap:16px}.wp-nav a{font-weight:700;text-decoration:none}.wp-nav a[aria-current]{text-decoration:underline}' +
  '.wp-nav form{display:flex;gap:8px;align-items:center}.wp-nav input{font:inherit;padding:6px 12px;border-radius:16px;border:1px solid #727272;background:#242424;color:#fff;width:min(40vw,280px)}' +
  'button{font:inherit;cursor:pointer;color:#fff;background:#2a2a2a;border:1px solid #727272;border-radius:16px;padding:4px 12px}button:disabled{cursor:default;opacity:.5}' +
  ':focus-visible{outline:2px solid #fff;outline-offset:2px}' +
  '.wp-main{max-width:880px;margin:0 auto;padding:16px}h1{font-size:32px;line-height:1.2;margin:8px 0 16px}' +
  '.wp-list{list-style:none;margin:0;padding:0}.wp-row{display:flex;gap:12px;align-items:center;padding:6px 8px;border-radius:4px}' +
  '.wp-row:hover,.wp-current{background:#2a2a2a}.wp-title{flex:1;min-width:0;display:flex;flex-direction:column}' +
  '.wp-title a{text-decoration:none;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.wp-artists{color:#b3b3b3;font-size:13px}' +
  '.wp-save[aria-pressed=true]{color:#1ed760;border-color:#1ed760}.wp-offer{display:flex;gap:12px;align-items:center;background:#2a2a2a;padding:8px 12px;border-radius:4px}' +
  '.wp-bar{position:fixed;left:0;right:0;bottom:0;display:flex;gap:16px;align-items:center;padding:12px 16px;background:#181818;border-top:1px solid #2a2a2a}' +
  '.wp-toggle{width:44px;height:44px;border-radius:50%;background:#fff;color:#000;border:0}.wp-now{color:#b3b3b3}';

/** JSON inside a script element: no '<' may end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A web player page: rendered in full (first paint without script), then hydrated by /widget/webplayer.js. */
export function renderWebPlayerPage(data: WebPlayerPageData): string {
  const body = renderToString(<WebPlayerApp state={data.state} dispatch={() => undefined} title={data.title} query={data.query} />);
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">' +
    `<title>${escapeHtml(data.title)} | Web Player</title><style>${STYLE}</style></head><body>` +
    `<div id="${ROOT_ID}">${body}</div>` +
    `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>` +
    '<script type="module" src="/widget/webplayer.js"></script></body></html>'
  );
}
