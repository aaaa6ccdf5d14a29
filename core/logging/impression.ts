import type { HttpRequest } from '../ports';

/** spec 000 §7 Logging: the product value of every log the widget sends. */
export const EMBED_PRODUCT = 'embed_v2';

/** spec 000 §7 Impression: the JSON body of POST {host}/log/analytics. */
export interface ImpressionBody {
  readonly category: 'impression';
  readonly action: 'render';
  readonly label: 'logged-in=true' | 'logged-in=false';
  readonly product: typeof EMBED_PRODUCT;
  readonly session_id: string;
}

export function impressionBody(loggedIn: boolean, sessionId: string): ImpressionBody {
  return {
    category: 'impression',
    action: 'render',
    label: loggedIn ? 'logged-in=true' : 'logged-in=false',
    product: EMBED_PRODUCT,
    session_id: sessionId,
  };
}

/** spec 000 §7: POST {host}/log/analytics with a JSON body. */
export function impressionRequest(apiHost: string, loggedIn: boolean, sessionId: string): HttpRequest {
  return {
    method: 'POST',
    url: `${apiHost.replace(/\/+$/, '')}/log/analytics`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(impressionBody(loggedIn, sessionId)),
  };
}
