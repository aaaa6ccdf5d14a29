import type { EngineVideo } from '../contract/events';
import type { WebPlayerState, WebTrack } from './state';

/** What preview mode plays for a row: a video episode's video preview (picture and sound), else the MP3 preview (issue 18). */
export const previewSrcOf = (track: WebTrack): string | null => track.videoPreview?.url ?? track.previewUrl;

/**
 * The video the now-playing panel shows (ui/webplayer/video-panel.tsx): the engine's for a listener,
 * an anonymous visitor's video preview while its episode is the current row (played on the preview
 * element, as the widget shows it in the same frame); null: none.
 */
export function shownVideo(state: WebPlayerState): { readonly video: EngineVideo; readonly source: 'engine' | 'preview' } | null {
  const { player } = state;
  if (player.mode === 'full') return player.video === undefined ? null : { video: player.video, source: 'engine' };
  const preview = player.current?.videoPreview;
  if (preview === undefined) return null;
  const { url: _file, ...video } = preview;
  return { video, source: 'preview' };
}

/** Whether any row of the page has a video preview: the preview element is then a <video> (a <video> plays MP3 previews too). */
export const pageHasVideoPreview = (state: WebPlayerState): boolean =>
  state.page.sections.some((section) => section.kind === 'tracks' && section.rows.some((row) => row.videoPreview !== undefined));
