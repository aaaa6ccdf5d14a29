import './replay-viewer.css';
import { useEffect, useState, type DragEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { loadCapture, loadFiles, type CaptureJson, type LoadedSession } from './load';
import { Viewer } from './viewer';
import { config } from 'rxjs';

// The check against today's code stops a replay at its first divergence by throwing inside the
// replayed epics' subscribers, and reports it itself (core/store/transcript-replay.ts); rxjs's later
// re-throw of it would only be an uncaught error on the page (scripts/replay.ts does the same).
config.onUnhandledError = () => undefined;

type Loading =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'ready'; readonly session: LoadedSession };

/** `/replay/{captureId}?key=...`: the capture to fetch; `/replay` alone waits for dropped files. */
function captureOfLocation(location: Location): { id: string; key: string | null } | null {
  const match = /^\/replay\/([^/]+)$/.exec(location.pathname);
  if (match?.[1] === undefined) return null;
  return { id: decodeURIComponent(match[1]), key: new URLSearchParams(location.search).get('key') };
}

async function fetchCapture(id: string, key: string | null): Promise<LoadedSession> {
  const query = key === null ? '' : `?key=${encodeURIComponent(key)}`;
  // The listener's session cookie opens their own capture (server/capture/routes.ts).
  const response = await fetch(`/api/captures/${encodeURIComponent(id)}${query}`, { credentials: 'same-origin' });
  if (!response.ok)
    throw new Error(response.status === 404 ? 'No such capture, or the link lacks its key.' : `The capture could not be opened (status ${response.status}).`);
  return loadCapture((await response.json()) as CaptureJson);
}

function App() {
  const [capture] = useState(() => captureOfLocation(window.location));
  const [loading, setLoading] = useState<Loading>(capture === null ? { kind: 'waiting' } : { kind: 'loading' });
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    if (capture === null) return;
    fetchCapture(capture.id, capture.key).then(
      (session) => setLoading({ kind: 'ready', session }),
      (err: unknown) => setLoading({ kind: 'error', message: err instanceof Error ? err.message : String(err) }),
    );
  }, [capture]);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length === 0) return;
    setLoading({ kind: 'loading' });
    Promise.all(files.map(async (file) => ({ name: file.name, text: await file.text() })))
      .then((texts) => setLoading({ kind: 'ready', session: loadFiles(texts) }))
      .catch((err: unknown) => setLoading({ kind: 'error', message: err instanceof Error ? err.message : String(err) }));
  };

  return (
    <div
      className={`rv-page${dragging ? ' rv-page--dragging' : ''}`}
      data-testid="replay-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {loading.kind === 'ready' ? (
        <Viewer key={loading.session.title} session={loading.session} />
      ) : (
        <div className="rv-empty" data-testid="replay-status">
          {loading.kind === 'loading'
            ? 'Loading…'
            : loading.kind === 'error'
              ? loading.message
              : 'Drop action logs here (a session’s .jsonl, and its .engine.jsonl).'}
        </div>
      )}
    </div>
  );
}

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<App />);
