import type { Kysely } from 'kysely';
import type { WebPlayerPage, WebTrack } from '../../core/webplayer';
import { createTokenVerifier } from '../accounts/tokens';
import type { Database } from '../db/tables';
import { createWebApiObjects } from '../catalogue/web-api-objects';

const EPISODE_URI = 'spotify:episode:';

/**
 * Issue 18: an anonymous visitor's rows of video episodes carry the episode's video preview (the
 * embed data's video_preview: clear, progressive, the first 30 s; server/catalogue/web-api-objects.ts
 * episodeVideoPreview), so the web player's preview mode plays it in its now-playing panel as the
 * widget's preview player does. Judged by the visitor's market (their token's, as the Web API's
 * from_token): none where the episode is not sold (spec 000 §5). A listener's rows get none: the
 * engine plays the video itself. Its URLs name the origin the visitor reached, as the page's others.
 */
export function createVideoPreviews(db: Kysely<Database>): (page: WebPlayerPage, visitor: { token: string; origin?: string }) => Promise<WebPlayerPage> {
  const objects = createWebApiObjects(db);
  const verify = createTokenVerifier(db);
  return async (page, visitor) => {
    const ids = [
      ...new Set(
        page.sections.flatMap((section) => (section.kind === 'tracks' ? section.rows.filter((r) => r.uri.startsWith(EPISODE_URI)).map((r) => r.id) : [])),
      ),
    ];
    if (ids.length === 0) return page;
    const grant = await verify(visitor.token);
    if (grant === null) return page;
    const view = await objects.view({ episodes: ids });
    const ctx = { hosts: { api: '', open: '', static: visitor.origin ?? '' }, market: grant.country, country: grant.country, viewer: null };
    const withPreview = (row: WebTrack): WebTrack => {
      const preview = row.uri.startsWith(EPISODE_URI) ? view.episodeVideoPreview(row.id, ctx) : null;
      return preview === null ? row : { ...row, videoPreview: preview };
    };
    return {
      ...page,
      sections: page.sections.map((section) => (section.kind === 'tracks' ? { ...section, rows: section.rows.map(withPreview) } : section)),
    };
  };
}
