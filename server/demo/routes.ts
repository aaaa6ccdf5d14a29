import type { FastifyInstance } from 'fastify';
import { RESOURCE_TYPES, type ResourceReader, type ResourceType } from '../catalogue/resources';
import { escapeHtml, messagePage } from '../embed/html';
import { EMBED_API_CLIENT_PATH } from '../static/embed-api-client';

/** Heights that show each kind well: a list needs room for rows, a single item does not. */
const HEIGHT: Record<ResourceType, number> = { album: 380, artist: 380, playlist: 380, show: 380, track: 152, episode: 152 };

/** The parent-page commands of spec 000 §7, as the client names them. */
const COMMANDS = [
  ['play', 'Play'],
  ['stop', 'Stop'],
  ['next', 'Next'],
  ['prev', 'Prev'],
] as const;

/**
 * `embedOrigin` lets the demo load its embeds from another origin than its own (the e2e test opens
 * the demo on 127.0.0.1 and the embeds on localhost), as a real parent page would. Only a bare
 * http(s) origin is accepted; '' (absent) keeps the embeds on this server's own origin.
 */
export function parseEmbedOrigin(value: unknown): { ok: true; origin: string } | { ok: false } {
  if (value === undefined || value === '') return { ok: true, origin: '' };
  if (typeof value !== 'string') return { ok: false };
  try {
    const url = new URL(value);
    const bare = url.origin === value || `${url.origin}/` === value;
    return (url.protocol === 'http:' || url.protocol === 'https:') && bare ? { ok: true, origin: url.origin } : { ok: false };
  } catch {
    return { ok: false };
  }
}

const STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;max-width:720px;margin:24px auto;padding:0 16px}' +
  'h2{font-size:15px;margin:24px 0 8px}iframe{border-radius:8px;display:block}' +
  '.controls{display:flex;gap:8px;align-items:center;margin:8px 0;flex-wrap:wrap}' +
  '.controls button{font:inherit;padding:4px 12px}.status{color:#555}';

/**
 * The page's script: one controller of the embed API client (spec 000 §7) per player. The last
 * contextchange is shown in words and kept in data attributes for tests, as is an embed that will
 * never connect (the client's EmbedConnectError).
 */
const SCRIPT = `
import { connectEmbed } from '${EMBED_API_CLIENT_PATH}';
for (const section of document.querySelectorAll('[data-player]')) {
  const iframe = section.querySelector('iframe');
  const status = section.querySelector('[data-status]');
  // The client says when an iframe will never connect (no embed-api=1, not an embed, no answer).
  const player = connectEmbed(iframe, {
    onError: (error) => {
      status.textContent = error.message;
      status.dataset.error = error.code;
    },
  });
  player.onContextChange((context) => {
    const track = context.currentTrack;
    status.textContent = (track ? track.name : 'Nothing to play') + ' \\u2014 ' + (context.isPlaying ? 'playing' : 'not playing');
    status.dataset.connected = 'true';
    status.dataset.playing = String(context.isPlaying);
    status.dataset.track = track ? track.uri : '';
    status.dataset.changes = String(Number(status.dataset.changes || '0') + 1);
  });
  for (const button of section.querySelectorAll('button[data-command]')) {
    button.addEventListener('click', () => player[button.dataset.command]());
  }
}
`;

function playerSection(type: ResourceType, id: string, name: string, embedOrigin: string, debug: boolean): string {
  const src = `${embedOrigin}/embed/${type}/${id}?embed-api=1${debug ? '&debug=1' : ''}`;
  const buttons = COMMANDS.map(([command, label]) => `<button type="button" data-command="${command}">${label}</button>`).join('');
  return (
    `<section data-player="${escapeHtml(type)}"><h2>${escapeHtml(type)}: <a href="${escapeHtml(src)}">${escapeHtml(name)}</a></h2>` +
    `<iframe title="${escapeHtml(name)}" src="${escapeHtml(src)}" width="100%" height="${HEIGHT[type]}" ` +
    `frameborder="0" allow="encrypted-media; autoplay"></iframe>` +
    `<div class="controls">${buttons}<span class="status" data-status aria-live="polite">Connecting\u2026</span></div></section>`
  );
}

/**
 * GET /: one player of each resource type, each with embed-api=1 and driven through the parent-page
 * client (spec 000 §7), then links to every other item of the catalogue.
 */
export function registerDemoRoutes(app: FastifyInstance, reader: ResourceReader): void {
  app.get('/', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const embedOrigin = parseEmbedOrigin(query.embedOrigin);
    // debug=1 is handed on to the embeds (their action log download and window.__embedDebug).
    const debug = query.debug === '1';
    if (!embedOrigin.ok) {
      return reply.code(400).type('text/html').send(messagePage('Bad request', 'embedOrigin must be an http or https origin, such as http://localhost:8080.'));
    }
    const all = await reader.list();
    const firsts = RESOURCE_TYPES.map((type) => all.find((item) => item.type === type)).filter((item) => item !== undefined);
    const players = firsts.map(({ type, id, name }) => playerSection(type, id, name, embedOrigin.origin, debug)).join('');
    const others = all
      .filter((item) => !firsts.includes(item))
      .map(({ type, id, name }) => `<li>${escapeHtml(type)}: <a href="/embed/${type}/${id}">${escapeHtml(name)}</a></li>`)
      .join('');
    return reply
      .type('text/html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
          `<title>Embed player demo</title><link rel="icon" href="data:,"><style>${STYLE}</style></head><body>` +
          `<h1>Embed player demo</h1><p>One player of each kind, loaded with <code>embed-api=1</code> and driven by this page through ` +
          `<code>${EMBED_API_CLIENT_PATH}</code>. Add <code>?debug=1</code> to this page's address to download the embeds' action logs.</p>` +
          `${players}<h2>Everything else in the demo catalogue</h2><ul>${others}</ul>` +
          `<script type="module">${SCRIPT}</script></body></html>`,
      );
  });
}
