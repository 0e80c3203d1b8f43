import { createWorker, withTransaction, type Logger } from '@medrelay/service-kit';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { releaseQueueName, type RequestsContext } from '../context';
import { findRequest } from './repo';
import { staleReservationChecks, takeStaleReservationCheck } from './reservation-checks-repo';

/** How long an approval may take before its reservation note counts as left behind. */
export const unrecordedAfterSeconds = 60;

/**
 * Takes back the reservations of approvals svc-requests never recorded: the catalog reserved,
 * then this service lost its transaction (a PostgreSQL blink before the commit), leaving the
 * units promised to a request that is still pending. Each note is read under the request's
 * lock, so an approval still in flight (it holds that lock) finishes first and clears it. A
 * request since rejected or cancelled released its reservation itself. Returns how many were
 * taken back; a catalog that does not answer leaves the note for the next sweep.
 */
export async function takeBackUnrecordedReservations(
  ctx: RequestsContext,
  olderThanSeconds = unrecordedAfterSeconds,
): Promise<number> {
  let taken = 0;
  for (const requestId of await staleReservationChecks(ctx.pool, olderThanSeconds)) {
    try {
      await withTransaction(
        ctx.pool,
        async (client) => {
          const request = await findRequest(client, requestId, true);
          if (!(await takeStaleReservationCheck(client, requestId, olderThanSeconds))) return;
          if (request?.status !== 'pending') return;
          const { quantity } = await ctx.catalog.withdraw(requestId);
          if (quantity > 0) {
            taken++;
            ctx.logger.warn(
              { requestId, quantity },
              'took back the reservation of an approval never recorded',
            );
          }
        },
        { lockTimeout: '5s' },
      );
    } catch (err) {
      // The note stays for the next sweep (the catalog away, a lock not granted); the others go on.
      ctx.logger.warn(
        { requestId, err: (err as Error).message },
        'reservation check left for the next sweep',
      );
    }
  }
  return taken;
}

const reservationSweepJob = 'unrecorded-reservations';

/**
 * The release queue's worker: releases queued with the moves that need them (reject, cancel,
 * no-show, suspension, recall), and every minute the sweep above.
 */
export async function startReleaseWorker(
  ctx: RequestsContext,
  queue: Queue,
  connection: Redis,
  prefix: string,
  logger: Logger,
) {
  // Same scheduler id from every instance: an upsert, not a second schedule.
  await queue.upsertJobScheduler(
    reservationSweepJob,
    { every: unrecordedAfterSeconds * 1000 },
    { name: reservationSweepJob, data: {} },
  );
  return createWorker<{ requestId?: number }>(
    releaseQueueName,
    (job) =>
      job.name === reservationSweepJob
        ? takeBackUnrecordedReservations(ctx)
        : ctx.catalog.release(job.data.requestId!),
    connection,
    prefix,
    logger,
  );
}
