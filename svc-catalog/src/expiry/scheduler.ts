import { expiryScanQueueName } from '@medrelay/contracts';
import { createQueue, createWorker, type Logger, type Redis } from '@medrelay/service-kit';
import type { CatalogContext } from '../context';
import { runExpiryScan } from './scan';

export { expiryScanQueueName };
const schedulerId = 'daily-expiry-scan';

/**
 * The daily scan as a BullMQ job scheduler. Upserting it at every start is idempotent (one
 * scheduler, whatever the number of instances); the worker runs the scan.
 */
export async function startExpiryScheduler(ctx: CatalogContext, connection: Redis, logger: Logger) {
  const queue = createQueue(expiryScanQueueName, connection, ctx.prefix);
  await queue.upsertJobScheduler(
    schedulerId,
    { pattern: ctx.config.EXPIRY_SCAN_CRON, tz: ctx.config.EXPIRY_SCAN_TZ },
    { name: 'expiry-scan', opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 } } },
  );
  const worker = createWorker(
    expiryScanQueueName,
    () => runExpiryScan(ctx),
    connection,
    ctx.prefix,
    logger,
    1,
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
