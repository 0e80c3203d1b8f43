import type { Logger } from 'pino';
import { isStoreOutage } from './errors';

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
