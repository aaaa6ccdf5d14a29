import { createRoot } from 'react-dom/client';
import type { EmbedData } from '../../core/model/embed-data';
import type { Redactor } from '../../core/store/redact';
import { createTranslate } from '../hooks/translate';
import { capturePage } from './capture';
import ReportProblem from './report-problem';

export interface ReportProblemMount {
  /** The embed's data: its provider, its session and its translations (the menu's texts are the widget's). */
  readonly data: Pick<EmbedData, 'config' | 'session' | 'translations'>;
  /** The page's action log (JSONL) and its redactor. */
  readonly actionLog: () => string;
  readonly redactor: Redactor;
  /** The engine's log and transcript once it started, else null. */
  readonly engine: () => { readonly actionLog: string; readonly transcript: string } | null;
}

/**
 * Issue 19 Capture, in the lazy chunk: mounts the overflow menu's "Report a problem" (and its
 * Alt+Shift+R shortcut) on a page, capturing its session and uploading it to the provider (the
 * listener's token, when logged in, makes the capture theirs).
 */
export function mountReportProblem(win: Window, mount: ReportProblemMount): void {
  const { data } = mount;
  const capture = capturePage(win, {
    api: data.config.hosts.api,
    actionLog: mount.actionLog,
    redactor: mount.redactor,
    engine: mount.engine,
    accessTokens: () => (data.session === undefined ? [] : [data.session.accessToken]),
    listenerToken: () => (data.session?.loggedIn === true ? data.session.accessToken : undefined),
  });
  // The parent page's client (ui/embed-api-client requestCapture) may ask for a capture with embed-api=1: the link
  // goes back to the page that asked, at its origin only. A listener's capture opens for them alone, so the
  // page gets a link it can attach to a support form, not the session.
  if (new URLSearchParams(win.location.search).get('embed-api') === '1') {
    win.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as Record<string, unknown> | null;
      if (event.source === null || event.source !== win.parent || typeof data !== 'object' || data === null) return;
      if (data.type !== 'api/capture' || data.source !== 'embed-api' || typeof data.channelId !== 'string' || typeof data.requestId !== 'string') return;
      const answer = { type: 'capture', source: 'embed', channelId: data.channelId, requestId: data.requestId };
      const reply = (body: Record<string, unknown>) => (event.source as Window).postMessage({ ...answer, ...body }, event.origin);
      capture(typeof data.description === 'string' ? data.description : '').then(
        (link) => reply({ url: link.href }),
        (err: unknown) => reply({ error: err instanceof Error ? err.message : 'The capture could not be sent.' }),
      );
    });
  }
  const host = win.document.createElement('div');
  win.document.body.appendChild(host);
  createRoot(host).render(<ReportProblem capture={capture} t={createTranslate(data.translations)} />);
}
