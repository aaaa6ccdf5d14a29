import { actionLogDownloadRequested } from '../../core/widget/actions';
import { useDispatch } from '../hooks/use-dispatch';
import { useSelector } from '../hooks/use-selector';
import { useTranslate } from '../hooks/translate';

/** The file name of a downloaded session log. */
export function logFileName(sessionId: string | null): string {
  return `embed-session-${sessionId ?? 'unknown'}.jsonl`;
}

export interface LogDownloadProps {
  /** The whole log so far, as JSONL (core/store/action-log toJsonl). */
  readonly toJsonl: () => string;
}

/**
 * debug=1 only, loaded as its own chunk: downloads this session's action log (ARCHITECTURE.md §3).
 * The request is dispatched first, so the downloaded log shows that it was taken.
 */
export default function LogDownload({ toJsonl }: LogDownloadProps) {
  const dispatch = useDispatch();
  const t = useTranslate();
  const sessionId = useSelector((state) => state.sessionId);

  const onClick = () => {
    dispatch(actionLogDownloadRequested());
    const url = URL.createObjectURL(new Blob([toJsonl()], { type: 'application/x-ndjson' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = logFileName(sessionId);
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Revoked after the click has been handled; revoking at once can cancel the download.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <button type="button" className="log-download" data-testid="download-log" onClick={onClick}>
      {t('download_action_log')}
    </button>
  );
}
