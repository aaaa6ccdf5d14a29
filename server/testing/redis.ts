import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/*
 * A throwaway Redis for tests (issue 14): Debian's redis-server (scripts/ensure-test-tools.sh
 * installs it) on 127.0.0.1 on a free port, nothing written to disk, stopped by the test.
 */

export interface TestRedis {
  /** redis://127.0.0.1:<port> */
  readonly url: string;
  stop(): Promise<void>;
}

export const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = address !== null && typeof address === 'object' ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts redis-server and resolves once it accepts connections (within 20 s). */
export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    // No persistence (no RDB snapshots, no AOF), loopback only, no config file.
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', '/tmp', '--loglevel', 'notice'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let output = '';
  await new Promise<void>((ready, failed) => {
    const timer = setTimeout(() => {
      // Not left running behind a failed test.
      child.kill('SIGKILL');
      failed(new Error(`redis-server did not start within 20 s: ${output}`));
    }, 20_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      failed(new Error(`cannot run ${REDIS_SERVER} (apt-get install redis-server): ${error.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      failed(new Error(`redis-server exited (${code}) before it was ready: ${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    },
  };
}
