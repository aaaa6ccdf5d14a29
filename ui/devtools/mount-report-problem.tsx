import { createRoot } from 'react-dom/client';
import type { EmbedData } from '../../core/model/embed-data';
import type { Redactor } from '../../core/store/redact';
import { buildCapture, collectEnvironment, uploadCapture } from './capture';
import ReportProblem from './report-problem';

export interface ReportProblemMount {
  readonly data: Pick<EmbedData, 'config' | 'session'>;
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
  const { data, redactor } = mount;
  const capture = (description: string) => {
    const flags = Object.fromEntries(new URLSearchParams(win.location.search));
    const upload = buildCapture(
      {
        actionLog: mount.actionLog,
        engine: mount.engine,
        redactor,
        knownSecrets: () => [
          ...(data.session === undefined ? [] : [{ kind: 'accessToken' as const, value: data.session.accessToken }]),
          ...win.document.cookie
            .split(';')
            .map((pair) => pair.slice(pair.indexOf('=') + 1).trim())
            .map((value) => ({ kind: 'cookie' as const, value })),
        ],
        flags: () => flags,
      },
      collectEnvironment(win, flags),
      description,
    );
    const api = data.config.hosts.api === '' ? win.location.origin : data.config.hosts.api.replace(/\/+$/, '');
    return uploadCapture((url, init) => win.fetch(url, init), api, upload, data.session?.loggedIn === true ? data.session.accessToken : undefined);
  };
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
  createRoot(host).render(<ReportProblem capture={capture} />);
}
