import type { Action } from '../../core/store/action';
import { isStationUri, likeKey, radioSongBanned, radioSongLiked, type TracksSection, type WebPlayerState, type WebTrack } from '../../core/webplayer';

/** A station row's feedback (spec 001 §7 Radio): like the song, or ban it from this station (the row goes at once). */
export function RadioRowFeedback({
  track,
  row,
  section,
  index,
  state,
  dispatch,
}: {
  track: WebTrack;
  row: number;
  section: TracksSection;
  index: number;
  state: WebPlayerState;
  dispatch: (action: Action) => void;
}) {
  if (!isStationUri(section.contextUri)) return null;
  const liked = state.radio.liked[likeKey(section.contextUri, track.uri)] ?? false;
  return (
    <span className="wp-radio-feedback">
      <button
        type="button"
        className="wp-radio-like"
        aria-pressed={liked}
        aria-label={`Like ${track.name}`}
        title="Like: more like this on this station"
        onClick={() => dispatch(radioSongLiked({ section: index, index: row }))}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M1 7h3v8H1zM6 15h6.5a1.5 1.5 0 0 0 1.46-1.16l1-4.5A1.5 1.5 0 0 0 13.5 7.5H10V3.5A2.5 2.5 0 0 0 7.5 1L6 6.5z" />
        </svg>
      </button>
      <button
        type="button"
        className="wp-radio-ban"
        aria-label={`Ban ${track.name} from this station`}
        title="Ban: never play this song on this station"
        onClick={() => dispatch(radioSongBanned({ section: index, index: row }))}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path fill="none" stroke="currentColor" strokeWidth="1.6" d="M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM3.4 3.4l9.2 9.2" />
        </svg>
      </button>
    </span>
  );
}
