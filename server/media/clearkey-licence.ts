// ClearKey licences (W3C EME §9.1.4 "License Format"): the JSON a ClearKey CDM accepts in
// MediaKeySession.update(), and the key ids of the JSON request it sends in its 'message' event.

export interface ClearKeyLicence {
  keys: Array<{ kty: 'oct'; k: string; kid: string }>;
  type: 'temporary';
}

export const base64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

/** The licence for one key: `{keys:[{kty:'oct',k,kid}],type:'temporary'}`, base64url without padding. */
export function clearKeyLicence(keyId: Uint8Array, key: Uint8Array): ClearKeyLicence {
  return { keys: [{ kty: 'oct', k: base64url(key), kid: base64url(keyId) }], type: 'temporary' };
}

/** The key ids a ClearKey licence request (`{"kids":[...],"type":...}`) asks for. */
export function clearKeyRequestKeyIds(request: Uint8Array | string): Uint8Array[] {
  const text = typeof request === 'string' ? request : Buffer.from(request).toString('utf8');
  const parsed: unknown = JSON.parse(text);
  const kids = (parsed as { kids?: unknown } | null)?.kids;
  if (!Array.isArray(kids) || !kids.every((kid): kid is string => typeof kid === 'string')) {
    throw new Error('ClearKey request has no kids list');
  }
  return kids.map((kid) => Uint8Array.from(Buffer.from(kid, 'base64url')));
}
