import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { join, resolve } from 'node:path';
import { demoCatalogueOf } from '../db/demo-catalogue';
import { mediaDirOf } from '../ingest/open-catalogue';
import { previewMarketGuard } from './preview-markets';

/**
 * The widget bundle (dist/widget, precompressed) and the media under /media/ (covers, previews), with byte ranges
 * (206) so that audio can seek. Hashed chunks never change; the entry and media are revalidated.
 */
export async function registerStaticRoutes(
  app: FastifyInstance,
  dirs: { distDir: string; fixturesDir: string; dataDir: string; /** The provider's country (COUNTRY): an anonymous visitor's market. */ country: string },
): Promise<void> {
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
  // spec 000 §5: an episode's preview is served only where the episode is sold (./preview-markets.ts).
  app.addHook('onRequest', previewMarketGuard(app.database.kysely, dirs.country, '/media/'));
  await app.register(fastifyStatic, {
    // What the ingest wrote (`${DATA_DIR}/media`: images/, audio/) first, then the committed demo catalogue's
    // media (fixtures/demo-catalogue/media, never copied); a file missing from the first folder is looked up
    // in the next. The roots must be absolute and distinct.
    root: [...new Set([resolve(mediaDirOf(dirs.dataDir)), resolve(demoCatalogueOf(dirs.fixturesDir).mediaDir)])],
    prefix: '/media/',
    decorateReply: false,
    acceptRanges: true,
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=3600');
    },
  });
}
