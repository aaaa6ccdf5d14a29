// Debian's nginx in front of provider instances on loopback, configured with the deploy's own proxy
// configuration (deploy/nginx/provider.conf): only the upstream addresses and the listen line are
// replaced, so the e2e tests run the file the compose deployment runs (issue 14 Operations).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Debian puts it in /usr/sbin, which is not on every user's PATH.
export const NGINX = process.env.NGINX ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
export const DEPLOY_PROXY_CONF = resolve(__dirname, '..', 'deploy', 'nginx', 'provider.conf');

/** The names deploy/nginx/provider.conf gives the instances (deploy/compose.yaml's services) and its listen line. */
export const DEPLOY_UPSTREAMS = ['provider-a:8080', 'provider-b:8080'] as const;
const DEPLOY_LISTEN = 'listen 8080;';

/** Replaces `what` in `text`, which must hold it exactly once (a config that changed shape fails loudly). */
function replaceOnce(text: string, what: string, by: string): string {
  const at = text.indexOf(what);
  if (at < 0 || text.indexOf(what, at + what.length) >= 0) throw new Error(`${DEPLOY_PROXY_CONF} must name "${what}" exactly once`);
  return text.slice(0, at) + by + text.slice(at + what.length);
}

/** The deploy's proxy configuration with the instances at `upstreams` (host:port, in order) and nginx on 127.0.0.1:`port`. */
export function renderProxyConf(upstreams: readonly [string, string], port: number): string {
  let text = readFileSync(DEPLOY_PROXY_CONF, 'utf8');
  DEPLOY_UPSTREAMS.forEach((name, n) => {
    text = replaceOnce(text, `server ${name} `, `server ${upstreams[n]} `);
  });
  return replaceOnce(text, DEPLOY_LISTEN, `listen 127.0.0.1:${port};`);
}

/** A folder with a main nginx.conf (pid, logs and temp files inside it) that includes `proxyConf`. */
function writeNginxFolder(proxyConf: string): { dir: string; conf: string } {
  const dir = mkdtempSync(join(tmpdir(), 'embed-nginx-'));
  // As root, nginx's workers run as nobody: they must reach the folder (temp files of request bodies).
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'provider.conf'), proxyConf);
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      '    access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${join(dir, kind)};`),
      `    include ${join(dir, 'provider.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  return { dir, conf };
}

/** `nginx -t` over the configuration: its exit status and what it printed. */
export function checkProxyConf(proxyConf: string): { status: number | null; output: string } {
  const { dir, conf } = writeNginxFolder(proxyConf);
  try {
    const run = spawnSync(NGINX, ['-t', '-p', dir, '-c', conf, '-e', join(dir, 'error.log')], { encoding: 'utf8', timeout: 20_000 });
    if (run.error !== undefined) throw new Error(`cannot run ${NGINX} (apt-get install nginx): ${run.error.message}`);
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ReverseProxy {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  stop(): Promise<void>;
}

const accepts = (port: number): Promise<boolean> =>
  new Promise((answer) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });

/** Starts nginx on 127.0.0.1:`port` in front of `upstreams`; resolves once it accepts connections (within 15 s). */
export async function startReverseProxy(upstreams: readonly [string, string], port: number): Promise<ReverseProxy> {
  const { dir, conf } = writeNginxFolder(renderProxyConf(upstreams, port));
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const failedToRun = new Promise<Error>((done) => child.once('error', done));
  const stop = async (): Promise<void> => {
    // SIGTERM is nginx's fast shutdown: its open websockets are cut, as a load balancer going away would.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(kill);
    rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + 15_000;
  for (;;) {
    const early = await Promise.race([
      failedToRun,
      exited.then(() => new Error(`nginx exited before accepting: ${output}`)),
      accepts(port).then((up) => (up ? null : undefined)),
    ]);
    if (early === null) break;
    if (early instanceof Error) {
      await stop();
      throw early;
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`nginx did not accept connections within 15 s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin: `http://127.0.0.1:${port}`, stop };
}
