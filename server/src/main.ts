import { mkdir } from 'node:fs/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Parťák cannot start. ${error.message}\n`);
    process.exit(1);
  }

  await mkdir(config.dataDir, { recursive: true });
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    // Typically the database: unreachable, or DATA_DIR held by another server.
    process.stderr.write(`Parťák cannot start: ${(error as Error).message}\n`);
    process.exit(1);
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) {
      app.log.warn({ signal }, 'second signal, exiting at once');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
}

await main();
