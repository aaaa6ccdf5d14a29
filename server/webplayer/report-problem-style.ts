/*
 * Issue 19 Capture: the overflow menu ("More": Report a problem, ui/devtools/report-problem.tsx, the
 * widget's component) in the web player's top bar, at the user area's end, appended to
 * WEBPLAYER_STYLE. The widget's own rules (ui/widget/widget.css) are not on these pages: here the
 * button is a round 32 px icon button like the bar's, the menu and the dialog open under it, right
 * aligned, on the #282828 surface of the device list and the terms dialog, never wider than the window.
 */
export const REPORT_PROBLEM_STYLE =
  // The search box gives way to the user area on a narrow window (its input's own width held it at 262 px, so the
  // top bar ran past a 380 px window and the view scrolled sideways).
  '.wp-top-end{display:flex;gap:8px;align-items:center;flex:none}.wp-top>.wp-search{min-width:0}' +
  '.wp-top .report-problem{position:relative}' +
  '.report-problem__more{display:grid;place-items:center;width:32px;height:32px;border-radius:50%;background:rgba(0,0,0,.55);color:#b3b3b3;fill:currentColor}' +
  ".report-problem__more:hover,.report-problem__more[aria-expanded='true']{color:#fff;background:#2a2a2a}" +
  '.report-problem__menu,.report-problem__dialog{position:absolute;right:0;top:calc(100% + 8px);z-index:6;background:#282828;color:#fff;border-radius:8px;box-shadow:0 16px 24px rgba(0,0,0,.5)}' +
  '.report-problem__menu{margin:0;padding:4px;list-style:none;min-width:220px}' +
  '.report-problem__menu button{display:flex;justify-content:space-between;gap:16px;width:100%;min-height:40px;padding:8px 12px;border-radius:4px;text-align:left;white-space:nowrap}' +
  '.report-problem__menu button:hover{background:#3e3e3e}.report-problem__menu button:focus-visible{outline:2px solid #fff;outline-offset:-2px}' +
  '.report-problem__menu kbd{font:inherit;color:#b3b3b3}' +
  '.report-problem__dialog{display:flex;flex-wrap:wrap;align-items:center;gap:8px;width:min(380px,calc(100vw - 24px));padding:12px 44px 12px 12px}' +
  '.report-problem__dialog input{flex:1 1 180px;min-width:0;height:36px;padding:0 12px;border:1px solid #727272;border-radius:4px;background:#121212;color:#fff;font:inherit}' +
  '.report-problem__dialog input::placeholder{color:#a7a7a7}' +
  ".report-problem__dialog button[type='submit']{height:36px;padding:0 20px;border-radius:500px;background:#1ed760;color:#000;font-weight:700}" +
  ".report-problem__dialog button[type='submit']:hover{background:#3be477}" +
  '.report-problem__close{position:absolute;top:8px;right:8px;width:28px;height:28px;border-radius:50%;color:#b3b3b3;font-size:20px;line-height:1}.report-problem__close:hover{color:#fff;background:#3e3e3e}' +
  '.report-problem__done{flex:1 1 100%;margin:0;overflow-wrap:anywhere}.report-problem__done a{text-decoration:underline}' +
  '.report-problem__dialog [role=alert]{flex:1 1 100%;color:#f3727f}';
