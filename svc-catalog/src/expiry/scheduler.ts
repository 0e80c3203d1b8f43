import { expiryScanQueueName } from '@medrelay/contracts';
import { createQueue, createWorker, withinDeadline, type Logger, type Redis } from '@medrelay/service-kit';
import type { Queue } from 'bullmq';
import type { CatalogContext } from '../context';
import { runExpiryScan } from './scan';

export { expiryScanQueueName };

const schedulerId = 'daily-expiry-scan';
const jobOptions = { attempts: 3, backoff: { type: 'exponential', delay: 60_000 } };
/** The on-demand scan's job id: asking again while one waits or runs gives that one. */
const onDemandJobId = 'expiry-scan-now';

/**
 * The daily scan as a BullMQ job scheduler. Upserting it at every start is idempotent (one
 * scheduler, whatever the number of instances); the worker runs the scan (one at a time: the
 * worker's concurrency is 1 and the scan holds an advisory lock across instances).
 */
export async function startExpiryScheduler(ctx: CatalogContext, connection: Redis, logger: Logger) {
  const queue = createQueue(expiryScanQueueName, connection, ctx.prefix);
  await queue.upsertJobScheduler(
    schedulerId,
    { pattern: ctx.config.EXPIRY_SCAN_CRON, tz: ctx.config.EXPIRY_SCAN_TZ },
    { name: 'expiry-scan', opts: jobOptions },
  );
  const worker = createWorker(
    expiryScanQueueName,
    () => runExpiryScan(ctx),
    connection,
    ctx.prefix,
    logger,
    1,
    // A scan of a million listings on a busy machine can hold its event loop long enough to
    // miss a 30 s renewal; a lost lock makes BullMQ run the same scan again after a backoff.
    5 * 60_000,
  );
  return {
    queue,
    worker,
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}

/**
 * Queues a scan now (the admin's button); a scan already waiting or running is not doubled.
 * Redis away: the admin is answered 503 STORE_UNAVAILABLE (Retry-After) within
 * `requestQueueDeadlineMs` instead of waiting for the whole outage (the queue's connection waits
 * it out). The add may still happen when Redis returns: the same job id, so a retry is not a
 * second scan.
 */
export async function queueExpiryScan(queue: Queue): Promise<string> {
  const job = await withinDeadline(
    'queue the expiry scan',
    queue.add(
      'expiry-scan',
      {},
      { ...jobOptions, jobId: onDemandJobId, removeOnComplete: true, removeOnFail: true },
    ),
  );
  return job.id ?? onDemandJobId;
}
