/** The session's constants, from spec 001 §7 Token and §9. */

/** spec 001 §9 Token default lifetime: 3540 s, used when the answer names no expiry. */
export const TOKEN_DEFAULT_LIFETIME_MS = 3540 * 1000;
/** spec 001 §7 Token: GET /access_token with reason and productType=web_player. */
export const ACCESS_TOKEN_PATH = '/access_token';
export const TOKEN_PRODUCT_TYPE = 'web_player';
/** spec 001 §7 Token: GET /logout. */
export const LOGOUT_PATH = '/logout';
/** Where the token is kept between page loads (deps.storage); this provider's choice of key. */
export const TOKEN_STORAGE_KEY = 'engine.session.token';
/** The caller name of the refresh forced by a product-state change (spec 001 §4 Auth). */
export const PRODUCT_STATE_CALLER = 'product-state';
