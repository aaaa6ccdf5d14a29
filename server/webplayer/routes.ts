import type { FastifyInstance } from 'fastify';
import { registerBrowsePages } from './browse-pages';
import { registerCollectionPages } from './collection-pages';
import { registerItemPages } from './item-pages';
import { registerStationPages } from './station-pages';
import { createPageContext, type PageContext, type WebPlayerOptions } from './page-context';
import { registerLibraryPages } from './library-pages';
import { registerSearchPages } from './search-pages';
import { registerSearchResultPages } from './search-results-pages';

export type { WebPlayerOptions } from './page-context';

/**
 * The web player's page groups (issue 17, spec 001 §2 paths): one module each, one line here.
 * A module registers its pages with PageContext.page (server/webplayer/page-context.ts).
 */
const PAGE_GROUPS: ReadonlyArray<(ctx: PageContext) => void> = [
  registerSearchPages,
  registerSearchResultPages,
  registerCollectionPages,
  registerLibraryPages,
  registerBrowsePages,
  // spec 000 §7 Open URL: /album, /artist, /playlist, /track, /show, /episode.
  registerItemPages,
  // Issue 17 radio: /station/{type}/{id} (ours; spec 001 §2 names no station path).
  registerStationPages,
];

/** Pages are server-rendered from this provider's own Web API with the visitor's token and hydrated by /widget/webplayer.js. */
export function registerWebPlayerRoutes(app: FastifyInstance, options: WebPlayerOptions): void {
  const ctx = createPageContext(app, options);
  for (const register of PAGE_GROUPS) register(ctx);
}
