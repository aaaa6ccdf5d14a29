import type { FastifyInstance, FastifyReply } from 'fastify';

/** The public Web API's JSON error object: `{ error: { status, message } }`. */
export function sendWebApiError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ error: { status, message } });
}

/** Thrown inside a handler to answer with the Web API error object (caught by the plugin's error handler). */
export class WebApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Every error of a Web API plugin answers the JSON error object: thrown WebApiErrors with their
 * status, fastify's own client errors with theirs, anything else a 500 without internals.
 */
export function installWebApiErrors(api: FastifyInstance, options: { notFound: boolean }): void {
  api.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof WebApiError) return sendWebApiError(reply, error.status, error.message);
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    return sendWebApiError(reply, status, status === 500 ? 'Server error' : error.message);
  });
  // Only a plugin with a prefix of its own (/v1) answers unknown paths. The catch-all route is needed
  // besides the handler: routes other services register under /v1 (product_state) hide the prefix's
  // not-found handler from some paths.
  if (options.notFound) {
    api.setNotFoundHandler((_request, reply) => sendWebApiError(reply, 404, 'Service not found'));
    api.all('/*', (_request, reply) => sendWebApiError(reply, 404, 'Service not found'));
  }
}
