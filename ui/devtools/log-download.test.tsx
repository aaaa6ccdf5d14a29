import { act } from 'react';
import { actionLogDownloadRequested, sessionStarted } from '../../core/widget/actions';
import { StoreProvider } from '../hooks/store-context';
import { byTestId, cleanup, render, testStore } from '../test/render';
import { testEmbedData } from '../widget/test-embed-data';
import LogDownload, { logFileName } from './log-download';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('LogDownload (issue 2: the action log is downloadable with debug=1)', () => {
  it('names the file after the session', () => {
    expect(logFileName('abc')).toBe('embed-session-abc.jsonl');
    expect(logFileName(null)).toBe('embed-session-unknown.jsonl');
  });

  it('logs the request first, then downloads the JSONL as embed-session-<id>.jsonl', () => {
    const t = testStore(testEmbedData);
    t.store.dispatch(sessionStarted({ sessionId: 's-42' }), 'adapter');
    const blobs: Blob[] = [];
    const createObjectURL = jest.fn((b: Blob) => (blobs.push(b), 'blob:log'));
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked: Array<{ href: string; download: string }> = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    let logged: string[] = [];
    const toJsonl = () => {
      logged = t.actions().map((a) => a.type);
      return '{"kind":"header"}\n';
    };
    const r = render(
      <StoreProvider store={t.store}>
        <LogDownload toJsonl={toJsonl} />
      </StoreProvider>,
    );
    const button = byTestId(r.container, 'download-log');
    expect(button.tagName).toBe('BUTTON');
    expect(button.textContent).toBe('Download action log');
    act(() => button.click());
    expect(logged).toEqual([sessionStarted.type, actionLogDownloadRequested.type]);
    expect(clicked).toEqual([{ href: 'blob:log', download: 'embed-session-s-42.jsonl' }]);
    expect(blobs[0]?.type).toBe('application/x-ndjson');
  });
});
