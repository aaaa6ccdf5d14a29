import type { Action } from '../../core/store/action';
import { trackQueued, type WebPlayerState, type WebTrack } from '../../core/webplayer';

/** A queue icon: lines with a play mark (16 px, currentColor, as ./icons.tsx). */
const QueueIcon = () => (
  <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
    <path d="M1 2h10v1.5H1V2zm0 4h10v1.5H1V6zm0 4h6v1.5H1V10zm8.5-.2v5.4L14 12.5l-4.5-2.7z" />
  </svg>
);

/** A row's "Add to queue" (spec 001 §4 Playback actions): a button, so it is reached and pressed from the keyboard. */
export function AddToQueue({ track, dispatch }: { track: WebTrack; dispatch: (action: Action) => void }) {
  return (
    <button
      type="button"
      className="wp-q-add"
      disabled={!track.playable}
      aria-label={`Add ${track.name} to queue`}
      title="Add to queue"
      onClick={() => dispatch(trackQueued({ uri: track.uri, name: track.name }))}
    >
      <QueueIcon />
    </button>
  );
}

/** The live region that says what the last "Add to queue" did. */
export function QueueNotice({ state }: { state: WebPlayerState }) {
  return (
    <p className="wp-q-notice" role="status" aria-live="polite">
      {state.queueNotice?.text ?? ''}
    </p>
  );
}
