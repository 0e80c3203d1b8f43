import type { Logger } from 'pino';
import { isStoreOutage, StoreOutageError } from './errors';

export interface RetryOptions {
  /** The first wait after a failure; it doubles with each further one. */
  firstDelayMs?: number;
  /** The longest wait between two tries: bounds how late a step runs after its store is back. */
  maxDelayMs?: number;
  /** Gives up (rethrows the last outage) once this is true; never, by default. */
  stopped?: () => boolean;
}

/** The wait before try `attempt` (1 = the first retry), doubling up to the cap. */
export function backoffDelay(attempt: number, firstDelayMs: number, maxDelayMs: number): number {
  return Math.min(firstDelayMs * 2 ** Math.max(0, attempt - 1), maxDelayMs);
}

/**
 * Runs `step` until it succeeds, waiting and trying again (doubling from 250 ms up to 2 s) for as
 * long as it fails because PostgreSQL or Redis is down (`isStoreOutage`); any other error is
 * thrown at once (a migration edited after it was applied must still stop the start). A service
 * starting while a store is down, or a write that must outlive an outage, waits for the store
 * instead of exiting. The first failure and every tenth after it are logged.
 */
export async function whenStoresAnswer<T>(
  what: string,
  step: () => Promise<T>,
  logger: Logger,
  { firstDelayMs = 250, maxDelayMs = 2000, stopped = () => false }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await step();
      if (attempt > 1) logger.info({ step: what, attempts: attempt }, 'store answered again');
      return result;
    } catch (err) {
      if (!isStoreOutage(err) || stopped()) throw err;
      if (attempt % 10 === 1) {
        logger.warn({ step: what, attempt, err: (err as Error).message }, 'a store is down; trying again');
      }
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt, firstDelayMs, maxDelayMs)));
    }
  }
}

/**
 * How long a request waits for queue work (BullMQ, on a connection that waits out outages:
 * `createQueueRedis`) before it answers without it: about the fail-fast Redis's command timeout.
 */
export const requestQueueDeadlineMs = 2000;

/**
 * `work`, or a StoreOutageError (answered 503 STORE_UNAVAILABLE with Retry-After, `isStoreOutage`)
 * once `ms` have passed without it settling. A BullMQ command waits for Redis for as long as it
 * is down, so a request doing queue work would otherwise hang for the whole outage. The command
 * itself is not taken back: it stays queued on its connection and runs if Redis returns, so the
 * work given here must be harmless to finish late (a job id that dedupes, a removal).
 */
export function withinDeadline<T>(what: string, work: Promise<T>, ms = requestQueueDeadlineMs): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new StoreOutageError(`${what}: no answer within ${ms} ms`)), ms);
  });
  // The work may still fail after the deadline: nobody is waiting for it then.
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
