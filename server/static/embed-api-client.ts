import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { messagePage } from '../embed/html';

/** Where parent pages import the embed API client from (spec 000 §7; built by build.mjs). */
export const EMBED_API_CLIENT_PATH = '/embed-api/client.js';

/**
 * GET /embed-api/client.js (and its source map): the parent page's client, an ES module. Any site
 * may import it, and module scripts are fetched with CORS, so every origin is allowed. Read per
 * request (a few kB) so a rebuild needs no restart; a server started without a build answers 404.
 */
export function registerEmbedApiClientRoute(app: FastifyInstance, dirs: { distDir: string }): void {
  const serve = (file: string, type: string) => async (_request: unknown, reply: import('fastify').FastifyReply) => {
    const path = join(dirs.distDir, 'embed-api', file);
    if (!existsSync(path)) {
      return reply.code(404).type('text/html').send(messagePage('Not found', 'The embed API client is not built: run npm run build.'));
    }
    return reply.type(type).header('cache-control', 'no-cache').header('access-control-allow-origin', '*').send(readFileSync(path, 'utf8'));
  };
  app.get(EMBED_API_CLIENT_PATH, serve('client.js', 'text/javascript; charset=utf-8'));
  app.get(`${EMBED_API_CLIENT_PATH}.map`, serve('client.js.map', 'application/json; charset=utf-8'));
}
