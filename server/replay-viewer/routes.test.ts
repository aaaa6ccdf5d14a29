import { startTestServer, type TestServer } from '../test-server';

describe('Issue 19 The viewer: the /replay page shell', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it.each(['/replay/someCaptureId?key=secret-key', '/replay'])(
    '%s answers the viewer bundle, sends no Referer with the key and is not cached',
    async (path) => {
      const answer = await fetch(server.url(path));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const html = await answer.text();
      expect(html).toContain('<script type="module" src="/widget/replay-viewer.js"></script>');
      // The shell holds nothing of the capture: the page fetches it with the key (GET /api/captures/{id}).
      expect(html).not.toContain('secret-key');
    },
  );
});
