/*
 * The device picker and the remote view's CSS in the player bar (issue 16; ui/webplayer/player-bar.tsx,
 * ui/components/device-picker.tsx), appended to WEBPLAYER_STYLE: the devices button beside the volume,
 * its list opening above the bar, and the "Listening on {device}" line under what plays. At the narrow
 * width the bar's end keeps the devices button (the volume goes, as before).
 */
export const REMOTE_STYLE =
  '.wp-bar-end{display:flex;gap:8px;align-items:center;justify-content:flex-end;position:relative}' +
  '.wp-bar .devices-button{color:#b3b3b3;display:grid;place-items:center;width:32px;height:32px}.wp-bar .devices-button:hover{color:#fff}' +
  '.wp-bar .devices-button--elsewhere{color:#1ed760}.wp-bar .devices-button--elsewhere:hover{color:#3be477}' +
  '.wp-bar .device-list{position:absolute;right:0;bottom:calc(100% + 12px);z-index:6;width:300px;max-height:60vh;overflow:auto;padding:8px;background:#282828;color:#fff;border-radius:8px;box-shadow:0 16px 24px rgba(0,0,0,.5)}' +
  '.wp-bar .device-list:focus{outline:none}.device-list__heading{margin:4px 8px 8px;font-size:16px;line-height:20px}.device-list__empty{margin:0 8px 8px;color:#b3b3b3}' +
  '.device-list__items{margin:0;padding:0;list-style:none}.device-list__device{display:flex;gap:12px;align-items:center;width:100%;min-height:44px;padding:6px 8px;border-radius:4px;color:#fff;text-align:left}' +
  '.device-list__device:hover{background:#3e3e3e}.device-list__device:focus-visible{outline:2px solid #fff;outline-offset:-2px}.device-list__device--active{color:#1ed760}' +
  '.device-list__device>.icon{flex:none}.device-list__text{display:flex;flex-direction:column;min-width:0}.device-list__name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}' +
  '.device-list__note{font-size:12px;color:#b3b3b3}.device-list__device--active .device-list__note{color:#1ed760}' +
  '.wp-bar .remote-toggle{color:#b3b3b3;display:grid;place-items:center;width:32px;height:32px}.wp-bar .remote-toggle:hover{color:#fff}.wp-bar .remote-toggle--on,.wp-bar .remote-toggle--on:hover{color:#1ed760}' +
  '.wp-bar .listening-on{display:flex;gap:6px;align-items:center;margin:0;font-size:12px;line-height:16px;color:#1ed760;min-width:0}' +
  '.wp-bar .listening-on>.icon{flex:none;width:16px;height:16px}.listening-on__text{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}' +
  '@media (max-width:760px){.wp-bar-end{display:flex;grid-column:1/-1;justify-content:flex-end}.wp-bar-end .wp-volume,.wp-bar-end .wp-preview-note{display:none}' +
  '.wp-bar .device-list{width:min(300px,calc(100vw - 16px))}}';
