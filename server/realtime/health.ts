import type { FastifyInstance } from 'fastify';

/*
 * Issue 14 Operations: what a load balancer or orchestrator asks. Anyone may call them; they answer
 * ok or not ok per dependency and nothing more (no versions, no error text, no addresses).
 */

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
/** A check that takes longer counts as failed: readiness answers in bounded time. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export interface HealthDeps {
  /** Resolves when the database answers a trivial query. */
  readonly database: () => Promise<void>;
  /** Resolves when the realtime bus's backing service answers (Redis; in-process always does). */
  readonly realtime: () => Promise<void>;
}

async function passes(check: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), READY_CHECK_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  // Alive: the process answers HTTP. Never depends on anything else, so a database outage does not get instances restarted.
  app.get(HEALTH_PATH, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  // Ready: this instance can serve (its database and Redis answer); 503 names which one does not.
  app.get(READY_PATH, async (_request, reply) => {
    const [database, redis] = await Promise.all([passes(deps.database), passes(deps.realtime)]);
    const failed = [...(database ? [] : ['database']), ...(redis ? [] : ['redis'])];
    reply.header('cache-control', 'no-store');
    return failed.length === 0 ? reply.send({ status: 'ok' }) : reply.code(503).send({ status: 'unavailable', failed });
  });
}
