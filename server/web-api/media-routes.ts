import type { FastifyInstance } from 'fastify';
import { createReadStream, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import * as t from 'io-ts';
import type { Db } from '../db/open-database';
import { requireBearer, type Authenticate } from './auth';
import { parseByteRange } from './byte-range';
import { installWebApiErrors, WebApiError } from './errors';
import { originOf } from './handler';
import { decodeParams, FileId } from './params';

export interface MediaDeps {
  readonly db: Db;
  readonly publicUrl: string;
  readonly authenticate: Authenticate;
  /** Relative `audio_files.path` values are read from here (fixtures/media). */
  readonly mediaDir: string;
}

interface AudioFileRow {
  readonly file_id: string;
  readonly path: string;
  readonly format: string;
  readonly seek_table: string | null;
}

/** How long a resolved CDN URL may be used (seconds). */
export const STORAGE_RESOLVE_TTL = 86400;

const contentType = (format: string) =>
  /^mp4/i.test(format) ? 'audio/mp4' : /^mp3/i.test(format) ? 'audio/mpeg' : 'application/octet-stream';

/**
 * spec 001 §7 Media: storage resolve (file id to a cdnurl list, bearer-protected as the Web API),
 * the CDN serving a file with byte ranges (200, 206 with Content-Range, 416 with `bytes *\/size`),
 * and the seek table of spec 001 §3 audio manifest by file id. Files are rows of `audio_files`.
 */
export function registerMediaRoutes(app: FastifyInstance, deps: MediaDeps): void {
  const byId = deps.db.prepare('SELECT file_id, path, format, seek_table FROM audio_files WHERE file_id = ?');
  const audioFile = (raw: unknown): AudioFileRow => {
    const { fileId } = decodeParams(t.type({ fileId: FileId }), raw);
    const row = byId.get(fileId) as AudioFileRow | undefined;
    if (row === undefined) throw new WebApiError(404, `Non existing file id: '${fileId}'`);
    return row;
  };
  const pathOf = (row: AudioFileRow) => (isAbsolute(row.path) ? row.path : join(deps.mediaDir, row.path));

  void app.register(async (media) => {
    installWebApiErrors(media, { notFound: false });

    media.get('/storage-resolve/files/audio/interactive/:fileId', async (request) => {
      await requireBearer(request, deps.authenticate);
      const row = audioFile(request.params);
      const cdnurl = [`${originOf(request, deps.publicUrl)}/cdn/audio/${row.file_id}`];
      return { result: 'CDN', cdnurl, fileid: row.file_id, ttl: STORAGE_RESOLVE_TTL };
    });

    media.get('/cdn/audio/:fileId', async (request, reply) => {
      const row = audioFile(request.params);
      let size: number;
      try {
        size = statSync(pathOf(row)).size;
      } catch {
        request.log.error(`audio file ${row.file_id} is missing at ${pathOf(row)}`);
        throw new WebApiError(404, `File not found: '${row.file_id}'`);
      }
      reply.header('accept-ranges', 'bytes').header('cache-control', 'public, max-age=86400').type(contentType(row.format));
      const range = parseByteRange(request.headers.range, size);
      if (range.kind === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${size}`).send();
      }
      if (range.kind === 'full') {
        return reply.code(200).header('content-length', size).send(createReadStream(pathOf(row)));
      }
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(createReadStream(pathOf(row), { start: range.start, end: range.end }));
    });

    media.get('/seektable/:name', async (request, reply) => {
      const { name } = request.params as { name: string };
      if (!name.endsWith('.json')) throw new WebApiError(400, 'Invalid request parameter fileId: a path of the form /seektable/{fileId}.json');
      const row = audioFile({ fileId: name.slice(0, -'.json'.length) });
      if (row.seek_table === null) throw new WebApiError(404, `No seek table for file id '${row.file_id}'`);
      return reply.type('application/json; charset=utf-8').send(row.seek_table);
    });
  });
}
