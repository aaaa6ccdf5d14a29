/**
 * The ports: every way the core reaches the world. Read this file first.
 *
 * Rules (ARCHITECTURE.md §3):
 * - A port call returns an Observable (never a Promise, which would escape virtual time);
 *   nothing happens until it is subscribed, and unsubscribing cancels it.
 * - Ports hand back raw, undecoded data (`unknown`, strings); the core decodes it with the
 *   codecs of core/model, so the trust boundary is visible in the core.
 * - Facts that arrive on their own (media events, parent-page messages, resizes) come out of a
 *   `facts$`/`...$` stream as raw values; the edge turns them into actions with `src: 'adapter'`,
 *   so that a replay can feed them back from the log instead of from the port.
 * Implementations: adapters/browser (real), adapters/fake (scheduler-driven, for tests and replay).
 */
import type { Observable, SchedulerLike } from 'rxjs';
import type { EngineCommand } from './contract/commands';

/** "Now", in milliseconds. In the browser it follows the scheduler; in tests, virtual time. */
export interface ClockPort {
  now(): number;
}

/** Randomness: a number in [0, 1). */
export interface RandomPort {
  next(): number;
}

export interface HttpRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Already serialised (JSON text, form data as text). */
  readonly body?: string;
  /** Outlives the page (fetch keepalive): for logs sent as the page is hidden or closed. Bodies up to 64 KiB. */
  readonly keepalive?: boolean;
}

export interface HttpResponse {
  readonly status: number;
  /** Header names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text, undecoded. */
  readonly body: string;
}

export interface HttpPort {
  /** Emits one response (any status) and completes; errors only when no response came (network). */
  request(request: HttpRequest): Observable<HttpResponse>;
}

export interface StoragePort {
  read(key: string): Observable<string | null>;
  write(key: string, value: string): Observable<void>;
  remove(key: string): Observable<void>;
}

export interface CookieSpec {
  readonly name: string;
  readonly value: string;
  readonly days: number;
  readonly domain?: string;
  readonly secure?: boolean;
}

export interface HostLocation {
  readonly href: string;
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
}

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

/** A message posted to this window: raw, from any origin, decoded in the core. */
export interface IncomingMessage {
  readonly origin: string;
  readonly data: unknown;
  /**
   * The message came from the embedding window (`event.source === window.parent`, and there is a
   * parent): not from another frame, a pop-up or an opener (issue 12: the widget obeys only its parent).
   */
  readonly fromParent: boolean;
}

/** The page around the widget: location, parent window, new windows, cookies, clipboard, size. */
export interface HostWindowPort {
  location(): Observable<HostLocation>;
  /** Posts to the parent window (spec 000 §7: to any origin unless told otherwise). */
  postToParent(message: unknown, targetOrigin: string): Observable<void>;
  readonly messages$: Observable<IncomingMessage>;
  /**
   * Opens a window, always without an opener or referrer (issue 12). Emits false when the browser
   * refused it; a browser that cannot tell (noopener windows answer nothing) counts as opened.
   */
  open(url: string, name: string, features?: string): Observable<boolean>;
  navigateTop(url: string): Observable<void>;
  readCookie(name: string): Observable<string | null>;
  writeCookie(cookie: CookieSpec): Observable<void>;
  writeClipboard(text: string): Observable<void>;
  viewport(): Observable<Viewport>;
  /** Raw resize facts, not debounced (the core debounces: spec 000 §4, 100 ms). */
  readonly resize$: Observable<Viewport>;
}

/** A raw fact reported by the audio element. Decoded by core/widget/audio-fact.ts. */
export interface AudioFact {
  readonly kind: 'loadedmetadata' | 'canplaythrough' | 'playing' | 'pause' | 'ended' | 'timeupdate' | 'waiting' | 'error';
  readonly positionMs: number;
  /** NaN before metadata is known; the decoder maps it to null. */
  readonly durationMs: number;
  /** MediaError.code when kind is 'error'. */
  readonly errorCode?: number;
}

/** One HTMLAudioElement playing progressive files (the preview player of spec 001 §4). */
export interface AudioElementPort {
  /** Points an element that has no file yet at one, fetching its metadata only. */
  prefetch(src: string): Observable<void>;
  /** Points the element at a file and fetches it whole; a file already prefetched is kept, not reloaded. */
  load(src: string): Observable<void>;
  /** Errors when the browser refuses to play (autoplay policy, no source). */
  play(): Observable<void>;
  pause(): Observable<void>;
  seek(positionMs: number): Observable<void>;
  /** Sets the element's volume, 0..1 (spec 001 §5); the caller clamps it. */
  setVolume(volume: number): Observable<void>;
  readonly facts$: Observable<AudioFact>;
}

/** A raw websocket event (spec 001 §7 Realtime socket); frames stay undecoded text. */
export type SocketEvent =
  | { readonly kind: 'open' }
  | { readonly kind: 'message'; readonly text: string }
  | { readonly kind: 'close'; readonly code: number; readonly reason: string }
  | { readonly kind: 'error' };

/** One websocket connection. `events$` is cold: subscribing opens the socket, unsubscribing closes it. */
export interface SocketConnection {
  /** open, messages, at most one error, then one close, after which it completes. */
  readonly events$: Observable<SocketEvent>;
  /** Sends a text frame; ignored unless the socket is open (a fire-and-forget effect on a live connection). */
  send(text: string): void;
  /** Closes with a code (spec 001 §9: 4000 closing, 4001 timeout); the close event follows on events$. */
  close(code: number, reason: string): void;
}

/** Websockets (the dealer connection). Not part of `Ports` yet: the transport's deps add it. */
export interface SocketPort {
  open(url: string): SocketConnection;
}

/** One robustness-qualified capability of a MediaKeySystemConfiguration (plain data). */
export interface EmeCapability {
  readonly contentType: string;
  readonly robustness: string;
}

/** A MediaKeySystemConfiguration as plain data (spec 001 §9 codecs and robustness profiles). */
export interface EmeConfiguration {
  readonly initDataTypes: readonly string[];
  readonly audioCapabilities: readonly EmeCapability[];
  readonly videoCapabilities?: readonly EmeCapability[];
}

/** A key system to ask the browser for, with its configurations in preference order. */
export interface EmeCandidate {
  readonly keySystem: string;
  readonly configurations: readonly EmeConfiguration[];
}

/** A raw fact of a key session; byte payloads as base64 text so that they can be logged. */
export type EmeSessionEvent =
  | { readonly kind: 'message'; readonly messageType: string; readonly message: string }
  | { readonly kind: 'keystatuseschange'; readonly statuses: readonly string[] };

/** The error name of EmeSession.events$ when no session could be created (spec 001 §8: key session not supported). */
export const SESSION_CREATION_ERROR = 'SessionCreationError';

/** One key session. `events$` is cold: subscribing creates it and generates the request; unsubscribing closes it. */
export interface EmeSession {
  /**
   * Errors with the name SESSION_CREATION_ERROR when the media keys refuse a session, else with the
   * generateRequest rejection's name (NotSupportedError, InvalidStateError, ...).
   */
  readonly events$: Observable<EmeSessionEvent>;
  /** Hands the licence (ClearKey: the JSON text) to the session; errors when the CDM refuses it. */
  update(licence: string): Observable<void>;
}

/** The 'encrypted' event of the audio element: the init data as base64. */
export interface EmeEncrypted {
  readonly initDataType: string;
  readonly initData: string;
}

/**
 * Encrypted Media Extensions on the audio element (spec 001 §3 encryption key systems). Not part
 * of `Ports` yet: the DRM deps add it. The adapter keeps the access and media keys (never in actions).
 */
export interface EmePort {
  /** Tries the candidates in order; emits the first key system the browser grants, or null. Errors when EME is absent. */
  requestMediaKeySystemAccess(candidates: readonly EmeCandidate[]): Observable<string | null>;
  /** Creates MediaKeys from the granted access. */
  createMediaKeys(): Observable<void>;
  /** Sets the created MediaKeys on the audio element. */
  setMediaKeys(): Observable<void>;
  /** Gives the media keys the licence server's certificate (base64); emits whether the key system took it. */
  setServerCertificate(certificate: string): Observable<boolean>;
  createSession(initDataType: string, initData: string): EmeSession;
  readonly encrypted$: Observable<EmeEncrypted>;
}

/** A raw fact of the media element playing a MediaSource (spec 001 §4 Media player). Decoded by core/engine/media/element-fact.ts. */
export interface MediaElementFact {
  /** The same element events as the preview player's. */
  readonly kind: AudioFact['kind'];
  readonly positionMs: number;
  /** NaN before metadata is known, Infinity for a stream without a known end. */
  readonly durationMs: number;
  /** The end of the buffered range holding the playhead; the playhead itself when none holds it. */
  readonly bufferedEndMs: number;
  /** MediaError.code when kind is 'error'. */
  readonly errorCode?: number;
}

/** An inclusive byte range (an HTTP Range header's numbers). */
export interface MediaByteRange {
  readonly first: number;
  readonly last: number;
}

/**
 * What a range fetch came back with: sizes only, the body stays in the adapter. A body that starts
 * a file (an init segment) also tells its 'cenc' init data, the pssh boxes of its moov as base64
 * (what the element's 'encrypted' event will carry once it is appended), when it has any: the DRM
 * can license a file fetched ahead before it plays (core/engine/media/preload.epic.ts).
 */
export type RangeFetchResult =
  | { readonly kind: 'response'; readonly status: number; readonly byteLength: number; readonly initData?: string }
  /** No response at all; `online` is the browser's guess (spec 001 §8 Fragment: offline or online status 0). */
  | { readonly kind: 'connection-error'; readonly online: boolean };

/**
 * Bodies kept under a key that starts with this are the next track's, fetched ahead (spec 001 §4
 * can-preload): a detach (the current track's MediaSource going) keeps them for the next one.
 */
export const PRELOAD_KEY_PREFIX = 'next.';

/**
 * Media Source Extensions on the engine's audio element (the one the EmePort sets media keys on).
 * Plain data only: fetched bytes are kept in the adapter under a key the core chooses and handed to
 * the source buffer by append(key), so they never enter actions or the log (the adapter keeps only
 * the newest few: bodies the core dropped are never appended). The order of buffer
 * updates is the core's (core/engine/media/source-buffer-queue.ts): one runs at a time.
 */
export interface MediaSourcePort {
  /** Whether the browser plays this type through MediaSource at all (without it there is no track player: spec 001 §8 List player). */
  isTypeSupported(mimeType: string): boolean;
  /**
   * Cold: subscribing points the element at a new MediaSource and, once it opens, adds one source
   * buffer for `mimeType` and emits once. Unsubscribing detaches it and frees every kept body
   * but those under PRELOAD_KEY_PREFIX.
   * Errors (name NotSupportedError) when the type cannot be played.
   */
  attach(mimeType: string): Observable<void>;
  /** GETs `range` of `url` (Range header) and keeps the body under `key`; emits one result, never errors. */
  fetchRange(key: string, url: string, range: MediaByteRange): Observable<RangeFetchResult>;
  /**
   * Appends the body kept under `key` and frees it; emits the buffered end (ms) after updateend. Errors with the DOMException's name (QuotaExceededError, ...).
   * `offsetMs` (default 0) is the source buffer's timestampOffset for it: where the file's time 0 lies on the element's
   * time line. A track chained behind the one playing (issue 15, gapless: spec 001 §4 can-preload) is appended at the
   * end of that track, in the same source buffer, so the element plays on across the boundary without a new MediaSource.
   */
  append(key: string, offsetMs?: number): Observable<number>;
  /** Removes [startMs, endMs) (endMs may be Infinity); emits the buffered end after updateend. */
  remove(startMs: number, endMs: number): Observable<number>;
  /** Ends the stream (MediaSource.endOfStream()). */
  endOfStream(): Observable<void>;
  /**
   * Sets MediaSource.duration (seconds = durationMs / 1000): the element's seekable range is
   * [0, duration], so a seek past what is buffered is not clamped to the buffered end.
   */
  setDuration(durationMs: number): Observable<void>;
  /** Errors with the rejection's name (NotAllowedError: autoplay blocked). */
  play(): Observable<void>;
  pause(): Observable<void>;
  seek(positionMs: number): Observable<void>;
  /** The element's volume, 0..1 (checked by the core: spec 001 §5). */
  setVolume(volume: number): Observable<void>;
  readonly facts$: Observable<MediaElementFact>;
}

/** The two source buffers of a video playback (issue 18): video profiles and audio profiles are separate files. */
export type VideoBufferKind = 'video' | 'audio';

/**
 * Media Source Extensions on a video element (spec 001 §2 video container, §7 templated segments):
 * one MediaSource with a video and an audio source buffer. As MediaSourcePort, bodies stay in the
 * adapter under the core's keys and the core orders the buffer updates.
 */
export interface VideoSourcePort {
  isTypeSupported(contentType: string): boolean;
  /** Cold: a new MediaSource on the element with one source buffer per type and the duration set; emits once when open. Unsubscribing detaches it. */
  attach(types: Readonly<Record<VideoBufferKind, string>>, durationMs: number): Observable<void>;
  /** GETs the whole of `url` and keeps the body under `key`; emits one result, never errors. */
  fetchSegment(key: string, url: string): Observable<RangeFetchResult>;
  /** Appends the body kept under `key` to that buffer and frees it; emits the buffer's buffered end (ms) after updateend. */
  append(kind: VideoBufferKind, key: string): Observable<number>;
  endOfStream(): Observable<void>;
}

/** What the widget asks of the full-playback engine: core/contract/commands.ts (spec 001 §4 Client lifecycle and Commands). */
export type { EngineCommand };

/**
 * The full-playback engine, seen from the widget: a separate chunk (and store) that the browser
 * loads on the first command of a logged-in visitor. Its events (spec 001 §4 Events forwarded)
 * come out of `events$` raw, for the widget to decode into its own facts.
 */
export interface EnginePort {
  /** Starts the engine on first use and hands it the command; emits once it has it. */
  send(command: EngineCommand): Observable<void>;
  readonly events$: Observable<unknown>;
}

/** Everything an epic may use. Tests and replay pass fakes; the browser passes real adapters. */
export interface Ports {
  readonly clock: ClockPort;
  readonly scheduler: SchedulerLike;
  readonly random: RandomPort;
  readonly http: HttpPort;
  readonly storage: StoragePort;
  readonly host: HostWindowPort;
  readonly audio: AudioElementPort;
  readonly engine: EnginePort;
}
