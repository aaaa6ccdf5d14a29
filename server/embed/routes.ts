import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmbedSession } from '../../core/model/embed-data';
import { InvalidUriError, INVALID_URI_MESSAGE, parseUri } from '../../core/model/uri';
import { renderEmbedApp } from '../../ui/widget/ssr';
import { RESOURCE_TYPES, type ResourceReader, type ResourceType } from '../catalogue/resources';
import { buildEmbedData, settingsForLocale, type EmbedSettings } from './embed-data';
import { chooseLocale } from './locale';
import { renderEmbedDocument, type WidgetAssets } from './embed-page';
import { messagePage } from './html';

const isResourceType = (type: string): type is ResourceType => (RESOURCE_TYPES as ReadonlyArray<string>).includes(type);

/** GET /embed/{type}/{id}: the embed page (spec 000 §2 The embed screen, §3 the JSON block). */
export function registerEmbedRoutes(
  app: FastifyInstance,
  deps: {
    reader: ResourceReader;
    settings: EmbedSettings;
    assets: WidgetAssets;
    /** The visitor's session with the provider (server/accounts), null for an anonymous visitor. */
    session?: (request: FastifyRequest) => EmbedSession | null;
    /** The logged-in visitor's account id (session cookie), null when anonymous: a private playlist is theirs only. */
    viewer?: (request: FastifyRequest) => string | null;
  },
): void {
  app.get<{ Params: { type: string; id: string } }>('/embed/:type/:id', async (request, reply) => {
    const { type, id } = request.params;
    try {
      parseUri(`spotify:${type}:${id}`);
    } catch (err) {
      if (!(err instanceof InvalidUriError)) throw err;
      // spec 000 §8: an invalid item URI gives 'Invalid Spotify URI!'.
      return reply.code(400).type('text/html').send(messagePage(INVALID_URI_MESSAGE, `${type}/${id} is not an item this player can open.`));
    }
    if (!isResourceType(type)) {
      return reply
        .code(404)
        .type('text/html')
        .send(messagePage('This item cannot be embedded', 'Embeds show an album, artist, playlist, track, show or episode.'));
    }
    // Another listener's private playlist answers as an unknown id would (issue 12).
    const resource = deps.reader.read(type, id, deps.viewer?.(request) ?? null);
    if (resource === null) {
      return reply.code(404).type('text/html').send(messagePage(`This ${type} could not be found`, 'It may have been removed, or the link is mistyped.'));
    }
    // The page's locale: ?locale=, else Accept-Language, else en (server/embed/locale.ts).
    const locale = chooseLocale((request.query as Record<string, unknown>).locale, request.headers['accept-language']);
    // spec 000 §2: ?variant=mini asks for the mini-player variant; any other value is the normal embed.
    const variant = (request.query as Record<string, unknown>).variant === 'mini' ? 'mini' : undefined;
    const session = deps.session?.(request) ?? null;
    const data = buildEmbedData(resource, settingsForLocale(deps.settings, locale), {
      ...(variant === undefined ? {} : { variant }),
      ...(session === null ? {} : { session }),
    });
    return reply
      .type('text/html')
      // A logged-in visitor's page carries their access token: no cache may keep it.
      .header('cache-control', session === null ? 'no-cache' : 'private, no-store')
      // The locale follows Accept-Language and the session the cookie, so caches keep one copy per both.
      .header('vary', 'accept-language, cookie')
      .send(renderEmbedDocument(data, renderEmbedApp(data), deps.assets));
  });
}
