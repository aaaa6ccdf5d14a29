import type { Action } from '../store/action';
import { ERROR_REPORT_MAX_BYTES, utf8Length, type Breadcrumb, type ErrorReport } from '../model/error-report';
import type { OutboxItem } from './outbox';
import { redactSecrets } from '../store/redact';
import { EMBED_PRODUCT } from './impression';

// spec 001 §9 Error reporter: buffer 30 events, stack frames 50, messages 250 chars; sample rate 0.3.
// spec 000 §9: breadcrumb limit default 30, max 100.
export const BREADCRUMB_LIMIT_DEFAULT = 30;
export const BREADCRUMB_LIMIT_MAX = 100;
export const STACK_FRAMES_MAX = 50;
export const MESSAGE_MAX_CHARS = 250;
export const ERROR_SAMPLE_RATE = 0.3;
export { USER_ID_COOKIE } from './user-id-cookie';
/** spec 000 §8 Error catalogue: error report fallback text. */
export const NO_ERROR_MESSAGE = 'No error message';

/** A configured breadcrumb limit, clamped to 0..100 (spec 000 §9: max 100); none gives the default 30. */
export function breadcrumbLimit(configured?: number): number {
  if (configured === undefined || !Number.isFinite(configured)) return BREADCRUMB_LIMIT_DEFAULT;
  return Math.max(0, Math.min(BREADCRUMB_LIMIT_MAX, Math.floor(configured)));
}

/** The breadcrumbs ring: the last `limit` actions, oldest first. */
export function addBreadcrumb(ring: ReadonlyArray<Breadcrumb>, crumb: Breadcrumb, limit: number): Breadcrumb[] {
  const next = [...ring, crumb];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** Breadcrumbs leave out the progress updates and the time facts they come from (noise; spec 000 §7). */
export function isBreadcrumbAction(action: Action): boolean {
  return action.type !== 'playback/progressUpdated' && action.type !== 'media/timeUpdated';
}

/**
 * spec 000 §9 "ignores known noise patterns": errors the widget can do nothing about: the browser's
 * resize-observer warning, cross-origin script errors without detail, and browser extensions' code.
 */
export const NOISE_PATTERNS: ReadonlyArray<RegExp> = [
  /ResizeObserver loop/,
  /^Script error\.?$/,
  /(chrome|moz|safari(-web)?)-extension:\/\//,
  /Non-Error promise rejection captured/,
];

export function isNoise(message: string, stack: string): boolean {
  return NOISE_PATTERNS.some((pattern) => pattern.test(message) || pattern.test(stack));
}

/** The host of a URL or host string (core has no URL class): 'https://cdn.x:8080/a' → 'cdn.x:8080'. */
export function hostOf(urlOrHost: string): string {
  return (urlOrHost.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0] ?? '').toLowerCase();
}

/**
 * spec 000 §9 "reports only from the provider's CDN host": the page must be served from the static
 * host. An empty static host means the page's own origin (the reference provider), which is allowed.
 */
export function isReportingHost(staticHost: string, pageHost: string): boolean {
  return staticHost === '' || hostOf(staticHost) === hostOf(pageHost);
}

/** spec 000 §9 sample rate 0.3: a draw from the random port below 0.3 reports. */
export function isSampled(draw: number, rate = ERROR_SAMPLE_RATE): boolean {
  return draw < rate;
}

export interface ErrorInput {
  readonly source: ErrorReport['source'];
  readonly message: string;
  readonly stack: string;
}

export interface ReportContext {
  readonly sessionId: string;
  /** spec 000 §7: tied to the build date (config.version carries the release stamp 2019-09-14). */
  readonly release: string;
  readonly userId: string | null;
  readonly breadcrumbs: ReadonlyArray<Breadcrumb>;
  readonly timestamp: number;
  /** Issue 12: the report's event id, counted in its size. */
  readonly eventId: string;
}

/** Stack frames: one per non-empty line, at most 50 (spec 001 §9). */
export function stackFrames(stack: string): string[] {
  return stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(0, STACK_FRAMES_MAX);
}

const truncate = (text: string) => (text.length > MESSAGE_MAX_CHARS ? text.slice(0, MESSAGE_MAX_CHARS) : text);

/**
 * The report (core/model/error-report): message at most 250 characters or 'No error message',
 * at most 50 frames, and the whole serialized report at most 102400 bytes: the oldest breadcrumbs
 * go first, then the innermost-last stack frames, until it fits.
 */
export function buildErrorReport(error: ErrorInput, context: ReportContext): ErrorReport & { readonly event_id: string } {
  const message = error.message.trim() === '' ? NO_ERROR_MESSAGE : truncate(error.message);
  const report: ErrorReport & { event_id: string } = {
    product: EMBED_PRODUCT,
    session_id: context.sessionId,
    release: context.release,
    user_id: context.userId === null ? null : truncate(context.userId),
    source: error.source,
    message,
    stack: stackFrames(error.stack),
    breadcrumbs: [...context.breadcrumbs],
    timestamp: context.timestamp,
    event_id: context.eventId,
  };
  while (utf8Length(JSON.stringify(report)) > ERROR_REPORT_MAX_BYTES) {
    if (report.breadcrumbs.length > 0) report.breadcrumbs.shift();
    else if (report.stack.length > 0) report.stack.pop();
    else break; // Only the bounded fields are left: 250-char message and user id.
  }
  // Issue 12: no secret leaves in a log (core/store/redact.ts); a placeholder is never longer than what it replaces.
  return redactSecrets(report);
}

/** POST {api host}/log/errors with the report as JSON, as an outbox item (its id is the report's event id). */
export function errorReportItem(apiHost: string, report: ErrorReport & { readonly event_id: string }): OutboxItem {
  return { id: report.event_id, url: `${apiHost.replace(/\/+$/, '')}/log/errors`, body: JSON.stringify(report) };
}
