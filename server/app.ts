import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import pkg from '../package.json';
import { createResourceReader } from './catalogue/resources';
import { demoCatalogueOf } from './db/demo-catalogue';
import { openDbHandle } from './db/database';
import { registerAccountRoutes } from './accounts/routes';
import { installOriginPolicy } from './http/request-origin';
import { registerSecurityHeaders } from './http/security-headers';
import type { RateLimits } from './accounts/rate-limits';
import { registerDemoRoutes } from './demo/routes';
import { serverLoggerOptions, type ServerLogOptions } from './server-log';
import { createTokenVerifier } from './accounts/tokens';
import { registerDealer } from './dealer/routes';
import { CLOSE_TOKEN_REVOKED } from './dealer/dealer';
import { createInProcessBus } from './realtime/bus';
import { connectRedisBus } from './realtime/redis-bus';
import { registerHealthRoutes } from './realtime/health';
import { installJsonBodyParser } from './json-body-parser';
import { registerPlayback } from './playback/routes';
import { createContextTracks } from './playback/context-tracks';
import { createConnectStateService, registerConnectStateRoutes, watchTrackPlayback } from './connect-state/routes';
import { registerLicenceRoutes } from './licence/routes';
import { registerVideoRoutes } from './video/routes';
import { registerLoggingService } from './logging-service/routes';
import { registerWebPlayerRoutes } from './webplayer/routes';
import { DEMO_FEATURE_FLAGS, registerFeatureFlagRoutes, type FeatureFlags } from './feature-flags/routes';
import { RELEASE_STAMP } from './embed/embed-data';
import { messagePage } from './embed/html';
import { INVALID_URI_MESSAGE } from '../core/model/uri';
import { registerEmbedRoutes } from './embed/routes';
import { registerGoRoute } from './embed/go-route';
import { readTranslations } from './embed/locale';
import { readWidgetAssets } from './embed/widget-assets';
import { registerActionLogRoute } from './log/actions-route';
import { DEFAULT_LOG_RETENTION_DAYS, installLogRetention } from './log/retention';
import { registerErrorReportRoute } from './log/errors-route';
import { createLogWriter, type LogWriterOptions } from './log/log-writer';
import { registerLogRoutes, sendJsonError } from './log/routes';
import { registerStaticRoutes } from './static/routes';
import { registerEmbedApiClientRoute } from './static/embed-api-client';
import { tokenOwnerFrom } from './web-api/auth';
import { isWebApiPath, registerWebApi } from './web-api/routes';
import { registerOtherServices } from './other-services/routes';
import { registerCaptureRoutes } from './capture/routes';
import { registerReplayViewerRoutes } from './replay-viewer/routes';
import { createCaptureStore, DEFAULT_CAPTURE_RETENTION_DAYS } from './capture/store';
import { sendWebApiError } from './web-api/errors';

export interface ServerOptions {
  readonly dataDir: string;
  readonly distDir: string;
  readonly fixturesDir: string;
  /** The provider's public origin; '' (the default) makes every link relative to this server. */
  readonly publicUrl?: string;
  /** ALLOWED_HOSTS: host names links may be built from when publicUrl is '' (server/http/request-origin.ts). */
  readonly allowedHosts?: readonly string[];
  readonly country?: string;
  /** fastify's log: off by default; on, it never prints a secret (server/server-log.ts); a test may give a stream. */
  readonly logger?: boolean | ServerLogOptions;
  /** The feature-flag service's cells (spec 001 §7 User and flags); DEMO_FEATURE_FLAGS (none) by default. */
  readonly featureFlags?: FeatureFlags;
  /** TERMS_LICENCE: the terms licence version users must have accepted (server/other-services/); DEFAULT_TERMS_LICENCE by default. */
  readonly termsLicence?: string;
  /** DEMO_PRODUCT_CHANGE: the demo's self-service product switch, POST /account/product (server/accounts/product-change.ts); off by default, on in `npm start`. */
  readonly demoProductChange?: boolean;
  /** Per-address limits of login, sign-up and /access_token (server/accounts/rate-limits.ts); its defaults unless a test needs others. */
  readonly rateLimits?: Partial<RateLimits>;
  /** LOG_RETENTION_DAYS: stored log events older than this are purged at start and hourly (server/log/retention.ts; 30 by default). */
  readonly logRetentionDays?: number;
  /** CAPTURE_RETENTION_DAYS: captures older than this are purged at start and hourly (server/capture/; 30 by default). */
  readonly captureRetentionDays?: number;
  /** CAPTURE_OPERATOR_TOKEN: the bearer token with which the provider's operators open every capture (server/capture/); unset, none. */
  readonly captureOperatorToken?: string;
  /** Capture uploads per client address per minute (server/capture/routes.ts); its default unless a test needs another. */
  readonly captureUploadsPerMinute?: number;
  /** How often the log purge runs (an hour); tests make it short. */
  readonly logPurgeEveryMs?: number;
  /** DATABASE_URL: a postgres:// URL stores the converted stores on Postgres (server/db/database.ts); unset, SQLite in dataDir. */
  readonly databaseUrl?: string;
  /** The logging endpoints' batched writer (server/log/log-writer.ts): its defaults unless a test needs others. */
  readonly logWriter?: Partial<LogWriterOptions>;
  /** REDIS_URL: dealer pushes reach sockets on every instance that shares this Redis (server/realtime); in-process without it. */
  readonly redisUrl?: string;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For names the client (hops, or their addresses); none by default (server/config.ts). */
  readonly trustProxy?: number | readonly string[];
  /** Hears every route as it is added (scripts/fuzz lists the routes it throws input at). */
  readonly onRoute?: (route: { readonly method: string | readonly string[]; readonly url: string }) => void;
}

/** fastify's trustProxy: none; the first `hops` addresses from the socket's (what proxy-addr does with a number); or these proxies. */
function trustProxyOf(trust: ServerOptions['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

/** The reference provider: one fastify app, routes grouped by service. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: serverLoggerOptions(options.logger),
    // Long or malformed ids reach the embed route, which answers them with the spec's page
    // (spec 000 §8 'Invalid Spotify URI!'), instead of the router's own 414 or JSON 400.
    routerOptions: { maxParamLength: 2048 },
    // A request whose head or body never finishes (a Content-Length that lies) is answered 408 and its
    // socket freed within a minute, instead of held open for good (fastify's default turns Node's off).
    requestTimeout: 30_000,
    // Issue 14 Operations: behind deploy/'s nginx every request comes from the proxy's address, and the
    // per-address rate limits (server/accounts/rate-limits.ts) would count every listener as one.
    trustProxy: trustProxyOf(options.trustProxy),
    frameworkErrors: (error, request, reply) => {
      // No hook runs for these answers, so the header every answer carries (security-headers.ts) is set here.
      reply.raw.setHeader('x-content-type-options', 'nosniff');
      // The answers are sent, not returned: fastify ignores what this handler returns, and a reply's then()
      // only tells when it has been written.
      // The Web API answers its error object even for a path the router refuses (an over-long id).
      if (isWebApiPath(request.url)) {
        void sendWebApiError(reply, 400, error.message);
        return;
      }
      const body = request.url.startsWith('/embed/')
        ? messagePage(INVALID_URI_MESSAGE, 'This address does not name an item this player can open.')
        : messagePage('Bad request', error.message);
      // The hook is generic over route schemas; this answer belongs to no route.
      void (reply as unknown as FastifyReply).code(400).type('text/html').send(body);
    },
  });
  const { onRoute } = options;
  if (onRoute !== undefined) app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url }));
  // Issue 14 Operations, graceful shutdown: an answer sent once closing has begun says `connection: close`,
  // so Node ends its socket after it. Otherwise a keep-alive connection whose request was in flight
  // at close turns idle only after server.close() reaped the idle ones, and holds the close open
  // until its keep-alive timeout (72 s). Before any route, so every scope inherits it.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });
  // Before any route, so every scope inherits it: JSON nested past JSON_MAX_DEPTH is a 400 (issue 12).
  installJsonBodyParser(app);
  // Before any route: every absolute URL's origin comes from this policy, never from a forged Host.
  installOriginPolicy(app, { publicUrl: options.publicUrl ?? '', allowedHosts: options.allowedHosts ?? [] });
  // Before any route: nosniff everywhere, frame-ancestors on every page but the embeds, the Web API's CORS (issue 12).
  await registerSecurityHeaders(app, { publicUrl: options.publicUrl ?? '' });
  // Issue 14: the configured database (Postgres with DATABASE_URL, else SQLite in DATA_DIR), migrated at start;
  // app.database.kysely for the converted stores, `db` the synchronous SQLite catalogue for the others.
  const database = await openDbHandle({
    dataDir: options.dataDir,
    fixturesDir: options.fixturesDir,
    databaseUrl: options.databaseUrl,
    onPoolError: (err) => app.log.warn({ err }, 'database pool'),
  });
  app.decorate('database', database);
  const db = database.sqlite;
  app.addHook('onClose', () => database.close());
  // Issue 14: how pushes reach the instance holding a socket. Closed after the dealer's hub (onClose hooks run last-added first), before the database.
  const bus =
    options.redisUrl === undefined
      ? createInProcessBus()
      : await connectRedisBus(options.redisUrl, { logError: (error, context) => app.log.warn({ err: error }, context) });
  app.addHook('onClose', () => bus.close());
  // Issue 14 Operations: /healthz (alive) and /readyz (database and Redis reachable).
  registerHealthRoutes(app, { database: () => database.ping(), realtime: () => bus.ping() });

  const publicUrl = options.publicUrl ?? '';
  const country = options.country ?? 'SE';
  const reader = createResourceReader(database.kysely, { open: publicUrl, static: publicUrl, country });
  // Every dictionary is read once, at start; en is also the base the others fall back to.
  const locales = readTranslations(options.fixturesDir);

  // Never a bare 500: a JSON error for API paths, a readable page for the rest. Client errors
  // fastify detects itself (bad JSON, wrong content type) keep their 4xx status.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    // The error is logged through server-log.ts's serializers: its text and properties without secrets, the URL without its token.
    if (status === 500) request.log.error({ err: error, req: request }, 'request failed');
    const message = status === 500 ? 'Something went wrong on the server.' : error.message;
    if (request.url.startsWith('/log/')) return sendJsonError(reply, status, message);
    return reply
      .code(status)
      .type('text/html')
      .send(messagePage(status === 500 ? 'Something went wrong' : 'Bad request', message));
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).type('text/html').send(messagePage('Not found', 'There is nothing at this address.')));

  // Dynamic answers (the embed page, JSON) go compressed to browsers that accept it: the embed page
  // is ~20 KB of HTML and ~5 KB gzipped. Scripts come precompressed (build.mjs); audio is not
  // compressible and keeps its byte ranges.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await registerStaticRoutes(app, { ...options, country });
  // Issue 5 Provider services: demo accounts, session cookie, /access_token, product state.
  // A product change pushes product-state events over the dealer (registered below, so looked up when it happens).
  // Issue 14: accounts, sessions, tokens and product-state registrations on the configured database.
  const accounts = await registerAccountRoutes(app, {
    db: database.kysely,
    country,
    publicUrl,
    // Issue 14: through app.realtime, to the socket on whichever instance holds it.
    pushTo: (connectionId, push) => app.realtime.pushTo(connectionId, push),
    // Issue 12: only a live dealer connection of the same account may be registered or pushed to.
    ownsConnection: async (accountId, connectionId) => (await app.realtime.ownerOf(connectionId)) === accountId,
    productChange: options.demoProductChange ?? false,
    rateLimits: options.rateLimits,
    // Issue 17: a sign-up accepts the terms in force, so its first visit does not ask again.
    ...(options.termsLicence === undefined ? {} : { termsLicence: options.termsLicence }),
  });
  registerEmbedRoutes(app, {
    reader,
    // spec 000 §3 Session: a logged-in visitor's embed carries a fresh token for the engine.
    session: accounts.sessionToken,
    viewer: accounts.viewer,
    assets: readWidgetAssets(options.distDir),
    settings: {
      publicUrl,
      country,
      translations: locales.en,
      locale: 'en',
      // The page's locale is chosen per request (server/embed/locale.ts); en is the fallback base.
      locales,
      version: `embed_v2-${RELEASE_STAMP}-${pkg.version}`,
    },
  });
  // Issue 14 Logging at volume: every log endpoint appends through one batched writer. Closing, it writes
  // at once what comes (preClose: the requests in flight are answered before the server closes), then is
  // drained before the database closes (onClose hooks run last-added first).
  const logWriter = createLogWriter(database.kysely, options.logWriter);
  app.addHook('preClose', async () => logWriter.hurry());
  app.addHook('onClose', () => logWriter.close());
  registerLogRoutes(app, logWriter);
  registerActionLogRoute(app, logWriter);
  registerErrorReportRoute(app, logWriter);
  // Issue 12: stored log events are kept for LOG_RETENTION_DAYS, purged at start and hourly.
  await installLogRetention(app, database.kysely, {
    days: options.logRetentionDays ?? DEFAULT_LOG_RETENTION_DAYS,
    ...(options.logPurgeEveryMs === undefined ? {} : { everyMs: options.logPurgeEveryMs }),
  });
  registerDemoRoutes(app, reader);
  // Issue 17: the web player's pages (spec 001 §2), hydrated by /widget/webplayer.js, playing through the widget's engine;
  // among them the item pages the widget's links lead to (spec 000 §7 Open URL), on this server by default.
  registerWebPlayerRoutes(app, { version: `embed_v2-${RELEASE_STAMP}-${pkg.version}` });
  // spec 000 §2 Routes: the /go page of the desktop hand-off.
  registerGoRoute(app, { publicUrl });
  registerEmbedApiClientRoute(app, options);
  // The tokens GET /access_token issues are the bearer tokens of the Web API and the dealer.
  const verifyToken = createTokenVerifier(database.kysely);
  // Issue 4: the Web API under /v1 (spec 001 §7 Catalogue API), storage resolve, CDN and seek tables.
  registerWebApi(app, { db, publicUrl, authenticate: tokenOwnerFrom(verifyToken), mediaDir: demoCatalogueOf(options.fixturesDir).mediaDir });
  // Issue 5: the dealer websocket at /dealer (access_token in the query) and GET /apresolve (spec 001 §7); app.dealer pushes.
  registerDealer(app, {
    verify: verifyToken,
    publicUrl,
    bus,
    // Issue 16: a device whose socket closed leaves the cluster (connectState is set below, before any socket opens).
    onConnectionClosed: (connection) => connectState.state.changed(connection.userId, 'DEVICES_CHANGED', connection.id),
  });
  // Issue 12: logout's revoked tokens close their dealer sockets at once, with 4000 (the engine stops, no retry loop), on every instance (issue 14).
  accounts.onTokensRevoked((tokens) => {
    app.realtime
      .closeTokens(tokens, CLOSE_TOKEN_REVOKED.code, CLOSE_TOKEN_REVOKED.reason)
      .catch((error: unknown) => app.log.warn({ err: error }, 'dealer revocation'));
  });
  // Issue 16: the connect-state service (server/connect-state/README.md): a cluster push after every track-playback
  // change (the hook goes on before the playback routes, so their scope has it), and its part in player commands.
  const connectState = createConnectStateService(app, {
    db: database.kysely,
    realtime: app.realtime,
    contextTracks: createContextTracks(database.kysely),
    publicUrl,
  });
  watchTrackPlayback(app, verifyToken, (userId) => connectState.state.changed(userId));
  // Issue 17: the other services of spec 001 §7 (server/other-services/README.md); before the playback routes, whose
  // started_playing state updates its hook records as recently played.
  registerOtherServices(app, {
    authenticate: tokenOwnerFrom(verifyToken),
    publicUrl,
    ...(options.termsLicence === undefined ? {} : { termsLicence: options.termsLicence }),
  });
  // Issue 5: the track-playback service and player commands (server/playback/README.md).
  const playbackDevices = registerPlayback(app, { verify: verifyToken, realtime: app.realtime, connect: connectState.hooks });
  registerConnectStateRoutes(app, connectState, {
    db: database.kysely,
    verify: verifyToken,
    realtime: app.realtime,
    devices: playbackDevices,
    contextTracks: createContextTracks(database.kysely),
    publicUrl,
  });
  // Issue 5: licence URL, ClearKey licence server, application certificate, server time (server/licence/README.md).
  registerLicenceRoutes(app, { verify: verifyToken, publicUrl });
  // Issue 18: the video manifest by source id and the CDN of its segments and subtitles (server/video/README.md).
  registerVideoRoutes(app, { verify: verifyToken, publicUrl, db, mediaDir: demoCatalogueOf(options.fixturesDir).mediaDir });
  // Issue 5: the logging service, /v1/logging/* and /v1/metric (server/logging-service/README.md).
  registerLoggingService(app, { log: logWriter, verify: verifyToken });
  // Issue 5: the feature-flag service the engine asks for 'send all state updates' (spec 001 §4, §7 User and flags).
  registerFeatureFlagRoutes(app, { verify: verifyToken, flags: options.featureFlags ?? DEMO_FEATURE_FLAGS });
  // Issue 19 Capture: "Report a problem" uploads to POST /capture; GET /api/captures/{id} answers whoever may open it.
  const captureRetentionDays = options.captureRetentionDays ?? DEFAULT_CAPTURE_RETENTION_DAYS;
  registerCaptureRoutes(app, {
    store: createCaptureStore(database.kysely, { retentionDays: captureRetentionDays }),
    verify: verifyToken,
    viewer: accounts.viewer,
    operatorToken: options.captureOperatorToken,
    retentionDays: captureRetentionDays,
    ...(options.captureUploadsPerMinute === undefined ? {} : { uploadsPerMinute: options.captureUploadsPerMinute }),
  });
  // Issue 19 The viewer: /replay/{id} and /replay (dropped files), the page of ui/replay-viewer/.
  registerReplayViewerRoutes(app);
  return app;
}
