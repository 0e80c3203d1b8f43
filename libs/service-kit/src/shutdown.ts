import type { Logger } from 'pino';

/**
 * Runs the shutdown steps in order (fail readiness, stop HTTP, close workers, close queues,
 * close stores) within a bound, then exits. Steps are registered in the order they must run.
 */
export function onShutdown(
  logger: Logger,
  steps: Array<[string, () => Promise<unknown> | unknown]>,
  timeoutMs = 10_000,
) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (err) {
        logger.warn({ step: name, err: (err as Error).message }, 'shutdown step failed');
      }
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
