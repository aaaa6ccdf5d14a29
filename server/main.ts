import { join, resolve } from 'node:path';
import { buildServer } from './app';
import { readConfig } from './config';

/** `npm start`: the demo provider on http://HOST:PORT/. */
async function main(): Promise<void> {
  const config = readConfig();
  const root = resolve(__dirname, '..', '..');
  const app = await buildServer({
    dataDir: resolve(config.dataDir),
    databaseUrl: config.databaseUrl,
    distDir: join(root, 'dist'),
    fixturesDir: join(root, 'fixtures'),
    publicUrl: config.publicUrl,
    allowedHosts: config.allowedHosts,
    country: config.country,
    featureFlags: config.featureFlags,
    logRetentionDays: config.logRetentionDays,
    demoProductChange: config.demoProductChange,
    // Warnings and errors only (a failed request, a socket's error), never a secret (server/server-log.ts).
    logger: { level: 'warn' },
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  console.log(`Embed player demo on http://${config.host}:${port}/`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
