/*
 * "Add to queue" on the track rows and its notice (ui/webplayer/queue.tsx), appended to WEBPLAYER_STYLE:
 * the button shares the cell of the row's playlist tools (the row's grid keeps its columns) and shows on
 * hover, on focus and on touch screens; the notice is a small line under the header.
 */
export const QUEUE_STYLE =
  '.wp-q-actions{display:flex;gap:4px;align-items:center;justify-content:flex-end}' +
  '.wp-q-add{flex:none;width:32px;height:32px;min-width:32px;border-radius:50%;display:grid;place-items:center;color:#b3b3b3;opacity:0}' +
  '.wp-row:hover .wp-q-add,.wp-row:focus-within .wp-q-add,.wp-q-add:focus-visible{opacity:1}.wp-q-add:hover:not(:disabled){color:#fff;background:#3e3e3e}' +
  '@media (hover:none){.wp-q-add{opacity:1}}' +
  // A long album name is cut in its own column, so its link never lies under the row's buttons (a target of its own).
  '.wp-row .wp-album>a{max-width:100%;overflow:hidden;text-overflow:ellipsis;vertical-align:top}' +
  '.wp-q-notice{margin:0;color:#b3b3b3;font-size:13px}.wp-q-notice:empty{display:none}';
