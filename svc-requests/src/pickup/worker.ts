import { createWorker, type Logger } from '@medrelay/service-kit';
import { DelayedError, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { pickupQueueName, type ReminderJob } from './reminders';
import type { PickupService } from './service';

/** How often the no-show sweep runs (a BullMQ job scheduler; the sweep itself is idempotent). */
export const sweepEveryMs = 60_000;

/**
 * The pickup queue's worker: reminder jobs (delayed, one per window and moment) and the
 * periodic no-show sweep. Every job re-reads the database, so duplicates and stale jobs are harmless.
 * A reminder due in maintenance mode waits (put back for a sweep's interval, no attempt used)
 * and goes out after it only while it still holds (`sendReminder`).
 */
export async function startPickupWorker(
  pickup: PickupService,
  queue: Queue,
  connection: Redis,
  prefix: string,
  logger: Logger,
) {
  // Same scheduler id from every instance: an upsert, not a second schedule.
  await queue.upsertJobScheduler('pickup-sweep', { every: sweepEveryMs }, { name: 'sweep', data: {} });
  return createWorker<ReminderJob | Record<string, never>>(
    pickupQueueName,
    async (job, token) => {
      if (job.name === 'sweep') return pickup.sweep();
      const sent = await pickup.sendReminder(job.data as ReminderJob);
      if (sent !== 'paused' || !token) return sent;
      await job.moveToDelayed(Date.now() + sweepEveryMs, token);
      throw new DelayedError();
    },
    connection,
    prefix,
    logger,
  );
}
