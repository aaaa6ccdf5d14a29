import type { CaptureEnvironment, CaptureLink, CaptureUpload } from '../../core/model/capture';
import { CAPTURE_DESCRIPTION_MAX_CHARS } from '../../core/model/capture';
import type { Redactor } from '../../core/store/redact';

/** Issue 19 Capture: where a page's session comes from when "Report a problem" is chosen. */
export interface CaptureSources {
  /** The widget's (or web player's) action log as JSONL, redacted as recorded. */
  readonly actionLog: () => string;
  /** The page log's port transcript (a web player page's), recorded through the same redactor; absent when the page keeps none. */
  readonly transcript?: () => string;
  /** The engine's log and port transcript, redacted as recorded; null when the engine never started. */
  readonly engine: () => { readonly actionLog: string; readonly transcript: string } | null;
  /** The redactor of the page's log: the environment and the description go through it too, with the same placeholders. */
  readonly redactor: Redactor;
  /**
   * Secrets the page knows it holds (its access token, its readable cookies): wherever one is still
   * found in the capture it is replaced by its placeholder, a second line of defence behind the
   * recorders' own redaction.
   */
  readonly knownSecrets: () => ReadonlyArray<{ readonly kind: 'accessToken' | 'cookie'; readonly value: string }>;
  /** The page's flags (its query's switches, feature flags). */
  readonly flags: () => Record<string, unknown>;
}

/** The browser, sizes and locale of the page (issue 19: "the environment: browser, sizes, locale, flags"). */
export function collectEnvironment(win: Window, flags: Record<string, unknown>): CaptureEnvironment {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  return {
    userAgent: win.navigator.userAgent,
    language: win.navigator.language,
    languages: [...win.navigator.languages],
    viewport: { width: win.innerWidth, height: win.innerHeight },
    screen: { width: win.screen.width, height: win.screen.height },
    devicePixelRatio: win.devicePixelRatio,
    ...(timeZone === undefined ? {} : { timeZone }),
    url: win.location.href,
    flags,
  };
}

/** One line, at most CAPTURE_DESCRIPTION_MAX_CHARS. */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim().slice(0, CAPTURE_DESCRIPTION_MAX_CHARS);

/**
 * Each line of a JSONL recording through the redactor. On a recording its own recorder redacted
 * this changes nothing (the placeholders are not learnt again); it catches what a recorder missed.
 */
function redactJsonl(text: string, redactor: Redactor): string {
  return text
    .split('\n')
    .map((line) => {
      if (line.trim() === '') return line;
      try {
        return JSON.stringify(redactor.redact(JSON.parse(line) as unknown));
      } catch {
        return redactor.redact(line);
      }
    })
    .join('\n');
}

/** The upload of this moment's session, every part redacted. */
export function buildCapture(sources: CaptureSources, environment: CaptureEnvironment, description: string): CaptureUpload {
  const { redactor } = sources;
  const text = oneLine(description);
  const engine = sources.engine();
  // Line by line, so that what a line's JSON holds (a licence answer's key, a header) is redacted as the recorders do.
  const upload: CaptureUpload = {
    ...(text === '' ? {} : { description: redactor.redact(text) }),
    widget: {
      actionLog: redactJsonl(sources.actionLog(), redactor),
      ...(sources.transcript === undefined ? {} : { transcript: redactJsonl(sources.transcript(), redactor) }),
    },
    ...(engine === null ? {} : { engine: { actionLog: redactJsonl(engine.actionLog, redactor), transcript: redactJsonl(engine.transcript, redactor) } }),
    environment: redactor.redact(environment),
  };
  // The placeholder each known secret has in the page's log (learnt from where the recorders find them).
  const replacements = sources
    .knownSecrets()
    .filter((secret) => secret.value.length > 0)
    .map((secret) => {
      const redacted = redactor.redact(secret.kind === 'cookie' ? { cookie: secret.value } : { accessToken: secret.value });
      const placeholder = 'cookie' in redacted ? redacted.cookie : redacted.accessToken;
      return { value: secret.value, placeholder: placeholder === secret.value ? 'REDACTED' : placeholder };
    });
  if (replacements.length === 0) return upload;
  return JSON.parse(
    replacements.reduce((json, { value, placeholder }) => json.split(JSON.stringify(value).slice(1, -1)).join(placeholder), JSON.stringify(upload)),
  ) as CaptureUpload;
}

export class CaptureUploadError extends Error {
  override readonly name = 'CaptureUploadError';
}

/** POST /capture on the provider (`base`: its origin); the listener's token makes the capture theirs. */
export async function uploadCapture(
  fetcher: typeof fetch,
  base: string,
  upload: CaptureUpload,
  accessToken: string | undefined,
): Promise<CaptureLink & { readonly href: string }> {
  const response = await fetcher(`${base}/capture`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(accessToken === undefined ? {} : { authorization: `Bearer ${accessToken}` }) },
    body: JSON.stringify(upload),
    credentials: 'omit',
  });
  if (response.status !== 201) throw new CaptureUploadError(`The provider answered ${response.status} to the capture.`);
  const link = (await response.json()) as CaptureLink;
  return { ...link, href: new URL(link.url, `${base}/`).href };
}

/** What a page hands "Report a problem": where its session is and whose it is. */
export interface PageCaptureOptions {
  /** The provider's origin (POST /capture); '' for the page's own. */
  readonly api: string;
  /** The page's action log (JSONL), recorded through `redactor`. */
  readonly actionLog: () => string;
  readonly redactor: Redactor;
  /** The page log's port transcript, when the page records one (the web player's). */
  readonly transcript?: () => string;
  /** The engine's log and transcript once it started, else null. */
  readonly engine: () => { readonly actionLog: string; readonly transcript: string } | null;
  /** Every access token the page holds now (anonymous ones too): none may leave in clear. */
  readonly accessTokens: () => ReadonlyArray<string>;
  /** The logged-in listener's token, which makes the capture theirs; undefined for an anonymous visitor. */
  readonly listenerToken: () => string | undefined;
}

/**
 * Issue 19 Capture on any page (the widget's, the web player's): the session at this moment with the
 * page's flags (its query) and environment, redacted, uploaded to the provider; the link to open it.
 */
export function capturePage(win: Window, options: PageCaptureOptions): (description: string) => Promise<CaptureLink & { readonly href: string }> {
  return (description) => {
    const flags = Object.fromEntries(new URLSearchParams(win.location.search));
    const upload = buildCapture(
      {
        actionLog: options.actionLog,
        ...(options.transcript === undefined ? {} : { transcript: options.transcript }),
        engine: options.engine,
        redactor: options.redactor,
        knownSecrets: () => [
          ...options.accessTokens().map((value) => ({ kind: 'accessToken' as const, value })),
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
    const api = options.api === '' ? win.location.origin : options.api.replace(/\/+$/, '');
    return uploadCapture((url, init) => win.fetch(url, init), api, upload, options.listenerToken());
  };
}
