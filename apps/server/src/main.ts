import { loadConfig, ConfigError } from './config.ts';
import { buildApp } from './app.ts';
import { databaseUnavailable, ESCAPED_DATABASE_ERROR } from './db/connection-errors.ts';

// Every database connection has its own error listener (db/client.ts); this is the last line of
// defence: a lost connection that still escaped is logged and survived, since the pool replaces
// it; any other uncaught error ends the process as Node would.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (err: unknown) => {
    if (databaseUnavailable(err)) {
      console.error(`${ESCAPED_DATABASE_ERROR}: ${(err as Error).message}`);
      return;
    }
    console.error(err);
    process.exit(1);
  });
}

/** A bad setting (found by the config or while building the app, e.g. the data key) ends start-up with its message alone. */
function exitOnConfigError(e: unknown): never {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(2);
  }
  throw e;
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    exitOnConfigError(e);
  }
  const app = await buildApp(config).catch(exitOnConfigError);
  // Graceful shutdown: drain (readiness fails, each answer closes its connection) for
  // SHUTDOWN_DRAIN_SECONDS so a load balancer moves traffic away; then stop accepting,
  // finish the requests in flight, and only then close the database.
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.on(sig, () => {
      if (app.draining) return;
      app.draining = true;
      app.log.info({ sig, drainSeconds: config.shutdownDrainSeconds }, 'shutting down');
      const force = setTimeout(() => process.exit(1), (config.shutdownDrainSeconds + 15) * 1000);
      force.unref();
      setTimeout(() => {
        app.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      }, config.shutdownDrainSeconds * 1000);
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`portal at http://localhost:${(app.server.address() as { port: number }).port} (${app.ctx.dbKind})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
