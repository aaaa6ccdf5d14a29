// Issue 14 Operations: the deploy/ folder (compose file, proxy configuration, Dockerfile). Docker
// does not run here, so what can be checked is: nginx accepts the proxy configuration (`nginx -t`
// on the file e2e/two-instances.test.ts runs for real), and the compose file names the services the
// proxy sends to, with settings that server/config.ts reads and accepts.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { readConfig } from '../server/config';
import { checkProxyConf, DEPLOY_UPSTREAMS, renderProxyConf } from './reverse-proxy';

const deploy = resolve(__dirname, '..', 'deploy');

interface Service {
  readonly image?: string;
  readonly build?: { readonly context: string; readonly dockerfile: string };
  readonly environment?: Record<string, string>;
  readonly volumes?: string[];
  readonly ports?: string[];
  readonly depends_on?: Record<string, { condition: string }>;
  readonly command?: string[];
}

const compose = parse(readFileSync(join(deploy, 'compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const providers = DEPLOY_UPSTREAMS.map((upstream) => upstream.split(':')[0]!);

/** `${NAME:-default}` as compose substitutes it when NAME is unset. */
const withDefaults = (value: string): string => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

/** The environment variables server/config.ts reads (`env.NAME`, or flag(env, 'NAME', ...)). */
const readByConfig = new Set(
  [...readFileSync(resolve(__dirname, '..', 'server', 'config.ts'), 'utf8').matchAll(/\benv\.([A-Z_]+)|\benv, '([A-Z_]+)'/g)].map((m) => m[1] ?? m[2]!),
);

describe('deploy/ (issue 14 Operations)', () => {
  it('nginx -t accepts deploy/nginx/provider.conf with the instances on loopback (the configuration the two-instances e2e runs)', () => {
    const check = checkProxyConf(renderProxyConf(['127.0.0.1:18081', '127.0.0.1:18082'], 18080));
    expect(check.output).toContain('test is successful');
    expect(check.status).toBe(0);
  });

  it('the compose file runs two provider instances, Postgres, Redis and the proxy, which mounts deploy/nginx/provider.conf and sends to both instances by their service names', () => {
    expect(Object.keys(services).sort()).toEqual([...providers, 'postgres', 'proxy', 'redis'].sort());
    const proxy = services.proxy!;
    expect(proxy.volumes).toContain('./nginx/provider.conf:/etc/nginx/conf.d/default.conf:ro');
    // The proxy's listen port is the one it publishes.
    expect(readFileSync(join(deploy, 'nginx', 'provider.conf'), 'utf8')).toMatch(/^\s*listen 8080;$/m);
    expect(proxy.ports).toEqual(['8080:8080']);
    expect(Object.keys(proxy.depends_on ?? {}).sort()).toEqual([...providers].sort());
    // Both instances are built from this repository's Dockerfile, which starts the server's entry point.
    for (const name of providers) expect(services[name]?.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
    expect(readFileSync(join(deploy, 'Dockerfile'), 'utf8')).toMatch(/^CMD \["node", "dist\/server\/main\.js"\]$/m);
  });

  it.each(DEPLOY_UPSTREAMS.map((upstream) => [upstream]))(
    '%s: every setting is one server/config.ts reads, and it accepts them: Postgres and Redis of the compose file, listening where the proxy sends',
    (upstream) => {
      const [name, port] = upstream.split(':') as [string, string];
      const environment = services[name]?.environment ?? {};
      expect(Object.keys(environment).filter((key) => !readByConfig.has(key))).toEqual([]);
      const config = readConfig(Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, withDefaults(String(value))])));
      expect({ host: config.host, port: config.port }).toEqual({ host: '0.0.0.0', port: Number(port) });
      expect(new URL(config.databaseUrl ?? '').hostname).toBe('postgres');
      expect(new URL(config.redisUrl ?? '').hostname).toBe('redis');
      // One public address for both: whichever instance answers the service resolve names the proxy.
      expect(config.publicUrl).toBe('http://localhost:8080');
      // The proxy is the one hop trusted to name the client (the per-address rate limits count by it).
      expect(config.trustProxy).toBe(1);
    },
  );
});
