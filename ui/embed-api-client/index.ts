/**
 * A parent page's client for the embed's message interface (spec 000 §7): an ES module with no
 * dependencies, served at /embed-api/client.js. The embed must be loaded with `embed-api=1` (spec
 * 000 §2 Routes); the share dialog's "Copy embed code" gives such an iframe.
 *
 *   import { connectEmbed } from '/embed-api/client.js';
 *   const player = connectEmbed(document.querySelector('iframe'), {
 *     onError: (error) => console.log(error.code, error.message), // optional
 *   });
 *   player.onContextChange((context) => console.log(context.currentTrack?.name, context.isPlaying));
 *   player.play();
 *   await player.ready; // the first context, or an EmbedConnectError
 *
 * When the iframe will never connect, the client says so once per attempt, with an
 * EmbedConnectError whose `code` is
 *   - 'missing-embed-api': its src has no embed-api=1, so the embed does not listen (found at once);
 *   - 'not-an-embed': its src is not an embed page (`/embed?uri=...` or `/embed/{type}/{id}`);
 *   - 'no-answer': nothing answered api/connect after CONNECT_ATTEMPTS tries CONNECT_RETRY_MS
 *     apart (about 10 s): the page failed to load, is another site's, or is not this provider's.
 * It is handed to `onError` when given, else written to the console as a warning; `ready` rejects
 * with it (and never rejects unheard: the client handles its own promise). Commands given until
 * then are dropped. An iframe that loads again (a new src) is checked and connected again, and an
 * embed that answers late still connects. `ready` settles once: with the first context, the first
 * failure, or, if disconnect() comes first, an error whose code is 'disconnected' (not reported).
 * `connectEmbed` throws a TypeError at once when given no iframe element.
 */

/** spec 000 §3 "Embed API context message". */
export interface EmbedContext {
  readonly uri: string;
  readonly href: string;
  readonly type: string;
  readonly dominantColor: string;
  readonly isPlaying: boolean;
  readonly currentTrack: { readonly uri: string; readonly href: string; readonly name: string } | null;
}

export type ContextListener = (context: EmbedContext) => void;

export interface EmbedController {
  /** The channel this controller speaks on (spec 000 §7 api/connect). */
  readonly channelId: string;
  /** True once the embed answered the connect; commands sent before are queued until then. */
  readonly connected: boolean;
  play(): void;
  stop(): void;
  next(): void;
  prev(): void;
  /** Asks for the context now; the answer arrives through onContextChange. */
  requestContext(): void;
  /**
   * Issue 19: asks the embed to capture its session ("Report a problem", with an optional one-line
   * description) and upload it to the provider; resolves with the capture's link (/replay/{id}?key=...),
   * which a support form can attach. A logged-in listener's capture opens only for them and the
   * provider's operators. Rejects when the embed does not connect, the upload fails, or there is no
   * answer in CAPTURE_TIMEOUT_MS.
   */
  requestCapture(description?: string): Promise<{ readonly url: string }>;
  onContextChange(listener: ContextListener): () => void;
  /** Stops listening and sending; the embed keeps playing as it is. */
  disconnect(): void;
  /** The first context once connected; rejects with an EmbedConnectError if it never connects. */
  readonly ready: Promise<EmbedContext>;
}

export interface ConnectOptions {
  /** Defaults to a fresh id, so that several controllers on one page never hear each other's embeds. */
  readonly channelId?: string;
  /** Where messages may go; defaults to the origin of the iframe's src ('*' when it has none). */
  readonly targetOrigin?: string;
  /** Told when the iframe will never connect (see above); without it, a console warning says so. */
  readonly onError?: (error: EmbedConnectError) => void;
}

export type EmbedConnectErrorCode = 'missing-embed-api' | 'not-an-embed' | 'no-answer' | 'disconnected';

/** Why an iframe will not connect; `src` is its src attribute when it was checked. */
export class EmbedConnectError extends Error {
  override readonly name = 'EmbedConnectError';
  constructor(
    readonly code: EmbedConnectErrorCode,
    message: string,
    readonly src: string | null,
  ) {
    super(message);
  }
}

/** spec 000 §7: the source the embed accepts, and the one it answers with. */
const SOURCE = 'embed-api';
const EMBED_SOURCE = 'embed';
/** The embed starts listening only once its script has run: connect is repeated until it answers. */
export const CONNECT_RETRY_MS = 250;
export const CONNECT_ATTEMPTS = 40;
/** How long requestCapture waits for the embed's answer (it uploads the session first). */
export const CAPTURE_TIMEOUT_MS = 30_000;

/** spec 000 §2 Routes: the flag that turns the embed's message interface on. */
const EMBED_API_PARAM = 'embed-api';
/** The provider's embed pages, at the end of the path: `/embed` (with ?uri=) or `/embed/{type}/{id}`. */
const EMBED_PATH = /\/embed(?:\/[^/]+\/[^/]+)?\/?$/;
const PREFIX = '[embed-api]';

let channels = 0;

function defaultChannelId(): string {
  channels += 1;
  return `embed-${channels}-${Math.random().toString(36).slice(2, 10)}`;
}

function originOf(iframe: HTMLIFrameElement): string {
  const src = iframe.getAttribute('src');
  if (src === null || src === '') return '*';
  try {
    const url = new URL(src, iframe.ownerDocument.baseURI);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '*';
  } catch {
    return '*';
  }
}

function stillBlank(iframe: HTMLIFrameElement, targetOrigin: string): boolean {
  try {
    return targetOrigin !== '*' && iframe.contentDocument?.URL === 'about:blank';
  } catch {
    return false;
  }
}

/**
 * What the iframe's src says before anything is sent: null when it may connect (or cannot be told,
 * as for an iframe without an http(s) src), else why it never will.
 */
function srcProblem(iframe: HTMLIFrameElement): EmbedConnectError | null {
  const src = iframe.getAttribute('src');
  if (src === null || src === '') return null;
  let url: URL;
  try {
    url = new URL(src, iframe.ownerDocument.baseURI);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!EMBED_PATH.test(url.pathname)) {
    return new EmbedConnectError(
      'not-an-embed',
      `${PREFIX} The iframe's src (${src}) is not an embed page (/embed?uri=... or /embed/{type}/{id}), so nothing in it will answer. Use the iframe from the player's "Copy embed code".`,
      src,
    );
  }
  if (!url.searchParams.getAll(EMBED_API_PARAM).includes('1')) {
    return new EmbedConnectError(
      'missing-embed-api',
      `${PREFIX} The iframe's src (${src}) has no ${EMBED_API_PARAM}=1, so the embed will not listen to this page. Add ${EMBED_API_PARAM}=1 to its query, as the player's "Copy embed code" does.`,
      src,
    );
  }
  return null;
}

function isContext(value: unknown): value is EmbedContext {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return typeof c.uri === 'string' && typeof c.isPlaying === 'boolean';
}

export function connectEmbed(iframe: HTMLIFrameElement, options: ConnectOptions = {}): EmbedController {
  // A selector that matched nothing (null) or another element: say so now, not as a TypeError later.
  const tagName: unknown = typeof iframe === 'object' && iframe !== null ? (iframe as { tagName?: unknown }).tagName : undefined;
  const tag = typeof tagName === 'string' ? tagName.toLowerCase() : '';
  if (tag !== 'iframe') {
    const given = iframe === null ? 'null' : tag === '' ? typeof iframe : `a <${tag}>`;
    throw new TypeError(`${PREFIX} connectEmbed needs an <iframe> element, and was given ${given}.`);
  }
  const channelId = options.channelId ?? defaultChannelId();
  const targetOrigin = options.targetOrigin ?? originOf(iframe);
  const win = iframe.ownerDocument.defaultView ?? window;
  const listeners = new Set<ContextListener>();
  let queue: string[] = [];
  let connected = false;
  let closed = false;
  let retry: ReturnType<typeof setInterval> | undefined;
  let settled = false;
  /** The last attempt will never connect: commands are dropped until the iframe loads again. */
  let failed = false;
  let lastReported = '';
  let resolveReady: (context: EmbedContext) => void = () => undefined;
  let rejectReady: (error: EmbedConnectError) => void = () => undefined;
  const ready = new Promise<EmbedContext>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // The rejection is the site owner's to await; unawaited, it must not surface as an uncaught error.
  ready.catch(() => undefined);
  const report = (error: EmbedConnectError): void => {
    if (options.onError !== undefined) options.onError(error);
    else console.warn(error.message);
  };

  const post = (type: string): void => {
    iframe.contentWindow?.postMessage({ type, source: SOURCE, channelId }, targetOrigin);
  };
  const stopRetrying = (): void => {
    if (retry !== undefined) clearInterval(retry);
    retry = undefined;
  };
  /** This attempt will never connect: say so (after connectEmbed has returned), drop the queue. */
  const fail = (error: EmbedConnectError): void => {
    stopRetrying();
    failed = true;
    queue = [];
    if (!settled) {
      settled = true;
      rejectReady(error);
    }
    // The same problem of the same src is said once (the check at start and the iframe's load).
    const key = `${error.code} ${error.src ?? ''}`;
    if (key === lastReported) return;
    lastReported = key;
    void Promise.resolve().then(() => {
      if (!closed) report(error);
    });
  };
  const handshake = (): void => {
    stopRetrying();
    connected = false;
    failed = false;
    const problem = srcProblem(iframe);
    if (problem !== null) return fail(problem);
    let attempts = 1;
    post('api/connect');
    retry = setInterval(() => {
      attempts += 1;
      if (attempts <= CONNECT_ATTEMPTS) return post('api/connect');
      // The last connect had one interval to be answered.
      const src = iframe.getAttribute('src');
      fail(
        new EmbedConnectError(
          'no-answer',
          `${PREFIX} The embed${src === null ? '' : ` at ${src}`} did not answer api/connect (${CONNECT_ATTEMPTS} tries, ${CONNECT_RETRY_MS} ms apart): its page did not load, or it is not an embed of this provider.`,
          src,
        ),
      );
    }, CONNECT_RETRY_MS);
  };
  const send = (type: string): void => {
    if (closed || failed) return;
    if (connected) post(type);
    else queue.push(type);
  };

  const captures = new Map<string, { resolve: (link: { url: string }) => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> }>();
  let captureCount = 0;
  const requestCapture = (description = ''): Promise<{ readonly url: string }> =>
    ready.then(
      () =>
        new Promise<{ readonly url: string }>((resolve, reject) => {
          if (closed) return reject(new Error(`${PREFIX} requestCapture after disconnect().`));
          captureCount += 1;
          const requestId = `capture-${captureCount}`;
          const timer = setTimeout(() => {
            captures.delete(requestId);
            reject(new Error(`${PREFIX} The embed did not answer the capture request in ${CAPTURE_TIMEOUT_MS} ms.`));
          }, CAPTURE_TIMEOUT_MS);
          captures.set(requestId, { resolve, reject, timer });
          iframe.contentWindow?.postMessage({ type: 'api/capture', source: SOURCE, channelId, requestId, description }, targetOrigin);
        }),
    );
  /** The embed's answer to requestCapture (issue 19). */
  const onCaptureAnswer = (data: Record<string, unknown>): void => {
    const pending = typeof data.requestId === 'string' ? captures.get(data.requestId) : undefined;
    if (pending === undefined || typeof data.requestId !== 'string') return;
    captures.delete(data.requestId);
    clearTimeout(pending.timer);
    if (typeof data.url === 'string') pending.resolve({ url: data.url });
    else pending.reject(new Error(`${PREFIX} ${typeof data.error === 'string' ? data.error : 'The capture failed.'}`));
  };

  const onMessage = (event: MessageEvent): void => {
    // Only this iframe's embed, from the expected origin, on this channel (spec 000 §7 contextchange).
    if (event.source !== iframe.contentWindow || event.source === null) return;
    if (targetOrigin !== '*' && event.origin !== targetOrigin) return;
    const data = event.data as Record<string, unknown> | null;
    if (typeof data === 'object' && data !== null && data.type === 'capture' && data.source === EMBED_SOURCE && data.channelId === channelId) {
      return onCaptureAnswer(data);
    }
    if (typeof data !== 'object' || data === null || data.type !== 'contextchange' || data.source !== EMBED_SOURCE) return;
    if (data.channelId !== channelId || !isContext(data.context)) return;
    const context = data.context;
    if (!connected) {
      connected = true;
      failed = false;
      lastReported = '';
      stopRetrying();
      const pending = queue;
      queue = [];
      pending.forEach(post);
      if (!settled) {
        settled = true;
        resolveReady(context);
      }
    }
    listeners.forEach((listener) => listener(context));
  };
  // A reloaded embed forgets the connection: connect again.
  const onLoad = (): void => {
    if (!closed) handshake();
  };

  win.addEventListener('message', onMessage);
  iframe.addEventListener('load', onLoad);
  // An iframe still on its initial blank document (its embed not loaded yet) would refuse a message
  // for the embed's origin, with a console error: its load event starts the handshake instead. A
  // src that can never connect is said at once all the same.
  if (!stillBlank(iframe, targetOrigin)) handshake();
  else {
    const problem = srcProblem(iframe);
    if (problem !== null) fail(problem);
  }

  return {
    channelId,
    get connected() {
      return connected;
    },
    play: () => send('api/play'),
    stop: () => send('api/stop'),
    next: () => send('api/next'),
    prev: () => send('api/prev'),
    requestContext: () => send('api/context'),
    requestCapture,
    onContextChange: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    disconnect: () => {
      closed = true;
      stopRetrying();
      queue = [];
      listeners.clear();
      win.removeEventListener('message', onMessage);
      iframe.removeEventListener('load', onLoad);
      if (!settled) {
        settled = true;
        rejectReady(new EmbedConnectError('disconnected', `${PREFIX} disconnect() was called before the embed connected.`, iframe.getAttribute('src')));
      }
    },
    ready,
  };
}
