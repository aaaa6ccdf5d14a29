/**
 * spec 000 §7 "the user id taken from a cookie". The spec does not name it; this is the provider's
 * visitor-id cookie (absent for a first visit: the report then has user_id null). A module of its
 * own: the page reads the cookie at start-up (ui/widget/error-facts.ts), and importing the reporter
 * for it would pull the whole reporter into the widget's first chunk (the reporter is in the lazy one).
 */
export const USER_ID_COOKIE = 'sp_t';
