import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { base64url, clearKeyRequestKeyIds, type ClearKeyLicence } from '../media/clearkey-licence';

export type LicenceOutcome = { readonly licence: ClearKeyLicence } | { readonly status: 400 | 403; readonly message: string };

/**
 * The ClearKey licence (W3C EME ClearKey JSON) for a request's key ids: every key id must be one
 * of the content's, the audio file the licence URL names (spec 001 §7 Media: content id
 * substituted; audio_files key_id/key hex); a request that does not parse or names no key is 400,
 * a key id of no file or of another file 403 (spec 001 §7 Media: the engine does not retry 400 or 403).
 */
export function createLicenceKeys(db: Kysely<Database>): (request: Uint8Array, contentId: string) => Promise<LicenceOutcome> {
  // The content's keys (issue 14: in the configured database), read once per request.
  // The content is an audio file (by file id) or a video source (issue 18: by source id, one key for all its profiles).
  const keysOf = async (contentId: string) =>
    new Map(
      [
        ...(await db
          .selectFrom('audio_files')
          .select([sql<string>`lower(key_id)`.as('kid'), 'key'])
          .where('file_id', '=', contentId)
          .where('key', 'is not', null)
          .execute()),
        ...(await db
          .selectFrom('video_sources')
          .select([sql<string>`lower(key_id)`.as('kid'), 'key'])
          .where('source_id', '=', contentId)
          .execute()),
      ].map((r) => [r.kid, r.key as string]),
    );
  return async (request, contentId) => {
    let kids: Uint8Array[];
    try {
      kids = clearKeyRequestKeyIds(request);
    } catch (err) {
      return { status: 400, message: `Malformed ClearKey request: ${err instanceof Error ? err.message : String(err)}` };
    }
    if (kids.length === 0) return { status: 400, message: 'Malformed ClearKey request: kids is empty' };
    const keys: ClearKeyLicence['keys'] = [];
    const known = await keysOf(contentId);
    for (const kid of kids) {
      const key = known.get(Buffer.from(kid).toString('hex'));
      if (key === undefined) return { status: 403, message: `Unknown key id ${base64url(kid)} for content ${contentId}` };
      keys.push({ kty: 'oct', k: base64url(Buffer.from(key, 'hex')), kid: base64url(kid) });
    }
    return { licence: { keys, type: 'temporary' } };
  };
}
