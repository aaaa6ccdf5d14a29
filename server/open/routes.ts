import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tryParseUri } from '../../core/model/uri';
import { RESOURCE_TYPES, type ResourceReader } from '../catalogue/resources';
import { messagePage } from '../embed/html';
import { renderOpenPage, toOpenPageItem } from './open-page';

/**
 * GET /{type}/{id} for the six item types: the open pages the widget links to (spec 000 §7 Open
 * URL, and the universal link, which adds the embed's query and bo=1: extra parameters are ignored).
 */
export function registerOpenPageRoutes(
  app: FastifyInstance,
  reader: ResourceReader,
  /** The logged-in visitor's account id, null when anonymous: another's private playlist is not found (issue 12). */
  viewer: (request: FastifyRequest) => Promise<string | null> | string | null = () => null,
): void {
  for (const type of RESOURCE_TYPES) {
    app.get<{ Params: { id: string } }>(`/${type}/:id`, async (request, reply) => {
      const { id } = request.params;
      if (tryParseUri(`spotify:${type}:${id}`) === null) {
        return reply
          .code(400)
          .type('text/html')
          .send(messagePage('Invalid link', `${type}/${id} does not name an item.`));
      }
      const resource = await reader.read(type, id, await viewer(request));
      if (resource === null) {
        return reply
          .code(404)
          .type('text/html')
          .send(messagePage(`This ${type} could not be found`, 'It may have been removed, or the link is mistyped.'));
      }
      return reply.type('text/html').send(renderOpenPage(toOpenPageItem(type, id, resource)));
    });
  }
}
