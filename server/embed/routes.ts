import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmbedSession } from '../../core/model/embed-data';
import { InvalidUriError, INVALID_URI_MESSAGE, parseUri, type ParsedUri } from '../../core/model/uri';
import { EMBED_QUERY_PATH } from '../../core/widget/share/share-links';
import { renderEmbedApp } from '../../ui/widget/ssr';
import { RESOURCE_TYPES, type ResourceReader, type ResourceType } from '../catalogue/resources';
import { buildEmbedData, settingsForLocale, type EmbedSettings } from './embed-data';
import { chooseLocale } from './locale';
import { renderEmbedDocument, type WidgetAssets } from './embed-page';
import { messagePage } from './html';

const isResourceType = (type: string): type is ResourceType => (RESOURCE_TYPES as ReadonlyArray<string>).includes(type);

/** A uri is at most a few hundred characters (a track with its context); far longer is not one. */
const MAX_URI_LENGTH = 2048;

/** GET /embed/{type}/{id} and GET /embed?uri=...: the embed page (spec 000 §2 The embed screen, §3 the JSON block). */
export function registerEmbedRoutes(
  app: FastifyInstance,
  deps: {
    reader: ResourceReader;
    settings: EmbedSettings;
    assets: WidgetAssets;
    /** The visitor's session with the provider (server/accounts), null for an anonymous visitor. */
    session?: (request: FastifyRequest) => Promise<EmbedSession | null> | EmbedSession | null;
    /** The logged-in visitor's account id (session cookie), null when anonymous: a private playlist is theirs only. */
    viewer?: (request: FastifyRequest) => Promise<string | null> | string | null;
  },
): void {
  /** The page of one item, or its readable 404 (spec 000 §2 The embed screen, §3 the JSON block). */
  const sendEmbed = async (request: FastifyRequest, reply: FastifyReply, type: string, id: string) => {
    if (!isResourceType(type)) {
      return reply
        .code(404)
        .type('text/html')
        .send(messagePage('This item cannot be embedded', 'Embeds show an album, artist, playlist, track, show or episode.'));
    }
    const session = (await deps.session?.(request)) ?? null;
    // Another listener's private playlist answers as an unknown id would (issue 12). spec 000 §5: an
    // episode is playable in the visitor's market, a logged-in visitor's account's (the session market).
    const resource = await deps.reader.read(type, id, (await deps.viewer?.(request)) ?? null, session?.market);
    if (resource === null) {
      return reply
        .code(404)
        .type('text/html')
        .send(messagePage(`This ${type} could not be found`, 'It may have been removed, or the link is mistyped.'));
    }
    // The page's locale: ?locale=, else Accept-Language, else en (server/embed/locale.ts).
    const locale = chooseLocale((request.query as Record<string, unknown>).locale, request.headers['accept-language']);
    // spec 000 §2: ?variant=mini asks for the mini-player variant; any other value is the normal embed.
    const variant = (request.query as Record<string, unknown>).variant === 'mini' ? 'mini' : undefined;
    const data = buildEmbedData(resource, settingsForLocale(deps.settings, locale), {
      ...(variant === undefined ? {} : { variant }),
      ...(session === null ? {} : { session }),
    });
    return (
      reply
        .type('text/html')
        // A logged-in visitor's page carries their access token: no cache may keep it.
        .header('cache-control', session === null ? 'no-cache' : 'private, no-store')
        // The locale follows Accept-Language and the session the cookie, so caches keep one copy per both.
        .header('vary', 'accept-language, cookie')
        .send(renderEmbedDocument(data, renderEmbedApp(data), deps.assets))
    );
  };
  // spec 000 §8: an invalid item URI gives 'Invalid Spotify URI!'.
  const invalidUri = (reply: FastifyReply, detail: string) => reply.code(400).type('text/html').send(messagePage(INVALID_URI_MESSAGE, detail));

  app.get<{ Params: { type: string; id: string } }>('/embed/:type/:id', async (request, reply) => {
    const { type, id } = request.params;
    try {
      parseUri(`spotify:${type}:${id}`);
    } catch (err) {
      if (!(err instanceof InvalidUriError)) throw err;
      return invalidUri(reply, `${type}/${id} is not an item this player can open.`);
    }
    return sendEmbed(request, reply, type, id);
  });

  /*
   * GET /embed?uri=spotify:album:ID: the same page, named by the item's uri (spec 000 §7 Copy embed
   * code: "the provider's embed page with the uri as a parameter"; what the share dialog copies).
   * Rendered here rather than redirected to the path form, so a pasted snippet's first paint costs
   * no extra round trip. The uri is decoded here, at the boundary: absent, repeated, over-long or
   * unparseable is a 400 page, a type that cannot be embedded or an unknown id a 404.
   */
  app.get<{ Querystring: Record<string, unknown> }>(EMBED_QUERY_PATH, async (request, reply) => {
    const { uri } = request.query;
    if (uri === undefined || uri === '') return invalidUri(reply, 'The address names no item: add its uri, as in /embed?uri=spotify:album:ID.');
    if (typeof uri !== 'string') return invalidUri(reply, 'The address names more than one item: give exactly one uri parameter.');
    if (uri.length > MAX_URI_LENGTH) return invalidUri(reply, 'The uri parameter is too long to name an item.');
    let parsed: ParsedUri;
    try {
      parsed = parseUri(uri);
    } catch (err) {
      if (!(err instanceof InvalidUriError)) throw err;
      return invalidUri(reply, 'The uri parameter does not name an item this player can open.');
    }
    return sendEmbed(request, reply, parsed.type, parsed.id);
  });
}
