import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { BullmqSolveWorker } from './jobs/bullmq-solve-worker.ts';
import { consoleJobLogger } from './jobs/job-logger.ts';
import { loadQueueSettings } from './jobs/queue-settings.ts';

/**
 * Stand-alone solve worker (`npm run worker`) for the distributed mode: runs on any machine
 * that reaches the same PostgreSQL (DATABASE_URL) and Redis (REDIS_URL) as the API processes.
 * SIGTERM/SIGINT: stop taking jobs, let running solves return their best plan or hand them
 * back, then exit.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const { redisUrl } = config;
  if (!config.databaseUrl || !redisUrl) {
    const missing = [!config.databaseUrl && 'DATABASE_URL', !redisUrl && 'REDIS_URL'].filter(Boolean);
    throw new ConfigError(
      `The solve worker needs ${missing.join(' and ')}: it shares PostgreSQL and Redis with the API processes ` +
        '(for example DATABASE_URL=postgres://user:password@host:5432/fleetlab REDIS_URL=redis://host:6379). ' +
        'Without them, `npm start` runs solves in its own worker threads and needs no worker.',
    );
  }
  const settings = loadQueueSettings(process.env, 'distributed');
  const database = await openDatabase(config);
  const worker = new BullmqSolveWorker({
    db: database.db,
    redisUrl,
    queueName: settings.queueName,
    prefix: settings.queuePrefix,
    concurrency: settings.workerConcurrency,
    lockDurationMs: settings.lockDurationMs,
    stalledIntervalMs: settings.stalledIntervalMs,
    shutdownGraceMs: settings.shutdownGraceMs,
    reconcileIntervalMs: settings.reconcileIntervalMs,
    logger: consoleJobLogger,
  });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1); // a second signal means "now"
    stopping = true;
    consoleJobLogger.info({ signal }, 'solve worker stopping: finishing or handing back running solves');
    try {
      await worker.close();
      await database.close();
      consoleJobLogger.info({}, 'solve worker stopped');
      process.exit(0);
    } catch (error) {
      consoleJobLogger.error({ err: error }, 'solve worker did not stop cleanly');
      process.exit(1);
    }
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));

  await worker.waitUntilReady();
  consoleJobLogger.info(
    { queue: `${settings.queuePrefix}:${settings.queueName}`, concurrency: settings.workerConcurrency },
    'solve worker ready',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`[fleetlab] ${error.message}`);
  else console.error('[fleetlab] the solve worker failed to start:', error);
  process.exit(1);
});
