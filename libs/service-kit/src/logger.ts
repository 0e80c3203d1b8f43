import { internalSecretHeader } from '@medrelay/contracts';
import { pino, type Logger } from 'pino';
import { currentRequestId } from './request-context';

export type { Logger };

/**
 * Fields that may carry credentials: tokens, session cookies (the queue dashboard's), the
 * services' shared secret, passwords. pino-http logs every request and response header.
 */
export const secretLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  `req.headers["${internalSecretHeader}"]`,
  'res.headers["set-cookie"]',
  'password',
  '*.password',
] as const;

/** JSON lines on stdout (or `destination`), one object per line, with the service's name. */
export function createLogger(
  service: string,
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    // Every line written while serving a call or running a job names its request id.
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    redact: { paths: [...secretLogPaths], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Resolves once every line logged so far has been written; call it last, just before
 * `process.exit()`. pino's `flush` does not wait for a write already under way (its stdout
 * stream writes asynchronously and, with no minimum length, calls back at once); the exit
 * handler then wrote the rest synchronously beside it, so the last lines came out of order.
 * Ending the stream waits for that write. Nothing can be logged after it.
 */
export function endLogging(logger: Logger): Promise<void> {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as
    { fd?: unknown; end?: () => void; once?: (event: string, listener: () => void) => void } | undefined;
  return new Promise((resolve) => {
    if (typeof stream?.fd === 'number' && stream.end && stream.once) {
      stream.once('close', resolve); // sonic-boom keeps fds 1 and 2 open
      stream.end();
    } else {
      logger.flush(() => resolve());
    }
  });
}
