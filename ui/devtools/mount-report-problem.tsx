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
  const host = win.document.createElement('div');
  win.document.body.appendChild(host);
  createRoot(host).render(<ReportProblem capture={capture} />);
}
