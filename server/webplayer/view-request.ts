import { buildRequest, ENDPOINTS, MARKET_FROM_TOKEN, type Endpoint } from '../../core/catalogue';
import type { Visitor } from './page-context';

/**
 * The URL of spec 001 §7 GET /views/{viewId} exactly as the engine's request layer sends it
 * (core/catalogue ENDPOINTS.view: platform web, spec 001 §9's content_limit 12, limit 10 and types
 * album, playlist, artist, show unless the page asks otherwise, the listener's market), relative to
 * this provider, for a page built in-process. `now` is the request's timestamp.
 */
export function viewUrl(
  visitor: Visitor,
  viewId: string,
  now: Date,
  override: { readonly types?: readonly string[]; readonly content_limit?: number } = {},
): string {
  const request = buildRequest(
    // Typed per endpoint; the builder takes any row (as the request epic does).
    ENDPOINTS.view as unknown as Endpoint,
    { viewId, timestamp: now.toISOString(), ...override },
    {
      webApiUrl: '',
      gatewayUrl: '',
      locale: 'en',
      appVersion: '',
      // An anonymous visitor's token is answered in the provider's country, the market the page shows.
      sessionMarket: MARKET_FROM_TOKEN,
      loggedIn: !visitor.anonymous,
      authorisation: {},
    },
  );
  return request.url;
}
