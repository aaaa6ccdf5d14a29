import type { Db } from '../db/open-database';
import { base64url, clearKeyRequestKeyIds, type ClearKeyLicence } from '../media/clearkey-licence';

export type LicenceOutcome =
  | { readonly licence: ClearKeyLicence }
  | { readonly status: 400 | 403; readonly message: string };

/**
 * The ClearKey licence (W3C EME ClearKey JSON) for a request's key ids: every key id must be one
 * of the content's, the audio file the licence URL names (spec 001 §7 Media: content id
 * substituted; audio_files key_id/key hex); a request that does not parse or names no key is 400,
 * a key id of no file or of another file 403 (spec 001 §7 Media: the engine does not retry 400 or 403).
 */
export function createLicenceKeys(db: Db): (request: Uint8Array, contentId: string) => LicenceOutcome {
  const keyOf = db.prepare<[string, string], { key: string }>('SELECT key FROM audio_files WHERE lower(key_id) = ? AND file_id = ? AND key IS NOT NULL LIMIT 1');
  return (request, contentId) => {
    let kids: Uint8Array[];
    try {
      kids = clearKeyRequestKeyIds(request);
    } catch (err) {
      return { status: 400, message: `Malformed ClearKey request: ${err instanceof Error ? err.message : String(err)}` };
    }
    if (kids.length === 0) return { status: 400, message: 'Malformed ClearKey request: kids is empty' };
    const keys: ClearKeyLicence['keys'] = [];
    for (const kid of kids) {
      const row = keyOf.get(Buffer.from(kid).toString('hex'), contentId);
      if (row === undefined) return { status: 403, message: `Unknown key id ${base64url(kid)} for content ${contentId}` };
      keys.push({ kty: 'oct', k: base64url(Buffer.from(row.key, 'hex')), kid: base64url(kid) });
    }
    return { licence: { keys, type: 'temporary' } };
  };
}
