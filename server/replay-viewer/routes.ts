import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Issue 19 "The viewer": /replay/{captureId} (the link POST /capture answers) and /replay (local
 * files dropped on it) are one page, built by build.mjs (ui/replay-viewer/). The page fetches the
 * capture itself from GET /api/captures/{id} with the link's key or the listener's cookie
 * (server/capture/routes.ts), so this shell holds nothing of the capture and opens for anyone.
 */
export const REPLAY_VIEWER_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>Replay</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="/widget/replay-viewer.css">
    <script type="module" src="/widget/replay-viewer.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

export function registerReplayViewerRoutes(app: FastifyInstance): void {
  const shell = (_request: unknown, reply: FastifyReply) => {
    // The key is in the page's query: it must not leak in a Referer to the assets or anywhere else.
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(REPLAY_VIEWER_SHELL);
  };
  app.get('/replay', shell);
  app.get<{ Params: { id: string } }>('/replay/:id', shell);
}
