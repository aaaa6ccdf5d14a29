import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import type { Kysely } from 'kysely';
import { bearerToken } from '../accounts/tokens';
import type { Verify } from '../playback/bearer-grant';
import { sendError } from '../playback/bearer-grant';
import type { Db } from '../db/open-database';
import type { Database, VideoProfilesTable, VideoSourcesTable } from '../db/tables';
import { episodeSoldIn } from '../catalogue/markets';
import { parseByteRange } from '../web-api/byte-range';
import { locateMediaFile, mediaRootsOf } from '../web-api/media-routes';
import { requestOrigin } from '../http/request-origin';
import { videoManifest, segmentIndexOf, VIDEO_MANIFEST_ROUTE, VIDEO_CDN_PREFIX, type SeekTableJson } from './manifest';

export interface VideoDeps {
  readonly verify: Verify;
  /** The provider's public origin; '' answers the request's origin as the server accepts it. */
  readonly publicUrl: string;
  /** The SQLite handle, for where DATA_DIR's media folder is (mediaRootsOf). */
  readonly db: Db;
  /** The committed demo catalogue's media folder. */
  readonly mediaDir: string;
}

/** How long a segment, init segment or subtitle file may be cached (the same bytes for as long as the source exists). */
const MEDIA_CACHE = 'public, max-age=86400';
const SOURCE_ID = /^[0-9a-f]{32}$/;
const tagOf = (source: VideoSourcesTable, what: string) => `"${source.source_id}-${source.key_id.slice(0, 8)}-${what}"`;

/**
 * Issue 18, spec 001 §3 Video manifest and §7 Media ("GET video manifest by source id (authorised,
 * supports_drm)", "GET video and audio segments from templated URLs"): the manifest by source id, and the
 * CDN of its init segments, segments and WebVTT subtitles (README.md here).
 */
export function registerVideoRoutes(app: FastifyInstance, deps: VideoDeps): void {
  const db: Kysely<Database> = app.database.kysely;
  const roots = mediaRootsOf(deps.db, deps.mediaDir);
  const sourceOf = (sourceId: string): Promise<VideoSourcesTable | undefined> =>
    SOURCE_ID.test(sourceId) ? db.selectFrom('video_sources').selectAll().where('source_id', '=', sourceId).executeTakeFirst() : Promise.resolve(undefined);
  const notFound = (reply: FastifyReply, sourceId: string) => sendError(reply, 404, `Non existing video source id: '${sourceId}'`);

  app.get(VIDEO_MANIFEST_ROUTE, async (request, reply) => {
    // Authorised (spec 001 §7): the Web API's answers to a missing or unknown token.
    const token = bearerToken(request.headers.authorization);
    if (token === null) return sendError(reply, 401, 'No token provided');
    const grant = await deps.verify(token);
    if (grant === null) return sendError(reply, 401, 'Invalid access token');
    const { sourceId } = request.params as { sourceId: string };
    const source = await sourceOf(sourceId);
    if (source === undefined) return notFound(reply, sourceId);
    const episode = await db
      .selectFrom('episodes as e')
      .leftJoin('shows as s', 's.id', 'e.show_id')
      .select(['e.available_markets as markets', 's.available_markets as show_markets'])
      .where('e.id', '=', source.episode_id)
      .executeTakeFirst();
    // spec 000 §5: nothing playable of an episode not sold in the token's market (as storage resolve and the licence server).
    if (episode === undefined || !episodeSoldIn(episode.markets, episode.show_markets, grant.country)) {
      return sendError(reply, 403, `Restriction violated: video source '${sourceId}' is not available in ${grant.country}`);
    }
    // A logged-in premium listener gets the protected profiles; an anonymous visitor or a free listener the
    // clear 30 s preview (spec 000 §9 preview cap), as the audio path gives them the preview file.
    const preview = grant.accountId === null || grant.product !== 'premium';
    const profiles = await db
      .selectFrom('video_profiles')
      .selectAll()
      .where('source_id', '=', sourceId)
      .where('preview', '=', preview ? 1 : 0)
      .execute();
    const manifest = videoManifest(source, profiles, { origin: requestOrigin(request, deps.publicUrl), preview });
    return reply.header('cache-control', 'private, no-store').type('application/json; charset=utf-8').send(manifest);
  });

  const profileOf = async (sourceId: string, rawProfile: string): Promise<VideoProfilesTable | undefined> => {
    if (!SOURCE_ID.test(sourceId) || !/^\d{1,6}$/.test(rawProfile)) return undefined;
    return db.selectFrom('video_profiles').selectAll().where('source_id', '=', sourceId).where('profile_id', '=', Number(rawProfile)).executeTakeFirst();
  };

  /**
   * Sends bytes [start, start+length) of a media file, itself answering a Range header within them (RFC 9110 §14).
   * The ETag names the bytes (source, key id, what): the same URL after a new ingest has another key, so another tag;
   * a matching If-None-Match is 304 (RFC 9110 §13.1.2).
   */
  const sendSlice = (request: FastifyRequest, reply: FastifyReply, etag: string, path: string, start: number, length: number, type: string) => {
    reply.header('accept-ranges', 'bytes').header('cache-control', MEDIA_CACHE).header('etag', etag).type(type);
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
    const range = parseByteRange(request.headers.range, length);
    if (range.kind === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${length}`).send();
    if (range.kind === 'full')
      return reply
        .code(200)
        .header('content-length', length)
        .send(createReadStream(path, { start, end: start + length - 1 }));
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${length}`)
      .header('content-length', range.end - range.start + 1)
      .send(createReadStream(path, { start: start + range.start, end: start + range.end }));
  };

  app.get(`${VIDEO_CDN_PREFIX}/:sourceId/subtitles/:name`, async (request, reply) => {
    const { sourceId, name } = request.params as { sourceId: string; name: string };
    const source = await sourceOf(sourceId);
    if (source === undefined) return notFound(reply, sourceId);
    const language = name.endsWith('.vtt') ? name.slice(0, -'.vtt'.length) : '';
    const languages = JSON.parse(source.subtitle_languages) as string[];
    if (!languages.includes(language)) return sendError(reply, 404, `No '${language}' subtitles for video source '${sourceId}'`);
    const file = locateMediaFile(roots, `${source.media_dir}/subtitles/${language}.vtt`);
    if (file === undefined) return sendError(reply, 404, `Subtitles file missing for video source '${sourceId}'`);
    return sendSlice(request, reply, tagOf(source, `subtitles-${language}-${file.size}`), file.path, 0, file.size, 'text/vtt; charset=utf-8');
  });

  app.get(`${VIDEO_CDN_PREFIX}/:sourceId/:profileId/:segment`, async (request, reply) => {
    const { sourceId, profileId, segment } = request.params as { sourceId: string; profileId: string; segment: string };
    const profile = await profileOf(sourceId, profileId);
    if (profile === undefined) return sendError(reply, 404, `Non existing profile '${profileId}' of video source '${sourceId}'`);
    const source = await sourceOf(sourceId);
    if (source === undefined) return notFound(reply, sourceId);
    const table = JSON.parse(profile.seek_table) as SeekTableJson;
    const file = locateMediaFile(roots, profile.path);
    if (file === undefined) {
      request.log.error(`video profile ${sourceId}/${profileId} is missing: ${profile.path} in none of ${roots.join(', ')}`);
      return sendError(reply, 404, `File not found for profile '${profileId}' of video source '${sourceId}'`);
    }
    if (segment === 'init') return sendSlice(request, reply, tagOf(source, `${profileId}-init`), file.path, 0, table.offset, profile.mime_type);
    // spec 001 §7: segments by templated URL, {{segment_timestamp}} the segment's start in seconds.
    const index = segmentIndexOf(segment, source.segment_length, table.segments.length);
    if (index === null) return sendError(reply, 404, `No segment '${segment}' in profile '${profileId}' of video source '${sourceId}'`);
    const start = table.offset + table.segments.slice(0, index).reduce((sum, [size]) => sum + size, 0);
    const size = (table.segments[index] as readonly [number, number])[0];
    return sendSlice(request, reply, tagOf(source, `${profileId}-${segment}`), file.path, start, size, profile.mime_type);
  });
}
