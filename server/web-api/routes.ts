import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/open-database';
import { createWebApiObjects } from '../catalogue/web-api-objects';
import type { Authenticate } from './auth';
import { installWebApiErrors } from './errors';
import { getRoute, type WebApiDeps } from './handler';
import { registerBrowseRoutes } from './browse-routes';
import { registerMediaRoutes } from './media-routes';
import { registerMusicRoutes } from './music-routes';
import { SearchQuery } from './params';
import { registerPodcastPlaylistRoutes } from './podcast-playlist-routes';
import { createSearch } from './search';
import { createLibraryStore } from './library-store';
import { registerCollectionRoutes, registerLibraryRoutes } from './library-routes';
import { registerMeRoutes, type LibraryDeps } from './me-routes';
import { createPlaylistStore } from './playlist-store';
import { registerPlaylistWriteRoutes } from './playlist-write-routes';

/** Paths whose errors are the Web API's JSON error object. */
export const isWebApiPath = (url: string) => /^\/(v1|storage-resolve|cdn|seektable|collection)(\/|$|\?)/.test(url);

export interface WebApiOptions {
  /** The SQLite catalogue handle, for the folder of DATA_DIR only (media-routes.ts mediaRootsOf); every row is read through app.database (issue 14). */
  readonly db: Db;
  /** The provider's public origin; '' makes links absolute to the request's origin as the server accepts it (server/http/request-origin.ts). */
  readonly publicUrl: string;
  /** The bearer token check (spec 001 §6); see ./auth.ts. */
  readonly authenticate: Authenticate;
  /** Where relative audio file paths not in DATA_DIR/media are read from (fixtures/demo-catalogue/media). */
  readonly mediaDir: string;
  /** Epoch milliseconds of library and follow times; Date.now by default. */
  readonly now?: () => number;
}

/**
 * The provider's Web API under /v1 (spec 001 §7 Catalogue API), shaped as the public Web API,
 * and the media endpoints: storage resolve, CDN and seek tables. All errors are the Web API's
 * JSON error object.
 */
export function registerWebApi(app: FastifyInstance, options: WebApiOptions): void {
  // Issue 14: the catalogue, library and playlists in the configured database (SQLite or Postgres).
  const db = app.database.kysely;
  const objects = createWebApiObjects(db);
  const now = options.now ?? Date.now;
  const deps: WebApiDeps = { db, objects, publicUrl: options.publicUrl, authenticate: options.authenticate, now };
  const libraryDeps: LibraryDeps = { ...deps, library: createLibraryStore(db, now), playlists: createPlaylistStore(db, now) };
  const search = createSearch(db, objects);
  void app.register(
    async (api) => {
      installWebApiErrors(api, { notFound: true });
      registerMusicRoutes(api, deps);
      registerPodcastPlaylistRoutes(api, deps);
      registerMeRoutes(api, libraryDeps);
      registerBrowseRoutes(api, deps);
      registerLibraryRoutes(api, libraryDeps);
      registerPlaylistWriteRoutes(api, libraryDeps);
      getRoute(api, deps, '/search', SearchQuery, ({ params, ctx }) => search({ ...params, type: params.type }, ctx));
    },
    { prefix: '/v1' },
  );
  // spec 001 §7 Collection service: /collection/{tracks|albums}/{userId}, the same library as /v1/me.
  void app.register(
    async (api) => {
      installWebApiErrors(api, { notFound: true });
      registerCollectionRoutes(api, libraryDeps);
    },
    { prefix: '/collection' },
  );
  registerMediaRoutes(app, { ...options, kysely: db });
}
