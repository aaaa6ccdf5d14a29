/**
 * Issue 12 "No secret in a log": the one redaction every recorder applies (the widget's and the
 * engine's action logs, the engine's port transcript, the debug state and download, the logging
 * channel), at the point a line is recorded.
 *
 * Each distinct secret becomes a stable placeholder (`REDACTED_TOKEN_1`, `REDACTED_KEY_2`...), the
 * same one wherever it appears in the lines of one recorder, so replay still works: the reducer and
 * the epics only compare, store or forward a token, so a replay that is fed the placeholder (from
 * the transcript's answers) makes the same calls with the same placeholder the recorded calls carry.
 * The placeholder is made of letters, digits and `_` only, so it passes unchanged through
 * encodeURIComponent (the dealer URL's query), base64url alphabets and JSON text.
 *
 * Where secrets are learnt (anything else that holds the same text is redacted too):
 * - access tokens: the value of a key `accessToken` or `access_token` (in an object or in JSON
 *   text), `Bearer <token>` (an authorization header), `access_token=<token>` (a URL query);
 * - ClearKey keys: the `k` of a JSON web key (`{"kty":"oct","k":...}`) in a licence answer or the
 *   licence handed to the key session;
 * - cookies: the value of a `cookie` or `set-cookie` header.
 */
export type SecretKind = 'token' | 'key' | 'cookie';

/**
 * Shorter text is never learnt as a secret: real tokens (43 characters) and ClearKey keys (22) are
 * long, a short one would eat ordinary words, and a placeholder (at most 19 characters) is then
 * never longer than what it replaces, so a redacted report stays within its size cap.
 */
export const MIN_SECRET_LENGTH = 20;

const PLACEHOLDER = /^REDACTED_(?:TOKEN|KEY|COOKIE)_\d+$/;

export const isPlaceholder = (text: string): boolean => PLACEHOLDER.test(text);

export interface Redactor {
  /** The value with every known secret replaced by its placeholder, after learning the secrets it holds. Unchanged parts are shared. */
  redact<T>(value: T): T;
}

const TOKEN_KEYS: ReadonlySet<string> = new Set(['accessToken', 'access_token']);
const COOKIE_KEYS: ReadonlySet<string> = new Set(['cookie', 'set-cookie']);

const TEXT_PATTERNS: ReadonlyArray<{ readonly kind: SecretKind; readonly pattern: RegExp; readonly when?: string }> = [
  { kind: 'token', pattern: /Bearer\s+([^\s"'\\,;]+)/g },
  { kind: 'token', pattern: /[?&#]access_token=([^&#\s"'\\]+)/g },
  { kind: 'token', pattern: /"(?:accessToken|access_token)"\s*:\s*"([^"\\]+)"/g },
  { kind: 'key', pattern: /"k"\s*:\s*"([^"\\]+)"/g, when: '"kty"' },
];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A redactor with its own placeholders: one per recording (the engine's log and transcript share one). */
export function createRedactor(): Redactor {
  const placeholders = new Map<string, string>();
  const counts: Record<SecretKind, number> = { token: 0, key: 0, cookie: 0 };
  /** Longest first, so that a secret holding another is replaced whole. */
  let secrets: string[] = [];

  const learn = (kind: SecretKind, secret: string): void => {
    if (secret.length < MIN_SECRET_LENGTH || isPlaceholder(secret) || placeholders.has(secret)) return;
    counts[kind] += 1;
    placeholders.set(secret, `REDACTED_${kind.toUpperCase()}_${counts[kind]}`);
    secrets = [...placeholders.keys()].sort((a, b) => b.length - a.length);
  };

  const learnText = (text: string): void => {
    if (text.length < MIN_SECRET_LENGTH) return;
    for (const { kind, pattern, when } of TEXT_PATTERNS) {
      if (when !== undefined && !text.includes(when)) continue;
      for (const match of text.matchAll(pattern)) {
        const secret = match[1];
        if (secret !== undefined) learn(kind, secret);
      }
    }
  };

  const learnFrom = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (typeof value === 'string') {
      learnText(value);
    } else if (Array.isArray(value)) {
      for (const item of value) learnFrom(item, depth + 1);
    } else if (isRecord(value)) {
      if (typeof value.kty === 'string' && typeof value.k === 'string') learn('key', value.k);
      for (const [key, item] of Object.entries(value)) {
        if (typeof item === 'string' && TOKEN_KEYS.has(key)) learn('token', item);
        else if (typeof item === 'string' && COOKIE_KEYS.has(key.toLowerCase())) learn('cookie', item);
        learnFrom(item, depth + 1);
      }
    }
  };

  const replaceText = (text: string): string => {
    let out = text;
    for (const secret of secrets) {
      if (out.includes(secret)) out = out.split(secret).join(placeholders.get(secret) ?? '');
    }
    return out;
  };

  const replace = (value: unknown, depth: number): unknown => {
    if (depth > MAX_DEPTH) return value;
    if (typeof value === 'string') return replaceText(value);
    if (Array.isArray(value)) {
      // Array.isArray narrows to any[]; the items are as unknown as the value was.
      const items: readonly unknown[] = value;
      let copy: unknown[] | undefined;
      items.forEach((item, index) => {
        const next = replace(item, depth + 1);
        if (next !== item) (copy ??= [...items])[index] = next;
      });
      return copy ?? value;
    }
    if (isRecord(value)) {
      let copy: Record<string, unknown> | undefined;
      for (const [key, item] of Object.entries(value)) {
        const next = replace(item, depth + 1);
        if (next !== item) (copy ??= { ...value })[key] = next;
      }
      return copy ?? value;
    }
    return value;
  };

  return {
    redact: <T>(value: T): T => {
      learnFrom(value, 0);
      return secrets.length === 0 ? value : (replace(value, 0) as T);
    },
  };
}

/** Deeper than any log line; a value nested past it (hostile input) is kept as it is rather than walked for ever. */
const MAX_DEPTH = 64;

/**
 * The same redaction for one value on its own (the logging channel's batches): the placeholders are
 * numbered within that value.
 */
export const redactSecrets = <T>(value: T): T => createRedactor().redact(value);
