import { pino, type Logger } from 'pino';
import { currentRequestId } from './request-context';

export type { Logger };

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
    redact: { paths: ['req.headers.authorization', 'password', '*.password'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
