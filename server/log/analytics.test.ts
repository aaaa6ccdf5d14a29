import { startTestServer, type TestServer } from '../test-server';
import { DIALECTS, useDialect } from '../testing/dialects';

jest.setTimeout(30_000);

const impression = { category: 'impression', action: 'render', label: 'logged-in=false', product: 'embed_v2', session_id: 'a'.repeat(32) };

// Issue 14: on either database.
describe.each(DIALECTS)('on %s', (dialect) => {
  const database = useDialect(dialect);
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(undefined, { databaseUrl: await database.databaseUrl() });
  });
  afterAll(() => server.stop());

  const post = (body: string, contentType = 'application/json') =>
    fetch(server.url('/log/analytics'), { method: 'POST', headers: { 'content-type': contentType }, body });
  const rows = () =>
    server.app.database.kysely.selectFrom('analytics_events').select(['category', 'action', 'label', 'product', 'session_id', 'extra']).orderBy('id').execute();

  describe('POST /log/analytics (spec 000 §7 Impression)', () => {
    it('stores an impression and answers 204', async () => {
      const response = await post(JSON.stringify(impression));
      expect(response.status).toBe(204);
      expect(await rows()).toEqual([{ ...impression, extra: '{}' }]);
    });

    it('accepts a text/plain body holding JSON (as sendBeacon sends it) and keeps the optional fields', async () => {
      const response = await post(JSON.stringify({ ...impression, page: 'embed', timestamp: 5 }), 'text/plain');
      expect(response.status).toBe(204);
      expect((await rows())[1]).toMatchObject({ extra: '{"page":"embed","timestamp":5}' });
    });

    it.each([
      ['a missing field', JSON.stringify({ ...impression, session_id: undefined }), 'session_id'],
      ['another product', JSON.stringify({ ...impression, product: 'web_player' }), 'product'],
      ['a wrong type', JSON.stringify({ ...impression, label: 7 }), 'label'],
      ['a body that is not JSON', '{"category":', 'JSON'],
      ['an array', '[]', '(root)'],
    ])('answers 400 naming the problem for %s, storing nothing', async (_name, body, named) => {
      const before = (await rows()).length;
      const response = await post(body);
      expect(response.status).toBe(400);
      const json = (await response.json()) as { error: { status: number; message: string } };
      expect(json.error.status).toBe(400);
      expect(json.error.message).toContain(named);
      expect(await rows()).toHaveLength(before);
    });
  });
});
