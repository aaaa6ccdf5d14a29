import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { CaptureUpload, StoredCapture } from '../../core/model/capture';

/** Issue 19: the upload's JSON, before compression, may be at most this big (the route's body limit too). */
export const CAPTURE_MAX_BYTES = 4 * 1024 * 1024;
/** ...and its compressed form at most this big (logs compress about tenfold; what does not is refused). */
export const CAPTURE_MAX_STORED_BYTES = 1024 * 1024;
/** Issue 19: how long captures are kept, by default (CAPTURE_RETENTION_DAYS). */
export const DEFAULT_CAPTURE_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** CAPTURE_RETENTION_DAYS: a positive number of days (fractions allowed); unset or empty gives the default. */
export function parseCaptureRetentionDays(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_CAPTURE_RETENTION_DAYS;
  const days = Number(raw);
  if (!Number.isFinite(days) || days <= 0) throw new Error(`CAPTURE_RETENTION_DAYS must be a positive number of days, got ${raw}`);
  return days;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Constant-time equality of two secrets of any length (their digests are compared). */
export function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b));
}

/** 128 bits, URL-safe: an id and a key nobody guesses. */
const unguessable = (): string => randomBytes(16).toString('base64url');

export class CaptureTooLargeError extends Error {
  override readonly name = 'CaptureTooLargeError';
}

export interface CaptureRecord {
  readonly owner: string | null;
  readonly keyMatches: (key: string) => boolean;
  readonly capture: () => StoredCapture;
}

export interface CaptureStore {
  save(upload: CaptureUpload, owner: string | null): Promise<{ id: string; key: string }>;
  find(id: string): Promise<CaptureRecord | null>;
  /** Deletes the captures made before the retention period; answers how many. */
  purge(): Promise<number>;
}

export function createCaptureStore(db: Kysely<Database>, options: { retentionDays: number; now?: () => number }): CaptureStore {
  const now = options.now ?? Date.now;
  return {
    save: async (upload, owner) => {
      const raw = Buffer.from(JSON.stringify({ widget: upload.widget, engine: upload.engine ?? null, environment: upload.environment }));
      const compressed = deflateSync(raw);
      if (compressed.length > CAPTURE_MAX_STORED_BYTES) {
        throw new CaptureTooLargeError(`A capture may be at most ${CAPTURE_MAX_STORED_BYTES} bytes compressed; this one is ${compressed.length}.`);
      }
      const id = unguessable();
      const key = unguessable();
      await db
        .insertInto('captures')
        .values({
          id,
          key_hash: sha256(key).toString('hex'),
          owner,
          description: upload.description ?? null,
          body: compressed.toString('base64'),
          raw_bytes: raw.length,
          created_at: now(),
        })
        .execute();
      return { id, key };
    },
    find: async (id) => {
      const row = await db.selectFrom('captures').selectAll().where('id', '=', id).executeTakeFirst();
      if (row === undefined) return null;
      return {
        owner: row.owner,
        keyMatches: (key) => timingSafeEqual(sha256(key), Buffer.from(row.key_hash, 'hex')),
        capture: () => {
          const body = JSON.parse(inflateSync(Buffer.from(row.body, 'base64')).toString('utf8')) as Pick<StoredCapture, 'widget' | 'engine' | 'environment'>;
          return {
            id: row.id,
            createdAt: new Date(Number(row.created_at)).toISOString(),
            description: row.description,
            owner: row.owner === null ? 'anonymous' : 'listener',
            ...body,
          };
        },
      };
    },
    purge: async () => {
      const cutoff = now() - options.retentionDays * DAY_MS;
      return Number((await db.deleteFrom('captures').where('created_at', '<', cutoff).executeTakeFirst()).numDeletedRows);
    },
  };
}
