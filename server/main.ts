import { join, resolve } from 'node:path';
import { buildServer } from './app';
import { readConfig } from './config';

/** `npm start`: the demo provider on http://HOST:PORT/. */
async function main(): Promise<void> {
  const config = readConfig();
  const root = resolve(__dirname, '..', '..');
  const app = await buildServer({
    dataDir: resolve(config.dataDir),
    distDir: join(root, 'dist'),
    fixturesDir: join(root, 'fixtures'),
    publicUrl: config.publicUrl,
    allowedHosts: config.allowedHosts,
    country: config.country,
    featureFlags: config.featureFlags,
    logRetentionDays: config.logRetentionDays,
    captureRetentionDays: config.captureRetentionDays,
    ...(config.captureOperatorToken === undefined ? {} : { captureOperatorToken: config.captureOperatorToken }),
    demoProductChange: config.demoProductChange,
    ...(config.termsLicence === undefined ? {} : { termsLicence: config.termsLicence }),
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    trustProxy: config.trustProxy,
    // Warnings and errors only (a failed request, a socket's error), never a secret (server/server-log.ts).
    logger: { level: 'warn' },
  });
  /*
   * Graceful shutdown (issue 14 Operations): app.close() stops accepting (new requests on open
   * connections get 503), closes the dealer sockets with CLOSE_SHUTDOWN so that engines reconnect
   * elsewhere (server/dealer/dealer.ts), lets in-flight requests finish and their writes drain, then
   * releases this instance's routes and closes Redis and the database (the onClose hooks). Bounded:
   * past SHUTDOWN_TIMEOUT_MS the process exits anyway, with 1.
   */
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    // A second signal while stopping changes nothing: the timeout already bounds the wait.
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => {
      console.error(`${signal}: shutdown not done within ${config.shutdownTimeoutMs} ms; exiting`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`${signal}: shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  // Before listening: a signal that comes as soon as the server says it listens finds the handler there.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  console.log(`Embed player demo on http://${config.host}:${port}/`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
