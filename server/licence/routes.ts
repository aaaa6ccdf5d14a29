import type { FastifyInstance } from 'fastify';
import { isLeft } from 'fp-ts/Either';
import { formatDecodeErrors } from '../../core/model/decode-errors';
import { requestOrigin } from '../http/request-origin';
import { requireAccount, sendError, type Verify } from '../playback/bearer-grant';
import { installJsonErrors } from '../playback/json-errors';
import { fileSoldIn } from '../catalogue/file-markets';
import { createLicenceKeys } from './licence-keys';
import { createLicenceUrlSigner } from './licence-signature';
import { CLEARKEY_LICENCE_ROUTE, LICENCE_URL_PATH, LicenceUrlQuery, licenceUrlAnswer } from './licence-url';

/** spec 001 §7 Media: GET {license host}/v1/application-certificate. ClearKey has none: 204. */
export const APPLICATION_CERTIFICATE_PATH = '/v1/application-certificate';
/** spec 001 §7 Media: GET server time (reads timestamp, unix seconds); our path. */
export const SERVER_TIME_PATH = '/melody/v1/time';

export interface LicenceDeps {
  readonly verify: Verify;
  /** The provider's public origin; '' answers the request's origin as the server accepts it (server/http/request-origin.ts). */
  readonly publicUrl: string;
  readonly now?: () => number;
}

/** The licence URL, the ClearKey licence server, the application certificate and server time (README.md here). */
export function registerLicenceRoutes(app: FastifyInstance, deps: LicenceDeps): void {
  const now = deps.now ?? Date.now;
  const licenceFor = createLicenceKeys(app.database.kysely);
  // Issue 14: the signing secret lives in the configured database (shared by every instance over it).
  const signer = createLicenceUrlSigner(app.database.kysely);

  app.get(LICENCE_URL_PATH, async (request, reply) => {
    const grant = await requireAccount(request, reply, deps.verify, { premium: false });
    if (grant === null) return reply;
    const query = LicenceUrlQuery.decode(request.query);
    if (isLeft(query)) return sendError(reply, 400, `Invalid licence URL request: ${formatDecodeErrors(query.left)}`);
    const signed = await signer();
    return reply
      .header('cache-control', 'no-store')
      .send(licenceUrlAnswer(requestOrigin(request, deps.publicUrl), now(), (expires) => signed.sign(grant.accountId, expires)));
  });

  app.get(APPLICATION_CERTIFICATE_PATH, async (request, reply) => {
    if ((await requireAccount(request, reply, deps.verify, { premium: false })) === null) return reply;
    return reply.code(204).send();
  });

  app.get(SERVER_TIME_PATH, async (_request, reply) => reply.header('cache-control', 'no-store').send({ timestamp: Math.floor(now() / 1000) }));

  // The licence server: its own plugin, so the raw body parser (the EME message is bytes) stays here.
  void app.register(async (licence) => {
    installJsonErrors(licence);
    licence.removeAllContentTypeParsers();
    licence.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    licence.post(CLEARKEY_LICENCE_ROUTE, async (request, reply) => {
      const grant = await requireAccount(request, reply, deps.verify, { premium: true });
      if (grant === null) return reply;
      const { expires: rawExpires, sig } = request.query as { expires?: unknown; sig?: unknown };
      const expires = typeof rawExpires === 'string' && /^[1-9]\d{0,11}$/.test(rawExpires) ? Number(rawExpires) : NaN;
      // A URL this server did not sign for this account, or signed for someone else, is 403 as an
      // expired one is: the engine refreshes the endpoint on 400 and 403 (spec 001 §7 Media).
      if (!Number.isSafeInteger(expires) || typeof sig !== 'string' || !(await signer()).verify(grant.accountId, expires, sig)) {
        return sendError(reply, 403, 'The licence URL is not valid for this user; ask for a new one');
      }
      if (expires * 1000 <= now()) return sendError(reply, 403, 'The licence URL has expired');
      if (!Buffer.isBuffer(request.body)) return sendError(reply, 400, 'Malformed ClearKey request: no body');
      // spec 001 §7 Media: the content id the engine substituted names the file whose keys it may have.
      const { contentId } = request.params as { contentId: string };
      // spec 000 §5: no key for a file whose track or episode is not sold in the listener's market (their
      // token's), the rule storage resolve and the player command apply (server/catalogue/file-markets.ts).
      if (!(await fileSoldIn(app.database.kysely, contentId, grant.country))) {
        return sendError(reply, 403, `Restriction violated: content ${contentId} is not available in ${grant.country}`);
      }
      const outcome = await licenceFor(request.body, contentId);
      if ('status' in outcome) return sendError(reply, outcome.status, outcome.message);
      return reply.header('cache-control', 'no-store').type('application/json').send(JSON.stringify(outcome.licence));
    });
  });
}
