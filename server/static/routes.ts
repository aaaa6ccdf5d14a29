import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { join } from 'node:path';

/**
 * The widget bundle (dist/widget, precompressed) and the demo media (fixtures/media), with byte ranges (206) so
 * that audio can seek. Hashed chunks never change; the entry and media are revalidated.
 */
export async function registerStaticRoutes(app: FastifyInstance, dirs: { distDir: string; fixturesDir: string }): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(dirs.distDir, 'widget'),
    prefix: '/widget/',
    // build.mjs writes .br and .gz next to each script and stylesheet; the browser gets the one it accepts.
    preCompressed: true,
    acceptRanges: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes('/chunks/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  await app.register(fastifyStatic, {
    root: join(dirs.fixturesDir, 'media'),
    prefix: '/media/',
    decorateReply: false,
    acceptRanges: true,
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=3600');
    },
  });
}
