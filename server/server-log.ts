import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/*
 * Issue 12 "the server's own log never prints one": the options of fastify's logger (pino), so that
 * no access token, authorization header, cookie or key reaches a log line, whoever logs what.
 * - Requests are logged by method, address and a URL whose secret query values are replaced
 *   (the dealer takes its token as `?access_token=`, spec 001 §7 Realtime socket); never headers.
 * - Errors keep their type, message and stack, with any secret text in them replaced, and any
 *   property named like a secret (an error carrying a request's headers) replaced.
 * - Anything else merged into a line (`log.info({ headers })`) and the message text are scrubbed
 *   the same way, so a later log call cannot print one by mistake.
 */

/** What stands for a removed secret in a log line. */
export const REDACTED = '[redacted]';

/** Query parameters whose value is a secret: bearer tokens, login and CSRF tokens, codes, keys. */
const SECRET_QUERY = /([?&#;](?:access_token|token|refresh_token|id_token|code|key|password|csrf|_csrf|sig|signature)=)[^&#\s"'\\]*/gi;

/** `Bearer <token>` and `Basic <credentials>` wherever they appear in text. */
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[^\s"'\\,;]+/gi;

/** A JSON or JS member holding a secret: `"access_token":"…"`, `accessToken: '…'`. */
const SECRET_MEMBER =
  /(["']?(?:access_?token|accessToken|refresh_?token|authorization|cookie|set-cookie|password|secret|csrf_?token|_csrf)["']?\s*[:=]\s*)(["'])(?:(?!\2)[^\\]|\\.)*\2/gi;

/** Keys whose value is a secret wherever they appear in a logged object (compared lower-cased, without - and _). */
const SECRET_KEYS: ReadonlySet<string> = new Set([
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'token',
  'password',
  'secret',
  'csrftoken',
  'csrf',
  'k',
]);

const isSecretKey = (key: string): boolean => SECRET_KEYS.has(key.toLowerCase().replace(/[-_]/g, ''));

/** Text with every secret it visibly holds replaced. */
export function scrubText(text: string): string {
  return text.replace(SECRET_QUERY, `$1${REDACTED}`).replace(AUTH_SCHEME, `$1 ${REDACTED}`).replace(SECRET_MEMBER, `$1$2${REDACTED}$2`);
}

const MAX_DEPTH = 6;

/** A copy of a value for a log line: secret keys replaced, strings scrubbed, bounded in depth. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretKey(key) ? REDACTED : scrubValue(item, depth + 1);
  }
  return out;
}

interface LoggedRequest {
  readonly method?: string;
  readonly url?: string;
  readonly host?: string;
  readonly ip?: string;
  readonly socket?: { readonly remotePort?: number } | null;
}

/** The request as a log line shows it: no headers, and its URL's secret query values replaced. */
export function requestForLog(request: LoggedRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? scrubText(request.url) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface LoggedError {
  readonly [key: string]: unknown;
  readonly type: string;
  readonly message: string;
  readonly stack: string;
}

/** The error as pino writes it (type, message, stack, own properties), scrubbed. */
export function errorForLog(error: unknown): LoggedError {
  if (error instanceof Error) return scrubValue(stdSerializers.err(error)) as LoggedError;
  return { type: typeof error, message: scrubText(String(error)), stack: '' };
}

/** Keys with a serializer of their own above: already scrubbed, and raw objects (a request) not to be walked. */
const SERIALIZED_KEYS: ReadonlySet<string> = new Set(['req', 'res', 'err', 'error']);

export interface ServerLogOptions {
  /** pino's level; 'info' logs every request. */
  readonly level?: string;
  /** Where lines go (a test captures them); standard output by default. */
  readonly stream?: { write(line: string): void };
}

/** fastify's `logger` option: off, or pino with the redaction above. */
export function serverLoggerOptions(options: boolean | ServerLogOptions | undefined): FastifyServerOptions['logger'] {
  if (options === undefined || options === false) return false;
  const { level, stream } = options === true ? {} : options;
  return {
    level: level ?? 'info',
    ...(stream === undefined ? {} : { stream }),
    serializers: {
      req: (request: LoggedRequest) => requestForLog(request),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      err: errorForLog,
      error: errorForLog,
    },
    formatters: {
      log: (object: Record<string, unknown>) => {
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(object)) {
          out[key] = SERIALIZED_KEYS.has(key) ? value : isSecretKey(key) ? REDACTED : scrubValue(value);
        }
        return out;
      },
    },
    hooks: {
      // The message text (and any further format arguments) of every call.
      logMethod(this: unknown, args: unknown[], method: (...rest: unknown[]) => void) {
        if (args.length === 0) return method.apply(this, args);
        const [first, ...rest] = args;
        // pino takes a lone error's message as the line's message, past every serializer: scrub it here.
        const head = first instanceof Error ? [{ err: first }, ...(rest.length === 0 ? [first.message] : [])] : [first];
        method.apply(
          this,
          [...head, ...rest].map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)),
        );
      },
    },
  };
}
