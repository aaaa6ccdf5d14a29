import { inflateSync } from 'node:zlib';
import { logInCookie } from '../accounts/login-client';
import { startTestServer, type TestServer } from '../test-server';
import { DIALECTS, useDialect } from '../testing/dialects';
import type { CaptureLink, CaptureUpload } from '../../core/model/capture';

const OPERATOR = 'operator-secret-0123456789-abcdefghijklmnop';
const TOKEN_URL = '/access_token?reason=transport&productType=web_player';

const upload = (description?: string): CaptureUpload => ({
  ...(description === undefined ? {} : { description }),
  widget: { actionLog: '{"kind":"header","schema":1,"app":"embed-player","version":"t","initialState":{}}\n' },
  engine: { actionLog: '{"kind":"header","schema":1,"app":"embed-engine","version":"t","initialState":{}}\n', transcript: '{"kind":"transcript"}\n' },
  environment: { userAgent: 'test', language: 'en', viewport: { width: 300, height: 380 } },
});

describe.each(DIALECTS)('Issue 19 capture routes on %s', (dialect) => {
  const stores = useDialect(dialect);
  let server: TestServer;
  let demoCookie: string;
  let freeCookie: string;

  beforeAll(async () => {
    server = await startTestServer(undefined, { databaseUrl: await stores.databaseUrl(), captureOperatorToken: OPERATOR, captureUploadsPerMinute: 8 });
    demoCookie = await logInCookie(server.url(''), 'demo', 'demo');
    freeCookie = await logInCookie(server.url(''), 'free', 'free');
  });
  afterAll(() => server.stop());

  const tokenOf = async (cookie?: string): Promise<string> =>
    ((await (await fetch(server.url(TOKEN_URL), { headers: cookie === undefined ? {} : { cookie } })).json()) as { accessToken: string }).accessToken;
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(server.url('/capture'), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const read = (path: string, headers: Record<string, string> = {}) => fetch(server.url(path), { headers });
  const apiPath = (link: CaptureLink, key?: string) => `/api/captures/${link.id}${key === undefined ? '' : `?key=${key}`}`;

  it('a logged-in listener (bearer token) gets a /replay link with an unguessable key; the capture opens for them and for operators only', async () => {
    const demoToken = await tokenOf(demoCookie);
    const answer = await post(upload('  the second   track\nwould not play '), { authorization: `Bearer ${demoToken}` });
    expect(answer.status).toBe(201);
    const link = (await answer.json()) as CaptureLink;
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.url).toBe(`/replay/${link.id}?key=${link.key}`);

    // The owner, by token and by session cookie.
    const own = await read(apiPath(link), { authorization: `Bearer ${demoToken}` });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ id: link.id, owner: 'listener', description: 'the second track would not play', ...upload() });
    expect((await read(apiPath(link), { cookie: demoCookie })).status).toBe(200);
    // An operator.
    expect((await read(apiPath(link), { authorization: `Bearer ${OPERATOR}` })).status).toBe(200);
    // Another user (token or cookie), a wrong operator token, nobody: 403, even with the link's key.
    expect((await read(apiPath(link, link.key), { authorization: `Bearer ${await tokenOf(freeCookie)}` })).status).toBe(403);
    expect((await read(apiPath(link, link.key), { cookie: freeCookie })).status).toBe(403);
    expect((await read(apiPath(link, link.key), { authorization: `Bearer ${OPERATOR}x` })).status).toBe(403);
    expect((await read(apiPath(link, link.key))).status).toBe(403);
  });

  it("an anonymous visitor's capture opens with its link's key and for operators; without the key or with another, 404", async () => {
    const answer = await post(upload(), { authorization: `Bearer ${await tokenOf()}` });
    expect(answer.status).toBe(201);
    const link = (await answer.json()) as CaptureLink;
    const opened = await read(apiPath(link, link.key));
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ owner: 'anonymous', description: null, engine: upload().engine });
    expect((await read(apiPath(link), { authorization: `Bearer ${OPERATOR}` })).status).toBe(200);
    expect((await read(apiPath(link))).status).toBe(404);
    expect((await read(apiPath(link, 'A'.repeat(22)))).status).toBe(404);
    // A listener who is not its maker has no key either.
    expect((await read(apiPath(link), { cookie: demoCookie })).status).toBe(404);
  });

  it('stores the body zlib-compressed; an unknown id is 404 and there is no list', async () => {
    const link = (await (await post(upload())).json()) as CaptureLink;
    const row = await server.app.database.kysely.selectFrom('captures').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(row.key_hash).not.toContain(link.key);
    const stored = JSON.parse(inflateSync(Buffer.from(row.body, 'base64')).toString('utf8')) as unknown;
    expect(stored).toMatchObject({ widget: upload().widget, environment: upload().environment });
    expect((await read(`/api/captures/${'B'.repeat(22)}`, { authorization: `Bearer ${OPERATOR}` })).status).toBe(404);
    expect((await read('/api/captures', { authorization: `Bearer ${OPERATOR}` })).status).toBe(404);
    expect((await read('/api/captures/', { authorization: `Bearer ${OPERATOR}` })).status).toBe(404);
  });

  it('decodes the upload at the boundary (400), refuses a dead token (401) and a body over the limit (413)', async () => {
    expect((await post({ widget: { actionLog: 3 }, environment: {} })).status).toBe(400);
    expect((await post(upload(), { authorization: 'Bearer not-a-live-token-0123456789abcdef' })).status).toBe(401);
    const huge = { ...upload(), widget: { actionLog: 'x'.repeat(5 * 1024 * 1024) } };
    expect((await post(huge)).status).toBe(413);
  });

  it('rate-limits uploads per address (429 once over the limit)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await post(upload())).status);
    expect(statuses).toContain(429);
  });
});
