import { DelayedError, Queue, Worker, type Job, type JobsOptions, type Processor } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { isOutage } from './errors';
import { countJobFailure } from './metrics';
import { backoffDelay } from './outage';
import { requestIdOf, runWithRequestId } from './request-context';

export type { Job };

/**
 * A job is an event, a release of reserved stock or an e-mail: dropping it loses data, so it is
 * retried for hours (doubling from 2 s up to every 5 minutes, 60 attempts ≈ 4.5 hours) before it
 * lands in the failed set, where it stays a week for an operator. Finished jobs are trimmed so
 * Redis does not grow forever.
 */
export const retryDelay = (attemptsMade: number) =>
  Math.min(2000 * 2 ** Math.max(0, attemptsMade - 1), 300_000);
export const defaultJobOptions: JobsOptions = {
  attempts: 60,
  backoff: { type: 'capped-exponential' },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * A job whose worker died (`kill -9`, out of memory) keeps its lock until the lock lapses; then
 * the restarted worker, checking every `stalledInterval`, takes it again. BullMQ's defaults (30 s
 * lock, 30 s checks) held such a job up to a minute, and its `maxStalledCount` of 1 moved a job
 * whose worker died twice to the failed set without retrying it. Every consumer is idempotent
 * (inbox, sent_mail, keyed reservations), so a job taken again does no harm. The lock is renewed
 * every half of it while the job runs; long jobs (the expiry scan) pass a longer one.
 */
export const stalledJobSettings = { lockDuration: 15_000, stalledInterval: 5_000, maxStalledCount: 10 };

export function createQueue<T>(name: string, connection: Redis, prefix: string): Queue<T> {
  const queue = new Queue<T>(name, { connection, prefix: `${prefix}:bull`, defaultJobOptions });
  // While Redis is down every reconnection attempt is an 'error' (BullMQ prints those nobody
  // listens to); what matters surfaces as a failed or waiting command where the queue is used.
  queue.on('error', () => undefined);
  return queue;
}

export function createWorker<T>(
  name: string,
  processor: Processor<T>,
  connection: Redis,
  prefix: string,
  logger: Logger,
  concurrency = 5,
  /** For long jobs: how long the job's lock lasts between renewals (BullMQ's default is 30 s). */
  lockDuration?: number,
): Worker<T> {
  // Outages seen in a row by this worker: the wait before a job runs again grows with them.
  let outages = 0;
  // The job runs under the request id that caused it, so its log lines and the jobs it publishes carry it.
  const traced: Processor<T> = async (job, token) => {
    try {
      const result = await runWithRequestId(requestIdOf(job.data), () => processor(job, token));
      outages = 0;
      return result;
    } catch (err) {
      if (!token || !isOutage(err)) throw err;
      // A store (or the mail server) is down, or another of our services is away (unreachable,
      // 502/504, a 503 naming an outage: `isOutage`): the job is put back for a moment without
      // using one of its attempts. Failing it instead doubled its wait with every try (2, 4, 8…
      // 32 s): a 20 s outage delayed e-mails and events by up to half a minute after the store was
      // back, and a catalog away for half a day used up a release's 60 attempts (≈ 4.5 h), so the
      // stock stayed reserved for good. Any other failure, a 503 without an outage's code
      // included, still uses an attempt: a job that fails for its own reason ends in the failed set.
      outages++;
      if (outages === 1 || outages % 50 === 0) {
        logger.warn(
          { queue: name, jobId: job.id, outages, err: (err as Error).message },
          'a store or service is down; the job waits and runs again',
        );
      }
      await job.moveToDelayed(Date.now() + backoffDelay(outages, 250, 2000), token);
      throw new DelayedError();
    }
  };
  const worker = new Worker<T>(name, traced, {
    connection,
    prefix: `${prefix}:bull`,
    concurrency,
    ...stalledJobSettings,
    ...(lockDuration ? { lockDuration } : {}),
    settings: { backoffStrategy: (attemptsMade: number) => retryDelay(attemptsMade) },
  });
  worker.on('failed', (job, err) => {
    countJobFailure(name);
    logger.warn(
      {
        queue: name,
        jobId: job?.id,
        attempt: job?.attemptsMade,
        requestId: requestIdOf(job?.data),
        err: err.message,
      },
      'job failed',
    );
  });
  worker.on('error', (err) => logger.error({ queue: name, err: err.message }, 'worker error'));
  return worker;
}
