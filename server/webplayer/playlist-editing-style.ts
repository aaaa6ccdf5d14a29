/*
 * The playlist editing controls' CSS (issue 17; ui/webplayer/playlist-editing.tsx), appended to
 * WEBPLAYER_STYLE: "Create playlist" in the sidebar, the rows' "Add to playlist" menu and, on the
 * listener's own playlist, the row tools and the rename / public controls. A track row gains one
 * column (the row tools and the menu button) before the heart.
 */
export const PLAYLIST_EDITING_STYLE =
  '.wp-row{grid-template-columns:48px minmax(0,1fr) auto 40px 56px}.wp-with-album .wp-row{grid-template-columns:48px minmax(0,4fr) minmax(0,3fr) auto 40px 56px}' +
  '.wp-pl-rowext{display:flex;gap:4px;align-items:center;justify-content:flex-end}' +
  '.wp-pl-rowtools{display:flex;gap:2px;align-items:center}.wp-pl-grip{cursor:grab;color:#727272;padding:0 4px;font-size:16px;user-select:none}.wp-pl-grip:hover{color:#fff}.wp-pl-rowtools button,.wp-pl-add-button{width:32px;height:32px;border-radius:50%;display:grid;place-items:center;color:#b3b3b3;font-size:18px;line-height:1}' +
  '.wp-pl-rowtools button:hover:not(:disabled),.wp-pl-add-button:hover,.wp-pl-add-button[aria-expanded=true]{color:#fff;background:#3e3e3e}' +
  '.wp-pl-add{position:relative}.wp-pl-menu{position:absolute;right:0;top:calc(100% + 4px);z-index:5;list-style:none;margin:0;padding:4px;min-width:220px;max-height:280px;overflow:auto;background:#282828;border-radius:4px;box-shadow:0 16px 24px rgba(0,0,0,.5)}' +
  '.wp-pl-menu button{display:block;width:100%;text-align:left;padding:10px 12px;border-radius:2px;color:#fff}.wp-pl-menu button:hover,.wp-pl-menu button:focus{background:#3e3e3e;outline:none}' +
  '.wp-pl-menu button:focus-visible{outline:2px solid #fff;outline-offset:-2px}.wp-pl-menu-note{padding:10px 12px;color:#b3b3b3}' +
  '.wp-pl-create{padding:0 12px 12px}.wp-pl-create-button{display:flex;gap:12px;align-items:center;color:#b3b3b3;font-weight:700;padding:8px 0;white-space:nowrap}.wp-pl-create-button:hover{color:#fff}' +
  '.wp-pl-create-button span{display:grid;place-items:center;width:24px;height:24px;border-radius:2px;background:#b3b3b3;color:#000;font-size:18px}' +
  '.wp-pl-form{display:flex;flex-wrap:wrap;gap:8px;align-items:center}.wp-pl-form label{width:100%;font-size:12px;font-weight:700;color:#b3b3b3}' +
  '.wp-pl-form input{flex:1;min-width:120px;font:inherit;color:#fff;background:#3e3e3e;border:1px solid #727272;border-radius:4px;padding:6px 10px}' +
  '.wp-pl-form button,.wp-pl-tools>button{border:1px solid #727272;border-radius:500px;padding:6px 16px;font-weight:700;font-size:14px;color:#fff}' +
  '.wp-pl-form button[type=submit]{background:#fff;color:#000;border-color:#fff}.wp-pl-form button:hover:not(:disabled),.wp-pl-tools>button:hover{border-color:#fff;transform:scale(1.04)}' +
  '.wp-pl-tools{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-end;padding:8px 0}.wp-pl-tools .wp-pl-form{max-width:420px}' +
  '.wp-pl-notice{min-height:1.5em;margin:0;color:#1ed760;font-weight:700}' +
  '@media (max-width:760px){.wp-with-album .wp-row,.wp-row{grid-template-columns:40px minmax(0,1fr) auto 32px}.wp-pl-grip{display:none}.wp-pl-create{padding:0}.wp-pl-create .wp-pl-form{position:absolute;z-index:5;background:#282828;padding:12px;border-radius:4px}}';
