import { Queue, Worker, type Job, type JobsOptions, type Processor } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

export type { Job };

/** Retries with exponential backoff; finished jobs are trimmed so Redis does not grow forever. */
export const defaultJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

export function createQueue<T>(name: string, connection: Redis, prefix: string): Queue<T> {
  return new Queue<T>(name, { connection, prefix: `${prefix}:bull`, defaultJobOptions });
}

export function createWorker<T>(
  name: string,
  processor: Processor<T>,
  connection: Redis,
  prefix: string,
  logger: Logger,
  concurrency = 5,
): Worker<T> {
  const worker = new Worker<T>(name, processor, { connection, prefix: `${prefix}:bull`, concurrency });
  worker.on('failed', (job, err) =>
    logger.warn({ queue: name, jobId: job?.id, attempt: job?.attemptsMade, err: err.message }, 'job failed'),
  );
  worker.on('error', (err) => logger.error({ queue: name, err: err.message }, 'worker error'));
  return worker;
}
