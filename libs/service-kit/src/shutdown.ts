import { endLogging, type Logger } from './logger';

/**
 * Runs the shutdown steps in order (fail readiness, stop HTTP, close workers, close queues,
 * close stores) within a bound, then exits. Steps are registered in the order they must run.
 * A signal exits 0. An error nobody caught (`uncaughtException`, `unhandledRejection`) is
 * logged through pino (one JSON line, level fatal, with the stack) and runs the same steps
 * before exiting 1: open requests finish, queues and pools close, and the supervisor (or
 * Kubernetes) starts a clean process instead of one in an unknown state.
 */
export function onShutdown(
  logger: Logger,
  steps: Array<[string, () => Promise<unknown> | unknown]>,
  timeoutMs = 10_000,
) {
  let stopping = false;
  const stop = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(exitCode || 1);
    }, timeoutMs);
    timer.unref();
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (err) {
        logger.warn({ step: name, err: (err as Error).message }, 'shutdown step failed');
      }
    }
    logger.info({ exitCode }, 'stopped');
    await endLogging(logger); // every line out, in order, before the exit
    process.exit(exitCode);
  };
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
  process.on('SIGINT', () => void stop('SIGINT', 0));
  const fatal = (kind: string) => (err: unknown) => {
    logger.fatal({ err: err instanceof Error ? err : new Error(String(err)), kind }, `${kind}: stopping`);
    // Written out before the steps start (their lines must follow it). A second failure while
    // stopping is logged too, but the shutdown already under way decides.
    logger.flush(() => void stop(kind, 1));
    setTimeout(() => void stop(kind, 1), 1000).unref(); // a stuck stdout must not keep it running
  };
  process.on('uncaughtException', fatal('uncaughtException'));
  process.on('unhandledRejection', fatal('unhandledRejection'));
}
