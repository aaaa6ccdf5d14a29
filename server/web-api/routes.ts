import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/open-database';
import { createWebApiObjects } from '../catalogue/web-api-objects';
import type { Authenticate } from './auth';
import { installWebApiErrors } from './errors';
import { getRoute, type WebApiDeps } from './handler';
import { registerMediaRoutes } from './media-routes';
import { registerMusicRoutes } from './music-routes';
import { SearchQuery } from './params';
import { registerPodcastPlaylistRoutes } from './podcast-playlist-routes';
import { createSearch } from './search';

/** Paths whose errors are the Web API's JSON error object. */
export const isWebApiPath = (url: string) => /^\/(v1|storage-resolve|cdn|seektable)(\/|$|\?)/.test(url);

export interface WebApiOptions {
  readonly db: Db;
  /** The provider's public origin; '' makes links absolute to the origin each request came to. */
  readonly publicUrl: string;
  /** The bearer token check (spec 001 §6); see ./auth.ts. */
  readonly authenticate: Authenticate;
  /** Where relative audio file paths are read from (fixtures/media). */
  readonly mediaDir: string;
}

/**
 * The provider's Web API under /v1 (spec 001 §7 Catalogue API), shaped as the public Web API,
 * and the media endpoints: storage resolve, CDN and seek tables. All errors are the Web API's
 * JSON error object.
 */
export function registerWebApi(app: FastifyInstance, options: WebApiOptions): void {
  const objects = createWebApiObjects(options.db);
  const deps: WebApiDeps = { db: options.db, objects, publicUrl: options.publicUrl, authenticate: options.authenticate };
  const search = createSearch(options.db, objects);
  void app.register(
    async (api) => {
      installWebApiErrors(api, { notFound: true });
      registerMusicRoutes(api, deps);
      registerPodcastPlaylistRoutes(api, deps);
      getRoute(api, deps, '/search', SearchQuery, ({ params, ctx }) => search({ ...params, type: params.type }, ctx));
    },
    { prefix: '/v1' },
  );
  registerMediaRoutes(app, options);
}
