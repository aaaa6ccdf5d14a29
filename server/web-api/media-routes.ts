import type { FastifyInstance } from 'fastify';
import { createReadStream, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import * as t from 'io-ts';
import type { Kysely } from 'kysely';
import type { Db } from '../db/open-database';
import type { Database } from '../db/tables';
import { mediaDirOf } from '../ingest/open-catalogue';
import { requireBearer, type Authenticate } from './auth';
import { parseByteRange } from './byte-range';
import { installWebApiErrors, WebApiError } from './errors';
import { originOf } from './handler';
import { decodeParams, FileId } from './params';
import { episodeSoldIn } from '../catalogue/markets';

export interface MediaDeps {
  /** The SQLite catalogue handle: its file's folder is DATA_DIR, where the ingest's media folder is (mediaRootsOf). */
  readonly db: Db;
  /** The configured database (issue 14): the audio_files rows. */
  readonly kysely: Kysely<Database>;
  readonly publicUrl: string;
  readonly authenticate: Authenticate;
  /** The committed demo catalogue's media folder (fixtures/demo-catalogue/media): relative `audio_files.path` values not found in DATA_DIR/media. */
  readonly mediaDir: string;
}

/**
 * Where relative `audio_files.path` values are looked up, in order: the ingest's media folder beside
 * the catalogue (`${DATA_DIR}/media`, server/ingest mediaDirOf; the catalogue file is
 * `${DATA_DIR}/catalogue.sqlite`, so its folder is DATA_DIR), then the demo media folder.
 */
export function mediaRootsOf(db: Db, fixturesMediaDir: string): string[] {
  const roots = db.memory ? [fixturesMediaDir] : [mediaDirOf(dirname(db.name)), fixturesMediaDir];
  return [...new Set(roots)];
}

/** The file a row names and its size: absolute as stored, else the first root holding it; undefined if none. */
export function locateMediaFile(roots: readonly string[], path: string): { path: string; size: number } | undefined {
  // A relative path stays inside its root (rows are the ingest's, but a hand-edited one must not escape).
  const candidates = isAbsolute(path) ? [path] : roots.map((root) => join(root, path)).filter((p, i) => !relative(roots[i]!, p).startsWith('..'));
  for (const candidate of candidates) {
    try {
      const stat = statSync(candidate);
      if (stat.isFile()) return { path: candidate, size: stat.size };
    } catch {
      // Not in this root: try the next.
    }
  }
  return undefined;
}

interface AudioFileRow {
  readonly file_id: string;
  readonly path: string;
  readonly format: string;
  readonly seek_table: string | null;
}

/** How long a resolved CDN URL may be used (seconds). */
export const STORAGE_RESOLVE_TTL = 86400;

const contentType = (format: string) => (/^mp4/i.test(format) ? 'audio/mp4' : /^mp3/i.test(format) ? 'audio/mpeg' : 'application/octet-stream');

/**
 * spec 001 §7 Media: storage resolve (file id to a cdnurl list, bearer-protected as the Web API),
 * the CDN serving a file with byte ranges (200, 206 with Content-Range, 416 with `bytes *\/size`),
 * and the seek table of spec 001 §3 audio manifest by file id. Files are rows of `audio_files`.
 */
export function registerMediaRoutes(app: FastifyInstance, deps: MediaDeps): void {
  const audioFile = async (raw: unknown): Promise<AudioFileRow> => {
    const { fileId } = decodeParams(t.type({ fileId: FileId }), raw);
    const row = await deps.kysely
      .selectFrom('audio_files')
      .select(['file_id', 'path', 'format', 'seek_table'])
      .where('file_id', '=', fileId)
      .executeTakeFirst();
    if (row === undefined) throw new WebApiError(404, `Non existing file id: '${fileId}'`);
    return row;
  };
  const roots = mediaRootsOf(deps.db, deps.mediaDir);
  const episodeMarketsOf = (fileId: string) =>
    deps.kysely
      .selectFrom('audio_files as f')
      .innerJoin('episodes as e', 'e.id', 'f.episode_id')
      .leftJoin('shows as s', 's.id', 'e.show_id')
      .select(['e.available_markets as markets', 's.available_markets as show_markets'])
      .where('f.file_id', '=', fileId)
      .executeTakeFirst();

  void app.register(async (media) => {
    installWebApiErrors(media, { notFound: false });

    media.get('/storage-resolve/files/audio/interactive/:fileId', async (request) => {
      const owner = await requireBearer(request, deps.authenticate);
      const row = await audioFile(request.params);
      // spec 000 §5: no playable media for an episode not sold in the token's market (its files are not
      // in that listener's state machines either, server/playback/context-tracks.ts).
      const episode = await episodeMarketsOf(row.file_id);
      if (episode !== undefined && !episodeSoldIn(episode.markets, episode.show_markets, owner.country)) {
        throw new WebApiError(403, `Restriction violated: file '${row.file_id}' is not available in ${owner.country}`);
      }
      const cdnurl = [`${originOf(request, deps.publicUrl)}/cdn/audio/${row.file_id}`];
      return { result: 'CDN', cdnurl, fileid: row.file_id, ttl: STORAGE_RESOLVE_TTL };
    });

    media.get('/cdn/audio/:fileId', async (request, reply) => {
      const row = await audioFile(request.params);
      const file = locateMediaFile(roots, row.path);
      if (file === undefined) {
        request.log.error(`audio file ${row.file_id} is missing: ${row.path} in none of ${roots.join(', ')}`);
        throw new WebApiError(404, `File not found: '${row.file_id}'`);
      }
      const { size } = file;
      reply.header('accept-ranges', 'bytes').header('cache-control', 'public, max-age=86400').type(contentType(row.format));
      const range = parseByteRange(request.headers.range, size);
      if (range.kind === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${size}`).send();
      }
      if (range.kind === 'full') {
        return reply.code(200).header('content-length', size).send(createReadStream(file.path));
      }
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(createReadStream(file.path, { start: range.start, end: range.end }));
    });

    media.get('/seektable/:name', async (request, reply) => {
      const { name } = request.params as { name: string };
      if (!name.endsWith('.json')) throw new WebApiError(400, 'Invalid request parameter fileId: a path of the form /seektable/{fileId}.json');
      const row = await audioFile({ fileId: name.slice(0, -'.json'.length) });
      if (row.seek_table === null) throw new WebApiError(404, `No seek table for file id '${row.file_id}'`);
      return reply.type('application/json; charset=utf-8').send(row.seek_table);
    });
  });
}
