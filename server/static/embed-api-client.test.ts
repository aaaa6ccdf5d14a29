import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMBED_API_CLIENT_PATH, registerEmbedApiClientRoute } from './embed-api-client';

/** The route alone on a loopback port (light-my-request cannot load under jest here: real HTTP). */
async function get(distDir: string, headers: Record<string, string> = {}) {
  const app = Fastify();
  registerEmbedApiClientRoute(app, { distDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  try {
    const response = await fetch(`http://127.0.0.1:${address.port}${EMBED_API_CLIENT_PATH}`, { headers });
    return { status: response.status, headers: response.headers, body: await response.text() };
  } finally {
    await app.close();
  }
}

describe('GET /embed-api/client.js (the parent-page client of spec 000 §7)', () => {
  const distDir = mkdtempSync(join(tmpdir(), 'embed-dist-'));
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));

  it('serves the built ES module to any origin (module scripts are fetched with CORS)', async () => {
    mkdirSync(join(distDir, 'embed-api'), { recursive: true });
    writeFileSync(join(distDir, 'embed-api', 'client.js'), 'export function connectEmbed(){}');
    const response = await get(distDir, { origin: 'http://parent.test' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.body).toBe('export function connectEmbed(){}');
  });

  it('answers 404 with a readable page when the client is not built', async () => {
    const response = await get(join(distDir, 'nothing'));
    expect(response.status).toBe(404);
    expect(response.body).toContain('not built');
  });
});
