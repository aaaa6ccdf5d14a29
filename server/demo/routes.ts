import type { FastifyInstance } from 'fastify';
import type { ResourceReader, ResourceType } from '../catalogue/resources';
import { escapeHtml } from '../embed/html';

/** Heights that show each kind well: a list needs room for rows, a single item does not. */
const HEIGHT: Record<ResourceType, number> = { album: 380, artist: 380, playlist: 380, show: 380, track: 152, episode: 152 };

/** GET /: every resource of the catalogue in its own embed, as a site owner would place it. */
export function registerDemoRoutes(app: FastifyInstance, reader: ResourceReader): void {
  app.get('/', async (_request, reply) => {
    const items = reader
      .list()
      .map(
        ({ type, id, name }) =>
          `<section><h2>${escapeHtml(type)}: <a href="/embed/${type}/${id}">${escapeHtml(name)}</a></h2>` +
          `<iframe title="${escapeHtml(name)}" src="/embed/${type}/${id}" width="100%" height="${HEIGHT[type]}" ` +
          `frameborder="0" allow="encrypted-media; autoplay" loading="lazy"></iframe></section>`,
      )
      .join('');
    return reply
      .type('text/html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
          `<title>Embed player demo</title><link rel="icon" href="data:,"><style>body{font:15px/1.5 system-ui,sans-serif;max-width:720px;margin:24px auto;padding:0 16px}` +
          `h2{font-size:15px;margin:24px 0 8px}iframe{border-radius:8px;display:block}</style></head><body>` +
          `<h1>Embed player demo</h1><p>Each item of the demo catalogue in its embed. Add <code>?debug=1</code> to an embed's address to download its action log.</p>` +
          `${items}</body></html>`,
      );
  });
  app.get('/healthz', async () => 'ok');
}
