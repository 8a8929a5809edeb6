import { loadConfig, ConfigError } from './config.ts';
import { buildApp } from './app.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const app = await buildApp(config);
  // Graceful shutdown: stop accepting, finish requests in flight, close the database.
  let closing = false;
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.on(sig, () => {
      if (closing) return;
      closing = true;
      app.log.info({ sig }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 15_000);
      force.unref();
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`portal at http://localhost:${(app.server.address() as { port: number }).port} (${app.ctx.dbKind})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
