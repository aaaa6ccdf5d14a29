import { startTestServer, type TestServer } from '../test-server';
import { DIALECTS, useDialect } from '../testing/dialects';

jest.setTimeout(30_000);

// Issue 14: on either database.
describe.each(DIALECTS)('on %s', (dialect) => {
  const database = useDialect(dialect);
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, { databaseUrl: await database.databaseUrl() });
  });
  afterAll(() => server.stop());

  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(server.url(path), { method: 'POST', headers: { 'content-type': contentType }, body });
  const errorMessage = async (response: Response) => ((await response.json()) as { error: { status: number; message: string } }).error.message;

  const batch = {
    session_id: 'a'.repeat(32),
    product: 'embed_v2',
    entries: [
      { type: 'widget/sessionStarted', t: 0, sessionId: 'a'.repeat(32) },
      { type: 'widget/playToggleRequested', t: 1500, via: 'button' },
    ],
  };
  const actionRows = () =>
    server.app.database.kysely.selectFrom('action_log_entries').select(['session_id', 'product', 'type', 't', 'seq', 'payload']).orderBy('id').execute();

  describe('POST /log/actions (spec 000 §7 "Every dispatched action except progress updates is logged")', () => {
    it('stores one row per action, in order, with its payload, and answers 204', async () => {
      const response = await post('/log/actions', JSON.stringify(batch));
      expect(response.status).toBe(204);
      expect(await actionRows()).toEqual([
        { session_id: 'a'.repeat(32), product: 'embed_v2', type: 'widget/sessionStarted', t: 0, seq: null, payload: `{"sessionId":"${'a'.repeat(32)}"}` },
        { session_id: 'a'.repeat(32), product: 'embed_v2', type: 'widget/playToggleRequested', t: 1500, seq: null, payload: '{"via":"button"}' },
      ]);
    });

    it('accepts a text/plain body holding JSON (sendBeacon)', async () => {
      const before = (await actionRows()).length;
      const response = await post('/log/actions', JSON.stringify({ ...batch, entries: [{ type: 'widget/pointerEntered', seq: 4 }] }), 'text/plain');
      expect(response.status).toBe(204);
      expect(await actionRows()).toHaveLength(before + 1);
      expect((await actionRows()).at(-1)).toMatchObject({ type: 'widget/pointerEntered', seq: 4, t: null });
    });

    it.each([
      ['a missing session id', JSON.stringify({ ...batch, session_id: undefined }), 'session_id'],
      ['another product', JSON.stringify({ ...batch, product: 'web_player' }), 'product'],
      ['an entry without a type', JSON.stringify({ ...batch, entries: [{ t: 1 }] }), 'type'],
      ['an entry whose time is not a number', JSON.stringify({ ...batch, entries: [{ type: 'x', t: 'soon' }] }), 't'],
      ['entries that are not a list', JSON.stringify({ ...batch, entries: {} }), 'entries'],
      ['more than 500 entries', JSON.stringify({ ...batch, entries: Array.from({ length: 501 }, () => ({ type: 'x' })) }), 'entries'],
      ['a body that is not JSON', '{"session_id":', 'JSON'],
    ])('answers 400 naming the problem for %s, storing nothing', async (_name, body, named) => {
      const before = (await actionRows()).length;
      const response = await post('/log/actions', body);
      expect(response.status).toBe(400);
      expect(await errorMessage(response)).toContain(named);
      expect(await actionRows()).toHaveLength(before);
    });
  });

  const report = {
    product: 'embed_v2',
    session_id: 'b'.repeat(32),
    release: 'embed_v2-2019-09-14-0.1.0',
    user_id: null,
    source: 'epic',
    message: 'boom',
    stack: ['at a (x.js:1:1)'],
    breadcrumbs: [{ t: 5, type: 'widget/pointerEntered' }],
    timestamp: 1234,
  };
  const reportRows = () =>
    server.app.database.kysely
      .selectFrom('error_reports')
      .select(['session_id', 'release', 'user_id', 'source', 'message', 'stack', 'breadcrumbs', 'timestamp'])
      .orderBy('id')
      .execute();

  describe('POST /log/errors (spec 000 §7 error-reporting service, §9 cap 102400 bytes)', () => {
    it('stores a report and answers 204', async () => {
      const response = await post('/log/errors', JSON.stringify(report));
      expect(response.status).toBe(204);
      expect(await reportRows()).toEqual([
        {
          session_id: 'b'.repeat(32),
          release: 'embed_v2-2019-09-14-0.1.0',
          user_id: null,
          source: 'epic',
          message: 'boom',
          stack: '["at a (x.js:1:1)"]',
          breadcrumbs: '[{"t":5,"type":"widget/pointerEntered"}]',
          timestamp: 1234,
        },
      ]);
    });

    it.each([
      ['a missing release', JSON.stringify({ ...report, release: undefined }), 'release'],
      ['an unknown source', JSON.stringify({ ...report, source: 'worker' }), 'source'],
      ['a stack that is not a list of strings', JSON.stringify({ ...report, stack: [1] }), 'stack'],
      ['a breadcrumb without a type', JSON.stringify({ ...report, breadcrumbs: [{ t: 1 }] }), 'breadcrumbs'],
    ])('answers 400 naming the problem for %s, storing nothing', async (_name, body, named) => {
      const before = (await reportRows()).length;
      const response = await post('/log/errors', body);
      expect(response.status).toBe(400);
      expect(await errorMessage(response)).toContain(named);
      expect(await reportRows()).toHaveLength(before);
    });

    it('refuses a body above 102400 bytes with 413, storing nothing', async () => {
      const before = (await reportRows()).length;
      const response = await post('/log/errors', JSON.stringify({ ...report, message: 'x'.repeat(102400) }));
      expect(response.status).toBe(413);
      expect(await reportRows()).toHaveLength(before);
    });
  });
});
