import type { TestServer } from '../test-server';

/** A bearer token for the test server: an anonymous one from GET /access_token (server/accounts/). */
export async function bearerToken(server: TestServer): Promise<string> {
  const response = await fetch(server.url('/access_token?reason=test&productType=web_player'));
  const body = (await response.json()) as { accessToken?: unknown };
  if (!response.ok || typeof body.accessToken !== 'string') throw new Error(`GET /access_token answered ${response.status}`);
  return body.accessToken;
}

export interface ApiAnswer {
  readonly status: number;
  readonly headers: Headers;
  // The tests read into it freely; a wrong shape fails their expectations.
  readonly body: any;
}

/** GET a path (or an absolute URL, e.g. a paging object's `next`) with the bearer token, JSON body read. */
export async function apiGet(server: TestServer, pathOrUrl: string, token: string | null): Promise<ApiAnswer> {
  const url = pathOrUrl.startsWith('http') ? pathOrUrl : server.url(pathOrUrl);
  const response = await fetch(url, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the test sees the text.
  }
  return { status: response.status, headers: response.headers, body };
}

/**
 * A logged-in session's cookie (`sp_dc=...`), as a browser gets it: GET /login for the form (its
 * CSRF field and cookie, when it has them), then POST /login (server/accounts/).
 */
export async function sessionCookie(server: TestServer, username = 'demo', password = 'demo'): Promise<string> {
  const form = await fetch(server.url('/login'));
  const formCookies = form.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = /name="_csrf" value="([^"]*)"/.exec(await form.text())?.[1];
  const login = await fetch(server.url('/login'), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(formCookies.length === 0 ? {} : { cookie: formCookies.join('; ') }) },
    body: new URLSearchParams({ username, password, continue: '/', ...(csrf === undefined ? {} : { _csrf: csrf }) }).toString(),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('sp_dc='))
    ?.split(';')[0];
  if (cookie === undefined) throw new Error(`POST /login answered ${login.status} without a session cookie`);
  return cookie;
}

/** A logged-in user's bearer token: POST /login (server/accounts/), then GET /access_token with the session cookie. */
export async function userToken(server: TestServer, username = 'demo', password = 'demo'): Promise<string> {
  const cookie = await sessionCookie(server, username, password);
  const response = await fetch(server.url('/access_token?reason=test&productType=web_player'), { headers: { cookie } });
  const body = (await response.json()) as { accessToken?: unknown; isAnonymous?: unknown };
  if (typeof body.accessToken !== 'string' || body.isAnonymous !== false) throw new Error('GET /access_token gave no user token');
  return body.accessToken;
}

/** Any method with the bearer token and an optional JSON body; the answer's JSON read (empty body: ''). */
export async function apiSend(server: TestServer, method: string, path: string, token: string | null, body?: unknown): Promise<ApiAnswer> {
  const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(server.url(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (or empty): the test sees the text.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}
