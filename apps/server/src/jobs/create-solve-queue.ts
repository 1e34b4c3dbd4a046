import type { Clock } from '../clock.ts';
import { ConfigError, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { BullmqSolveQueue } from './bullmq-solve-queue.ts';
import { EmbeddedSolveQueue } from './embedded-solve-queue.ts';
import type { JobLogger } from './job-logger.ts';
import { loadQueueSettings, type QueueSettings } from './queue-settings.ts';
import type { SolveQueue } from './solve-queue.ts';

/**
 * The queue an API process uses: BullMQ on Redis when REDIS_URL is set (the API only
 * enqueues; `npm run worker` processes run the solves), otherwise worker threads in this
 * process, which first re-queues what a killed process left behind.
 */
export async function createSolveQueue(options: {
  config: Pick<Config, 'redisUrl' | 'databaseUrl'>;
  db: Database;
  logger: JobLogger;
  clock?: Clock;
  settings?: QueueSettings;
}): Promise<SolveQueue> {
  const { config, db, logger, clock } = options;
  if (config.redisUrl) {
    if (!config.databaseUrl) {
      throw new ConfigError(
        'REDIS_URL needs DATABASE_URL as well: solve workers on other machines read and write the solves in the shared PostgreSQL. ' +
          'Unset REDIS_URL to run solves inside this process instead.',
      );
    }
    const settings = options.settings ?? loadQueueSettings(process.env, 'distributed');
    return new BullmqSolveQueue({
      db,
      redisUrl: config.redisUrl,
      queueName: settings.queueName,
      prefix: settings.queuePrefix,
      clock,
      logger,
    });
  }
  const settings = options.settings ?? loadQueueSettings(process.env, 'embedded');
  return EmbeddedSolveQueue.start({
    db,
    clock,
    logger,
    threads: settings.threads,
    shutdownGraceMs: settings.shutdownGraceMs,
  });
}
