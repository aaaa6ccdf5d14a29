/*
 * The web player's CSS, inlined in each page (no request before the first paint). A dark theme in
 * the widget's font and colours (ui/widget/widget.css: system font stack, #121212 / #181818
 * surfaces, #b3b3b3 secondary text, #1ed760 accent). One block per part; a feature adds its own
 * block at the end of WEBPLAYER_STYLE, with its own class prefix.
 */

import { PLAYLIST_EDITING_STYLE } from './playlist-editing-style';
import { RADIO_TERMS_STYLE } from './radio-terms-style';
import { REMOTE_STYLE } from './remote-style';
import { REPORT_PROBLEM_STYLE } from './report-problem-style';
import { QUEUE_STYLE } from './queue-style';

const BASE =
  "*,*::before,*::after{box-sizing:border-box}html,body{height:100%}body{margin:0;font:14px/1.5 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;background:#000;color:#fff;-webkit-font-smoothing:antialiased}" +
  'a{color:inherit;text-decoration:none}a:hover{text-decoration:underline}' +
  'button{font:inherit;color:inherit;cursor:pointer;background:none;border:0;padding:0}button:disabled{cursor:default;opacity:.4}' +
  ':focus-visible{outline:2px solid #fff;outline-offset:2px}' +
  '.wp-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}';

/** Sidebar, view and bar: a grid filling the window; the view scrolls. */
const LAYOUT =
  '.wp{display:grid;grid-template:"side view" 1fr "bar bar" auto/280px 1fr;gap:8px;height:100vh;padding:8px 8px 0}' +
  '.wp-side{grid-area:side;background:#121212;border-radius:8px;padding:16px 12px;overflow:auto}' +
  '.wp-view{grid-area:view;background:linear-gradient(#1f1f1f,#121212 320px);border-radius:8px;overflow:auto;min-width:0}' +
  '.wp-main{padding:0 24px 32px}';

const NAV =
  '.wp-brand{display:flex;gap:10px;align-items:center;font-weight:700;font-size:18px;padding:4px 12px 16px}' +
  '.wp-logo{width:28px;height:28px;border-radius:50%;background:radial-gradient(circle at 50% 50%,#000 0 30%,#1ed760 31%)}' +
  '.wp-navlist{list-style:none;margin:0 0 16px;padding:0}.wp-navlist a{display:flex;gap:12px;align-items:center;padding:8px 12px;border-radius:6px;color:#b3b3b3;font-weight:700}' +
  '.wp-navlist a:hover{color:#fff;text-decoration:none;background:#1a1a1a}.wp-navlist a[aria-current]{color:#fff;background:#232323}' +
  '.wp-side-title{display:flex;gap:12px;align-items:center;margin:0 0 8px;padding:8px 12px;font-size:15px;color:#b3b3b3}' +
  '.wp-top{position:sticky;top:0;z-index:2;display:flex;gap:16px;align-items:center;justify-content:space-between;padding:12px 24px;background:rgba(18,18,18,.85);backdrop-filter:blur(8px)}' +
  '.wp-search{display:flex;align-items:center;gap:8px;background:#242424;border-radius:500px;padding:0 16px;height:48px;width:min(100%,420px);color:#b3b3b3}' +
  '.wp-search:focus-within{outline:2px solid #fff}.wp-search input{flex:1;min-width:0;background:none;border:0;color:#fff;font:inherit;font-size:15px;outline:none}' +
  '.wp-search input::placeholder{color:#a7a7a7}' +
  '.wp-login{background:#fff;color:#000;font-weight:700;border-radius:500px;padding:10px 28px;white-space:nowrap}.wp-login:hover{text-decoration:none;transform:scale(1.04)}';

const HEADER =
  '.wp-header{padding:16px 0 8px}.wp-hero{display:flex;gap:24px;align-items:flex-end}' +
  '.wp-cover{width:232px;height:232px;flex:none;object-fit:cover;border-radius:6px;box-shadow:0 8px 24px rgba(0,0,0,.5);background:linear-gradient(135deg,#450af5,#8e8ee5)}' +
  '.wp-round{border-radius:50%}.wp-hero-text{min-width:0}.wp-type{margin:0;font-size:14px;font-weight:700}' +
  '.wp-header h1{font-size:clamp(32px,6vw,72px);line-height:1.05;margin:8px 0 12px;letter-spacing:-.04em;font-weight:900;overflow-wrap:anywhere}' +
  '.wp-page-title{font-size:32px;margin:16px 0}.wp-description{color:#b3b3b3;margin:0 0 8px}' +
  '.wp-byline{margin:0;font-size:14px}.wp-byline a{font-weight:700}.wp-detail::before{content:"•";margin:0 6px}.wp-byline>.wp-detail:first-child::before{content:none}' +
  '.wp-actions{display:flex;gap:24px;align-items:center;padding:24px 0 8px}' +
  '.wp-bigplay{width:56px;height:56px;border-radius:50%;background:#1ed760;color:#000;display:grid;place-items:center;box-shadow:0 8px 8px rgba(0,0,0,.3)}.wp-bigplay:hover{transform:scale(1.04);background:#3be477}' +
  '.wp-heart{color:#b3b3b3;display:grid;place-items:center;width:32px;height:32px}.wp-heart:hover{color:#fff}.wp-heart[aria-pressed=true]{color:#1ed760}' +
  '.wp-heart-big svg{width:32px;height:32px}' +
  '.wp-follow{border:1px solid #727272;border-radius:500px;padding:6px 16px;font-weight:700;font-size:14px}.wp-follow:hover{border-color:#fff;transform:scale(1.04)}' +
  '.wp-offer{display:flex;gap:16px;align-items:center;justify-content:space-between;background:#2a2a2a;padding:12px 16px;border-radius:8px;font-weight:700}' +
  '.wp-offer a{color:#1ed760}.wp-offer button{color:#b3b3b3}';

const SECTIONS =
  '.wp-section{margin:24px 0}.wp-section-head{display:flex;align-items:baseline;justify-content:space-between;gap:16px}.wp-section h2{font-size:24px;margin:0 0 12px}' +
  '.wp-more{color:#b3b3b3;font-weight:700;font-size:14px}.wp-empty{color:#b3b3b3}' +
  '.wp-list{list-style:none;margin:0;padding:0}' +
  '.wp-row{display:grid;grid-template-columns:48px minmax(0,1fr) 40px 56px;gap:16px;align-items:center;padding:6px 16px 6px 8px;border-radius:4px;color:#b3b3b3}' +
  '.wp-with-album .wp-row{grid-template-columns:48px minmax(0,4fr) minmax(0,3fr) 40px 56px}' +
  '.wp-row:hover,.wp-row:focus-within{background:#2a2a2a}.wp-current{background:#2a2a2a}.wp-current .wp-title>a{color:#1ed760}' +
  '.wp-lead{position:relative;width:40px;height:40px;display:grid;place-items:center}.wp-num{font-variant-numeric:tabular-nums;font-size:16px}' +
  '.wp-thumb{width:40px;height:40px;border-radius:4px;object-fit:cover;background:#333}' +
  '.wp-rowplay{position:absolute;inset:0;display:grid;place-items:center;color:#fff;opacity:0;background:rgba(0,0,0,.5);border-radius:4px}' +
  '.wp-row:hover .wp-rowplay,.wp-rowplay:focus-visible,.wp-current .wp-rowplay{opacity:1}' +
  '.wp-title{display:flex;flex-direction:column;min-width:0}.wp-title>a{color:#fff;font-size:16px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}' +
  '.wp-artists,.wp-album{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-size:14px}' +
  // WCAG 2.2 target size (axe target-size): the links of a row are at least 24 px tall and wide.
  '.wp-artists a,.wp-album a,.wp-now a{display:inline-block;min-width:24px;line-height:24px}' +
  '.wp-dur{font-variant-numeric:tabular-nums;text-align:right}' +
  '.wp-grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:8px}' +
  '.wp-card{position:relative;padding:12px;border-radius:8px;display:flex;flex-direction:column;gap:4px;min-width:0}.wp-card:hover,.wp-card:focus-within{background:#1f1f1f}' +
  '.wp-card-art{position:relative;display:block;margin-bottom:8px}.wp-card-img{display:block;width:100%;aspect-ratio:1;object-fit:cover;border-radius:6px;background:#333;box-shadow:0 8px 24px rgba(0,0,0,.5)}' +
  '.wp-cardplay{position:absolute;right:8px;bottom:8px;z-index:1;width:48px;height:48px;border-radius:50%;background:#1ed760;color:#000;display:grid;place-items:center;opacity:0;transform:translateY(8px);transition:all .2s;box-shadow:0 8px 8px rgba(0,0,0,.3)}' +
  '.wp-card:hover .wp-cardplay,.wp-cardplay:focus-visible{opacity:1;transform:none}' +
  '.wp-card-name{font-weight:700;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.wp-card-name::after{content:"";position:absolute;inset:0}' +
  '.wp-card-sub{color:#b3b3b3;font-size:14px;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}';

const BAR =
  '.wp-bar{grid-area:bar;display:grid;grid-template-columns:minmax(180px,1fr) minmax(0,2fr) minmax(180px,1fr);gap:16px;align-items:center;height:72px;padding:0 8px;background:#000}' +
  '.wp-bar-track{display:flex;gap:12px;align-items:center;min-width:0}.wp-bar-cover{width:56px;height:56px;flex:none;border-radius:4px;object-fit:cover;background:#282828}' +
  '.wp-bar-text{display:flex;flex-direction:column;min-width:0}.wp-now{font-size:14px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.wp-bar .wp-artists{font-size:12px;color:#b3b3b3}' +
  '.wp-controls{display:flex;flex-direction:column;align-items:center;gap:4px;min-width:0}.wp-buttons{display:flex;gap:20px;align-items:center}' +
  '.wp-icon{color:#b3b3b3;display:grid;place-items:center;width:32px;height:32px}.wp-icon:hover:not(:disabled){color:#fff}' +
  '.wp-toggle{width:32px;height:32px;border-radius:50%;background:#fff;color:#000;display:grid;place-items:center}.wp-toggle:hover{transform:scale(1.06)}' +
  '.wp-progress{display:flex;gap:8px;align-items:center;width:100%;max-width:720px}.wp-time{font-size:12px;color:#b3b3b3;min-width:40px;text-align:center;font-variant-numeric:tabular-nums}' +
  '.wp-range{flex:1;min-width:0;height:12px;margin:0;appearance:none;-webkit-appearance:none;background:transparent;cursor:pointer;--wp-fill:0%}' +
  '.wp-range::-webkit-slider-runnable-track{height:4px;border-radius:2px;background:linear-gradient(to right,#fff var(--wp-fill),#4d4d4d var(--wp-fill))}' +
  '.wp-range:hover::-webkit-slider-runnable-track{background:linear-gradient(to right,#1ed760 var(--wp-fill),#4d4d4d var(--wp-fill))}' +
  '.wp-range::-webkit-slider-thumb{-webkit-appearance:none;width:12px;height:12px;margin-top:-4px;border-radius:50%;background:#fff;opacity:0}.wp-range:hover::-webkit-slider-thumb,.wp-range:focus-visible::-webkit-slider-thumb{opacity:1}' +
  '.wp-range::-moz-range-track{height:4px;border-radius:2px;background:#4d4d4d}.wp-range::-moz-range-progress{height:4px;border-radius:2px;background:#fff}' +
  '.wp-bar-end{display:flex;gap:12px;align-items:center;justify-content:flex-end;min-width:0}.wp-volume{display:flex;gap:4px;align-items:center;width:140px}' +
  '.wp-preview-note{font-size:12px;font-weight:700;color:#1ed760;white-space:nowrap}';

/** Phones (the 380 px screenshot): the sidebar becomes a strip above the view; the bar drops the volume. */
const NARROW =
  '@media (max-width:760px){.wp{grid-template:"side" auto "view" 1fr "bar" auto/1fr;padding:0;gap:0}' +
  '.wp-side{border-radius:0;padding:8px 12px;display:flex;gap:12px;align-items:center;overflow-x:auto}.wp-brand{padding:0}.wp-brand span:last-child{display:none}' +
  '.wp-side-title{display:none}.wp-navlist{display:flex;gap:4px;margin:0}.wp-navlist a{padding:6px 10px;white-space:nowrap}.wp-view{border-radius:0}' +
  '.wp-top{padding:8px 12px;gap:8px}.wp-login{padding:8px 16px}.wp-main{padding:0 12px 24px}.wp-hero{flex-direction:column;align-items:flex-start;gap:16px}.wp-cover{width:180px;height:180px;align-self:center}' +
  '.wp-with-album .wp-row,.wp-row{grid-template-columns:40px minmax(0,1fr) 32px;padding:4px}.wp-album,.wp-dur{display:none}' +
  '.wp-grid{grid-template-columns:repeat(2,minmax(0,1fr))}.wp-card{padding:8px}' +
  '.wp-bar{grid-template-columns:minmax(0,1fr) auto;height:auto;padding:8px;gap:8px}.wp-bar-end{display:none}.wp-controls{flex-direction:row-reverse}' +
  '.wp-progress{position:absolute;left:0;right:0;bottom:0;padding:0 8px}.wp-bar{position:relative;padding-bottom:20px}.wp-time{display:none}.wp-buttons{gap:8px}}';

/** Tabs between sibling pages (LinksSection): the browse pages, a search's kinds. */
const TABS =
  '.wp-tabs ul{list-style:none;margin:0 0 24px;padding:0;display:flex;flex-wrap:wrap;gap:8px}' +
  '.wp-tabs a{display:inline-block;padding:6px 14px;border-radius:500px;background:#2a2a2a;color:#fff;font-size:14px}' +
  ".wp-tabs a:hover{background:#3a3a3a;text-decoration:none}.wp-tabs a[aria-current='page']{background:#fff;color:#000}";
export const WEBPLAYER_STYLE =
  RADIO_TERMS_STYLE +
  BASE +
  LAYOUT +
  NAV +
  HEADER +
  SECTIONS +
  BAR +
  NARROW +
  TABS +
  PLAYLIST_EDITING_STYLE +
  REMOTE_STYLE +
  REPORT_PROBLEM_STYLE +
  QUEUE_STYLE;
