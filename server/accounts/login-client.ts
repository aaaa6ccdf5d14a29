// Test and script support: posts the accounts forms as a browser does, CSRF token included.
import { CSRF_FIELD } from './account-pages';
import { SESSION_COOKIE } from './sessions';

/** What a form post needs: the form's CSRF token and the cookie that carries its secret (`_csrf=...`). */
export interface FormGrant {
  readonly csrfToken: string;
  readonly cookie: string;
}

/** GET the form page (/login or /signup) and read its CSRF token and secret cookie. */
export async function formGrant(origin: string, page: '/login' | '/signup' = '/login'): Promise<FormGrant> {
  const response = await fetch(`${origin}${page}`, { redirect: 'manual' });
  const html = await response.text();
  const token = new RegExp(`name="${CSRF_FIELD}" value="([^"]+)"`).exec(html)?.[1];
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${CSRF_FIELD}=`));
  if (token === undefined || cookie === undefined) throw new Error(`GET ${page} answered ${response.status} without a CSRF token`);
  return { csrfToken: token, cookie };
}

/** POSTs an accounts form (urlencoded) with a fresh CSRF token; the answer as fetch gives it, redirects not followed. */
export async function postForm(origin: string, page: '/login' | '/signup', fields: Record<string, string>, cookie?: string): Promise<Response> {
  const grant = await formGrant(origin, page);
  return fetch(`${origin}${page}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: [grant.cookie, ...(cookie === undefined ? [] : [cookie])].join('; ') },
    body: new URLSearchParams({ ...fields, [CSRF_FIELD]: grant.csrfToken }).toString(),
  });
}

/** Logs in through the login form and answers the session cookie (`sp_dc=...`). */
export async function logInCookie(origin: string, username: string, password: string): Promise<string> {
  const response = await postForm(origin, '/login', { username, password, continue: '/' });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (response.status !== 303 || cookie === undefined) throw new Error(`POST /login as ${username} answered ${response.status} without a session cookie`);
  return cookie;
}
