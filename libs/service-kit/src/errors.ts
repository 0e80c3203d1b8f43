import type { ErrorCode, FieldError } from '@medrelay/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';

/**
 * An error the API answers on purpose. Anything else reaching the error handler is a bug:
 * it is logged and answered as a 500 without internals.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const httpError = {
  validation: (message: string, details: FieldError[]) =>
    new AppError(400, 'VALIDATION_FAILED', message, details),
  unauthenticated: (message = 'Authentication required') => new AppError(401, 'UNAUTHENTICATED', message),
  forbidden: (message = 'Access forbidden') => new AppError(403, 'FORBIDDEN', message),
  notFound: (message = 'Not found') => new AppError(404, 'NOT_FOUND', message),
  conflict: (code: ErrorCode, message: string, details?: unknown) =>
    new AppError(409, code, message, details),
  tooManyRequests: (retryAfterSeconds: number) =>
    new AppError(
      429,
      'RATE_LIMITED',
      'Too many attempts, please try again later',
      { retryAfterSeconds },
      {
        'Retry-After': String(retryAfterSeconds),
      },
    ),
  unavailable: (code: ErrorCode, message: string) => new AppError(503, code, message),
};

/** Body-parser errors carry a `type` and a `status`; translate them to our shape. */
function fromBodyParser(err: { type?: string; status?: number }): AppError | null {
  if (err.type === 'entity.parse.failed')
    return new AppError(400, 'INVALID_JSON', 'Request body is not valid JSON');
  if (err.type === 'entity.too.large')
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (err.type && err.status && err.status >= 400 && err.status < 500) {
    return new AppError(err.status, 'VALIDATION_FAILED', 'Request body could not be read');
  }
  return null;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known = err instanceof AppError ? err : fromBodyParser(err);
    if (known) {
      res.set(known.headers);
      res.status(known.status).json({ message: known.message, code: known.code, details: known.details });
      return;
    }
    logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    res.status(500).json({ message: 'An error occurred', code: 'INTERNAL' });
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No route for ${req.method} ${req.path}`, code: 'NOT_FOUND' });
};
