import * as t from 'io-ts';

/**
 * Issue 19 Capture: what "Report a problem" uploads (POST /capture) and what GET /api/captures/{id}
 * answers. The logs are the replay tooling's own files, as text: the widget's action log is a
 * fixtures/sessions/<name>.jsonl, the engine's log and port transcript its <name>.engine.jsonl and
 * <name>.engine.transcript.jsonl (scripts/replay.ts reads all three).
 */

/** The one-line description's longest form. */
export const CAPTURE_DESCRIPTION_MAX_CHARS = 200;

const Size = t.type({ width: t.number, height: t.number });

export const CaptureEnvironment = t.intersection([
  t.type({
    userAgent: t.string,
    language: t.string,
    viewport: Size,
  }),
  t.partial({
    languages: t.array(t.string),
    screen: Size,
    devicePixelRatio: t.number,
    timeZone: t.string,
    /** The page's address with its query (secrets redacted). */
    url: t.string,
    /** The page's flags: its query's switches and the provider's feature flags it was given. */
    flags: t.record(t.string, t.unknown),
  }),
]);
export type CaptureEnvironment = t.TypeOf<typeof CaptureEnvironment>;

export const CaptureUpload = t.intersection([
  t.type({
    /** The page's log; a web player page adds its port transcript (the widget's epics replay on fake ports instead). */
    widget: t.intersection([t.type({ actionLog: t.string }), t.partial({ transcript: t.string })]),
    environment: CaptureEnvironment,
  }),
  t.partial({
    description: t.string,
    /** Absent when the engine never started (an anonymous visitor's previews). */
    engine: t.type({ actionLog: t.string, transcript: t.string }),
  }),
]);
export type CaptureUpload = t.TypeOf<typeof CaptureUpload>;

/** The provider's answer to an upload: `url` is /replay/{id}?key={key}. */
export interface CaptureLink {
  readonly id: string;
  readonly key: string;
  readonly url: string;
}

/** GET /api/captures/{id}: the capture as uploaded, with its record. */
export interface StoredCapture {
  readonly id: string;
  readonly createdAt: string;
  readonly description: string | null;
  readonly owner: 'listener' | 'anonymous';
  readonly widget: { readonly actionLog: string; readonly transcript?: string };
  readonly engine: { readonly actionLog: string; readonly transcript: string } | null;
  readonly environment: CaptureEnvironment;
}
