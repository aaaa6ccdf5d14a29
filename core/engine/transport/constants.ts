/** The transport's constants, each from spec 001 §9 (Business constants and limits). */

/** spec 001 §9 Resolve retries: 5 (so at most 6 requests). */
export const RESOLVE_RETRIES = 5;
/** spec 001 §9 Authentication retries: 2, base 500 ms (connect and authenticate to the dealer). */
export const AUTH_RETRIES = 2;
export const AUTH_BACKOFF_BASE_MS = 500;
/** spec 001 §9 Socket reconnection retries: 3 (backoff base 1000 ms up to 15000 ms). */
export const RECONNECT_RETRIES = 3;
export const RECONNECT_BACKOFF_BASE_MS = 1000;
export const RECONNECT_BACKOFF_MAX_MS = 15000;
/** spec 001 §9 Close code / timeout code: 4000 / 4001. */
export const CLOSE_CODE = 4000;
export const TIMEOUT_CODE = 4001;
/** spec 001 §9 Quick-disconnect threshold: 5000 ms. */
export const QUICK_DISCONNECT_MS = 5000;
/** spec 001 §9 Heartbeat ping first / timeout: 30000 ms / 10000 ms. */
export const HEARTBEAT_PING_MS = 30000;
export const HEARTBEAT_TIMEOUT_MS = 10000;
/** spec 001 §9 Generic backoff: base 200 ms, linear, 20% jitter. */
export const GENERIC_BACKOFF_BASE_MS = 200;
export const GENERIC_BACKOFF_JITTER = 0.2;

/** The dealer's websocket path on the host the service resolve names (this provider's choice). */
export const DEALER_PATH = '/dealer';
/** The service-resolve path (this provider's choice): GET ?type=dealer&type=spclient. */
export const RESOLVE_PATH = '/apresolve';

/** The header of the first message on a dealer connection that carries its id. */
export const CONNECTION_ID_HEADER = 'Spotify-Connection-Id';
/** The uri of that first message: hm://pusher/v1/connections/{id}. */
export const CONNECTIONS_URI_PREFIX = 'hm://pusher/v1/connections/';
/**
 * spec 001 §7 Realtime socket "Authenticated with the token after connecting": once the dealer has
 * announced the connection id, the client sends a request frame with this message_ident and key,
 * its message `{ access_token }`; the dealer's reply with the same key (success true) authenticates
 * the connection. The ident and key are this provider's.
 */
export const AUTHENTICATE_IDENT = 'hm://pusher/v1/authenticate';
export const AUTHENTICATE_KEY = 'authenticate';
/** spec 001 §4 Transport lifecycle "logged out (on a client logout message)": the message's uri on this provider. */
export const CLIENT_LOGOUT_URI = 'hm://pusher/v1/client-logout';
