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
