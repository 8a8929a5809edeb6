import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { awaitingModuleState, type CoreContext } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { SESSION_CHANNEL, SessionCache } from './http/session-cache.ts';
import { securityHeadersPlugin } from './http/security-headers.ts';
import { loadPiiCipher } from './lib/pii.ts';
import { buildParties } from './providers/index.ts';
import { installShutdown } from './http/shutdown.ts';
import { serverTimeouts, timeOutSlowBodies } from './http/request-timeouts.ts';
import { accessLogPlugin, loggerOptions, RequestLogger, type LogStream } from './http/logging.ts';
import { stdoutLines } from './http/log-lines.ts';
import { rateLimitPlugin } from './http/rate-limit.ts';
import { isApiPath, notFoundOptions, type NotFoundHooks } from './http/routed-path.ts';
import { langPlugin, message } from './http/lang.ts';
import { envelopePlugin, signedEnvelope } from './http/envelope.ts';
import { errorHandlerPlugin } from './http/error-handler.ts';
import { authPlugin, prepareSessionLookup } from './http/auth.ts';
import { signedBodyPlugin } from './http/signed-body.ts';
import { staffAuthPlugin } from './http/staff-auth.ts';
import { staticWebPlugin } from './http/static-web.ts';
import { metricsPlugin } from './http/metrics.ts';
import { fastifyTrustProxy } from './security-config.ts';
import { seedDemo, seedReference } from './db/seed/seed-demo.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { photoRoutes } from './modules/photos/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { latestPaymentRoutes } from './modules/payments/latest-payment-routes.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { nationalRoutes } from './modules/national/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { taskRoutes } from './modules/task/routes.ts';
import { consoleRoutes } from './modules/console/routes.ts';
import { logisticsRoutes } from './modules/logistics/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { memberRoutes } from './modules/member/routes.ts';
import { reprintRoutes } from './modules/reprint/routes.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { noticeRoutes } from './modules/notices/routes.ts';
import { exportDownloadRoutes } from './modules/national/export-download-routes.ts';
import { nationalExportWorker } from './modules/national/export-worker.ts';

export interface RouteEntry {
  method: string;
  url: string;
  config: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** Set on SIGTERM: readiness fails and every answer closes its connection (see main.ts). */
    draining: boolean;
  }
}

export interface BuildOptions {
  /** Use this database instead of opening one (tests share a PGlite). */
  database?: Database;
  /** Skip the demo seed even in demo mode (fast unit tests). */
  skipSeed?: boolean;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests that read the access log). */
  logStream?: LogStream;
}

/** Builds the whole app from config: plugins, then services, then route modules. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const database =
    opts.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, timeouts: config.dbTimeouts }));
  const pii = loadPiiCipher({
    dataKey: config.dataKey,
    dataDir: config.dataDir,
    demo: config.demo,
    ephemeral: config.pgliteDir === ':memory:',
  });
  const core: CoreContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    pii,
    heldLocks: new Set(),
    sessionCache: new SessionCache(),
    sessionLookup: prepareSessionLookup(database.db),
    dbPool: database.pool,
  };
  // The outside parties (providers/index.ts); each module puts its own state on the context as its
  // plugin registers below (context.ts, ModuleState).
  const ctx = awaitingModuleState({
    ...core,
    ...buildParties(core),
  });

  const logStream = opts.logStream ?? stdoutLines();
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel, logStream),
    // One access-log line per request instead of Fastify's two (http/logging.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // A request's logger is made on its first line (http/logging.ts).
    childLoggerFactory: (logger, bindings, opts) => new RequestLogger(logger, bindings, opts),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Slow clients are cut off: headers, a request's body, an upload (http/request-timeouts.ts).
    ...serverTimeouts(config.httpTimeouts),
    // Requests already on a connection when close() starts are served, not refused: the database
    // closes only after them, and draining ends every kept-alive connection (http/shutdown.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  // The route table, for the hardening suites that must cover every route without being edited.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      routeTable.push({ method: String(method), url: r.url, config: (r.config ?? {}) as Record<string, unknown> });
  });
  const shutdown = installShutdown(app);
  timeOutSlowBodies(app, config.httpTimeouts);

  // The not-found answers' own hooks: the headers and the limit of the path as the router read it (http/routed-path.ts).
  const notFound: NotFoundHooks = [];
  await app.register(securityHeadersPlugin, { notFound });
  // Answers are compressed; request bodies are not taken compressed (no client of ours sends one),
  // which spares every request the plugin's decompression hook.
  await app.register(compress, { threshold: 1024, globalDecompression: false });
  await app.register(formbody);
  await app.register(rateLimitPlugin, { max: config.rateLimitPerMinute, notFound });
  await app.register(accessLogPlugin, { stream: logStream });
  await app.register(swagger, {
    openapi: { info: { title: 'Student photo portal API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(langPlugin);
  await app.register(envelopePlugin, { secret: config.responseSecret });
  await app.register(errorHandlerPlugin, { secret: config.responseSecret });
  await app.register(authPlugin, { ctx, inactivitySeconds: config.inactivitySeconds });
  await app.register(signedBodyPlugin);
  await app.register(staffAuthPlugin, { db: ctx.db });

  // Route modules, one line each.
  await app.register(photoRoutes);
  await app.register(systemRoutes);
  await app.register(paymentRoutes);
  await app.register(latestPaymentRoutes);
  await app.register(ordersRoutes);
  await app.register(nationalRoutes);
  await app.register(authRoutes);
  await app.register(memberRoutes);
  await app.register(contentRoutes);
  await app.register(catalogRoutes);
  await app.register(taskRoutes);
  await app.register(consoleRoutes);
  await app.register(logisticsRoutes);
  await app.register(reprintRoutes);
  await app.register(addressRoutes);
  await app.register(noticeRoutes);
  await app.register(exportDownloadRoutes);
  if (config.demo) {
    await app.register(devRoutes);
    app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
  }

  await app.register(staticWebPlugin, { dist: config.webDist });
  app.setNotFoundHandler(notFoundOptions(notFound), (req, reply) => {
    const isPage = req.method === 'GET' && !isApiPath(req.url) && !req.url.startsWith('/sandbox/');
    if (isPage) return app.sendAppShell(req.url, reply);
    return reply
      .code(404)
      .send(signedEnvelope(404, message(req.lang ?? 'zh', 'http.notFound'), null, config.responseSecret));
  });

  // Sessions are cached per instance only while their change notifications are followed. The
  // listening connection closes first (before any onClose hook, such as a test's that drops the
  // database): from then on, sessions are read from the database, open until the last handler ends.
  const { sessionCache } = ctx;
  const stopListening = await database.listen(
    SESSION_CHANNEL,
    (memberId) => sessionCache.forgetMember(Number(memberId)),
    (on) => sessionCache.setLive(on),
  );
  app.addHook('preClose', stopListening);
  app.addHook('onClose', async () => {
    await shutdown.settled(10_000);
    if (!opts.database) await database.close();
  });

  // Background work claimed in the database and drained on close: national exports.
  await app.register(nationalExportWorker);

  if (!opts.skipSeed) {
    await seedReference(ctx, app.log);
    if (config.seedDemo) await seedDemo(ctx, app.log);
  }
  return app;
}
