import { join } from 'node:path';
import { readCatalogueFile } from '../db/open-database';
import { FIXTURES_DIR, type TestServer } from '../test-server';

/** The demo catalogue the test server is seeded from: tests take their ids and expectations from it. */
export const catalogue = () => readCatalogueFile(join(FIXTURES_DIR, 'catalogue.json'));

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
