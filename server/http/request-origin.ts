import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The one owner of "the origin of this request": the origin every absolute URL the server builds
 * starts with (CDN and licence URLs, service resolve, Web API links). A client chooses the Host
 * header freely, so it is never copied into a URL unless the server accepts that host.
 */
export interface OriginPolicy {
  /** PUBLIC_URL: when set, every absolute URL starts with it, whatever the request says. */
  readonly publicUrl: string;
  /**
   * ALLOWED_HOSTS: further names (or name:port) the server answers to besides its own listen
   * address and the loopback names. A name without a port is accepted on the port the request came
   * to and on the scheme's default port (the server behind a proxy on 80 or 443).
   */
  readonly allowedHosts: readonly string[];
}

const NO_POLICY: OriginPolicy = { publicUrl: '', allowedHosts: [] };
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

declare module 'fastify' {
  interface FastifyInstance {
    /** Installed by installOriginPolicy (server/app.ts); read by requestOrigin. */
    originPolicy?: OriginPolicy;
  }
}

/** ALLOWED_HOSTS as config reads it: comma-separated names or name:port, lower-cased, blanks dropped. */
export function parseAllowedHosts(raw: string | undefined): string[] {
  const hosts = (raw ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  for (const host of hosts) {
    if (parseHost(host, 'http') === null) throw new Error(`ALLOWED_HOSTS must list host names or host:port, got ${host}`);
  }
  return hosts;
}

/** Makes `policy` the one every route of `app` (and its plugins) builds origins from; call before registering routes. */
export function installOriginPolicy(app: FastifyInstance, policy: OriginPolicy): void {
  app.decorate('originPolicy', { publicUrl: policy.publicUrl.replace(/\/+$/, ''), allowedHosts: policy.allowedHosts.map((h) => h.toLowerCase()) });
}

/** hostname (IPv6 in brackets, lower case) and port of a Host value; null when it is not one. */
function parseHost(host: string, protocol: string): { hostname: string; port: string } | null {
  // A Host value is a name and an optional port: anything with a path, user info or query is not.
  if (!/^[a-z0-9.\-_[\]:]+$/i.test(host)) return null;
  try {
    const url = new URL(`${protocol}://${host}`);
    return { hostname: url.hostname.toLowerCase(), port: url.port !== '' ? url.port : protocol === 'https' ? '443' : '80' };
  } catch {
    return null;
  }
}

/** The socket's own address as a URL host: IPv4-mapped IPv6 unwrapped, IPv6 bracketed. */
function addressHost(address: string | undefined): string | null {
  if (address === undefined || address === '') return null;
  const plain = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return plain.includes(':') ? `[${plain.toLowerCase()}]` : plain;
}

/**
 * The origin of this request's absolute URLs: PUBLIC_URL when set (or `publicUrl` when the caller
 * is given one of its own), else the request's Host when the server accepts it (the address the
 * connection reached, the loopback names on that port, ALLOWED_HOSTS), else the address the
 * connection reached. An unaccepted Host is not refused: the page or JSON still answers, only
 * its absolute URLs name the server's own address (a forged Host is never echoed).
 */
export function requestOrigin(request: FastifyRequest, publicUrl?: string): string {
  const policy = request.server.originPolicy ?? NO_POLICY;
  const configured = (publicUrl ?? '') || policy.publicUrl;
  if (configured !== '') return configured.replace(/\/+$/, '');
  const protocol = request.protocol;
  const localPort = String(request.socket?.localPort ?? (protocol === 'https' ? 443 : 80));
  const own = addressHost(request.socket?.localAddress) ?? '127.0.0.1';
  const ownOrigin = `${protocol}://${own}${localPort === (protocol === 'https' ? '443' : '80') ? '' : `:${localPort}`}`;
  const asked = parseHost(request.headers.host ?? '', protocol);
  if (asked === null) return ownOrigin;
  const defaultPort = protocol === 'https' ? '443' : '80';
  const accepted =
    ([own, ...LOOPBACK_NAMES].includes(asked.hostname) && asked.port === localPort) ||
    policy.allowedHosts.some((entry) => {
      const allowed = parseHost(entry, protocol);
      if (allowed === null || allowed.hostname !== asked.hostname) return false;
      // An entry with its own port names that port only; without one, this port or the default.
      return /:\d+$/.test(entry) ? allowed.port === asked.port : asked.port === localPort || asked.port === defaultPort;
    });
  if (!accepted) return ownOrigin;
  return `${protocol}://${asked.hostname}${asked.port === defaultPort ? '' : `:${asked.port}`}`;
}
