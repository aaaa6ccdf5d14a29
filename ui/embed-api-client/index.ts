/**
 * A parent page's client for the embed's message interface (spec 000 §7): an ES module with no
 * dependencies, served at /embed-api/client.js. The embed must be loaded with `embed-api=1`.
 *
 *   import { connectEmbed } from '/embed-api/client.js';
 *   const player = connectEmbed(document.querySelector('iframe'));
 *   player.onContextChange((context) => console.log(context.currentTrack?.name, context.isPlaying));
 *   player.play();
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
  onContextChange(listener: ContextListener): () => void;
  /** Stops listening and sending; the embed keeps playing as it is. */
  disconnect(): void;
}

export interface ConnectOptions {
  /** Defaults to a fresh id, so that several controllers on one page never hear each other's embeds. */
  readonly channelId?: string;
  /** Where messages may go; defaults to the origin of the iframe's src ('*' when it has none). */
  readonly targetOrigin?: string;
}

/** spec 000 §7: the source the embed accepts, and the one it answers with. */
const SOURCE = 'embed-api';
const EMBED_SOURCE = 'embed';
/** The embed starts listening only once its script has run: connect is repeated until it answers. */
export const CONNECT_RETRY_MS = 250;
export const CONNECT_ATTEMPTS = 40;

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

function isContext(value: unknown): value is EmbedContext {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return typeof c.uri === 'string' && typeof c.isPlaying === 'boolean';
}

export function connectEmbed(iframe: HTMLIFrameElement, options: ConnectOptions = {}): EmbedController {
  const channelId = options.channelId ?? defaultChannelId();
  const targetOrigin = options.targetOrigin ?? originOf(iframe);
  const win = iframe.ownerDocument.defaultView ?? window;
  const listeners = new Set<ContextListener>();
  let queue: string[] = [];
  let connected = false;
  let closed = false;
  let retry: ReturnType<typeof setInterval> | undefined;

  const post = (type: string): void => {
    iframe.contentWindow?.postMessage({ type, source: SOURCE, channelId }, targetOrigin);
  };
  const stopRetrying = (): void => {
    if (retry !== undefined) clearInterval(retry);
    retry = undefined;
  };
  const handshake = (): void => {
    stopRetrying();
    connected = false;
    let attempts = 1;
    post('api/connect');
    retry = setInterval(() => {
      attempts += 1;
      if (attempts > CONNECT_ATTEMPTS) stopRetrying();
      else post('api/connect');
    }, CONNECT_RETRY_MS);
  };
  const send = (type: string): void => {
    if (closed) return;
    if (connected) post(type);
    else queue.push(type);
  };

  const onMessage = (event: MessageEvent): void => {
    // Only this iframe's embed, from the expected origin, on this channel (spec 000 §7 contextchange).
    if (event.source !== iframe.contentWindow || event.source === null) return;
    if (targetOrigin !== '*' && event.origin !== targetOrigin) return;
    const data = event.data as Record<string, unknown> | null;
    if (typeof data !== 'object' || data === null || data.type !== 'contextchange' || data.source !== EMBED_SOURCE) return;
    if (data.channelId !== channelId || !isContext(data.context)) return;
    if (!connected) {
      connected = true;
      stopRetrying();
      const pending = queue;
      queue = [];
      pending.forEach(post);
    }
    const context = data.context;
    listeners.forEach((listener) => listener(context));
  };
  // A reloaded embed forgets the connection: connect again.
  const onLoad = (): void => {
    if (!closed) handshake();
  };

  win.addEventListener('message', onMessage);
  iframe.addEventListener('load', onLoad);
  // An iframe still on its initial blank document (its embed not loaded yet) would refuse a message
  // for the embed's origin, with a console error: its load event starts the handshake instead.
  if (!stillBlank(iframe, targetOrigin)) handshake();

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
    },
  };
}
