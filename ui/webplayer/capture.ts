import type { CaptureLink } from '../../core/model/capture';
import { isLoggedIn } from '../../core/engine/session/state';
import { capturePage } from '../devtools/capture';
import type { PageRecording, WebPlayerPageState } from './page-store';

export interface WebPlayerCaptureSources {
  /** The page store's state now (its session holds the page's token, which a refresh may have renewed). */
  readonly getState: () => WebPlayerPageState;
  readonly recording: PageRecording;
  /** The widget's engine's log and transcript once the page started it (a listener's first play), else null. */
  readonly engine: () => { readonly actionLog: string; readonly transcript: string } | null;
}

/**
 * Issue 19 Capture on a web player page: the widget's capture (ui/devtools/capture.ts) of this
 * page's own log with its port transcript, its engine's log and transcript, and its environment, uploaded to its own
 * provider; a logged-in listener's page token makes the capture theirs.
 */
export function webPlayerCapture(win: Window, sources: WebPlayerCaptureSources): (description: string) => Promise<CaptureLink & { readonly href: string }> {
  const session = () => sources.getState().session;
  return capturePage(win, {
    api: '',
    actionLog: sources.recording.toJsonl,
    transcript: sources.recording.transcript,
    redactor: sources.recording.redactor,
    engine: sources.engine,
    accessTokens: () => {
      const token = session().accessToken;
      return token === null ? [] : [token];
    },
    listenerToken: () => (isLoggedIn(session()) ? (session().accessToken ?? undefined) : undefined),
  });
}
