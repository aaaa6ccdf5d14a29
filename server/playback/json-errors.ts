import type { FastifyInstance } from 'fastify';
import { sendError } from './bearer-grant';

/**
 * Within one service's plugin: fastify's own client errors (bad JSON, wrong content type, body too
 * large) answer the JSON error object with their 4xx status instead of the app's HTML page.
 */
export function installJsonErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    return sendError(reply, status, status === 500 ? 'Server error' : error.message);
  });
}
