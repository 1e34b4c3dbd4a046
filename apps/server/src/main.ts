import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { createSolveQueue } from './jobs/create-solve-queue.ts';
import { consoleJobLogger, silentJobLogger } from './jobs/job-logger.ts';
import { createMailer } from './services/mail.ts';

/** Process entry: read the configuration, open the database, serve until SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const solveQueue = await createSolveQueue({
    config,
    db: database.db,
    logger: config.logLevel === 'silent' ? silentJobLogger : consoleJobLogger,
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const mailer = createMailer(config);
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    solveQueue,
    writeGeneration: database.writeGeneration,
  });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal means "now": the data-dir lock is still released below by exit.
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    // Requests in flight finish; their keep-alive connections would otherwise hold the close
    // open until the keep-alive timeout, so idle ones are swept as soon as they go quiet.
    const sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(sweeper);
      await mailer.close();
      await database.close();
    }
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await solveQueue.close();
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Fleetlab is running at http://localhost:${port}`);
  if (!config.smtpUrl) {
    console.log('[fleetlab] SMTP_URL is not set: verification codes are printed here instead of e-mailed');
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`[fleetlab] ${error.message}`);
  } else {
    console.error('[fleetlab] failed to start:', error);
  }
  process.exit(1);
});
