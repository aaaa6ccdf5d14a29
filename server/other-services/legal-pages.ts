import type { FastifyInstance } from 'fastify';
import { messagePage } from '../embed/html';
import { recordTermsAcceptance } from './terms-acceptance';

/**
 * The documents the terms reacceptance metadata links to (spec 001 §7 Terms: documents [{ name, url }]):
 * /legal/terms?license&language and /legal/privacy?language, plain pages naming the licence version.
 */
export function registerLegalPages(app: FastifyInstance, licence: string): void {
  app.get('/legal/terms', async (_request, reply) =>
    reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(
        messagePage(
          `Terms of Use (version ${licence})`,
          'You may stream the catalogue for your own, non-commercial listening, on devices you own, and may not copy, resell or circumvent its protection. The provider may change these terms; when it does, you are asked to accept the new version before you go on listening.',
        ),
      ),
  );
  app.get('/legal/privacy', async (_request, reply) =>
    reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(
        messagePage(
          'Privacy Policy',
          'We keep your account, your library, what you played recently and the feedback you gave stations, to run the service for you; playback logs are kept for 30 days.',
        ),
      ),
  );
}

/**
 * Records that these accounts accepted `licence` (spec 001 §7 Terms), as a reacceptance does. For
 * test set-ups whose listeners are not about the terms: the web player's prompt would cover their pages.
 */
export async function acceptTermsFor(app: FastifyInstance, usernames: readonly string[], licence: string, now: number = Date.now()): Promise<void> {
  const db = app.database.kysely;
  const accounts = await db
    .selectFrom('accounts')
    .select('id')
    .where('username', 'in', [...usernames])
    .execute();
  for (const { id } of accounts) {
    await recordTermsAcceptance(db, id, licence, now);
  }
}
