/*
 * The web player's radio station rows (ui/webplayer/radio.tsx) and the terms dialog (ui/webplayer/terms-dialog.tsx), one block each.
 */

/** spec 001 §7 Terms: the reacceptance dialog (ui/webplayer/terms-dialog.tsx). */
const TERMS =
  '.wp-terms{max-width:32rem;border:0;border-radius:8px;padding:1.5rem;background:#282828;color:#fff}' +
  '.wp-terms::backdrop{background:rgba(0,0,0,.7)}' +
  '.wp-terms h2{margin:0 0 .75rem;font-size:1.25rem}' +
  '.wp-terms a{display:inline-block;min-height:24px;padding:2px 0;color:#fff;text-decoration:underline}' +
  '.wp-terms-accept{margin-top:1rem;padding:.6rem 1.6rem;border:0;border-radius:999px;background:#1ed760;color:#000;font-weight:700;cursor:pointer}' +
  '.wp-terms-accept:focus-visible{outline:3px solid #fff;outline-offset:2px}' +
  '.wp-terms-accept:disabled{opacity:.7;cursor:default}';

/** Issue 17 radio: a station row's like and ban buttons, one more grid cell (ui/webplayer/radio.tsx). */
const RADIO =
  '.wp-row:has(>.wp-radio-feedback){grid-template-columns:48px minmax(0,1fr) auto auto 40px 56px}' +
  '.wp-with-album .wp-row:has(>.wp-radio-feedback){grid-template-columns:48px minmax(0,4fr) minmax(0,3fr) auto auto 40px 56px}' +
  '@media (max-width:760px){.wp-with-album .wp-row:has(>.wp-radio-feedback),.wp-row:has(>.wp-radio-feedback){grid-template-columns:40px minmax(0,1fr) auto auto 32px}}' +
  '.wp-radio-feedback{display:flex;gap:4px}' +
  '.wp-radio-feedback button{display:inline-flex;align-items:center;justify-content:center;width:32px;height:32px;border:0;border-radius:50%;background:none;color:#b3b3b3;cursor:pointer}' +
  '.wp-radio-feedback button:hover{color:#fff;background:#2a2a2a}' +
  '.wp-radio-feedback button:focus-visible{outline:2px solid #fff;outline-offset:1px}' +
  ".wp-radio-like[aria-pressed='true']{color:#1ed760}";

export const RADIO_TERMS_STYLE = TERMS + RADIO;
