import { translate, type ErrorCode, type FieldError, type MessageKey } from '@medrelay/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { requestLanguage } from './language';

interface AppErrorOptions {
  details?: unknown;
  headers?: Record<string, string>;
  params?: Record<string, string | number>;
  /** Text already rendered in the caller's language (validation summaries). */
  text?: string;
}

/**
 * An error the API answers on purpose, named by a message key so the answer is rendered in
 * the caller's language. Anything else reaching the error handler is a bug: it is logged and
 * answered as a 500 without internals.
 */
export class AppError extends Error {
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    private readonly options: AppErrorOptions = {},
  ) {
    super(options.text ?? translate(messageKey, 'en', options.params));
    this.name = 'AppError';
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  /** The message in the caller's language. */
  render(language: 'en' | 'ar'): string {
    return this.options.text ?? translate(this.messageKey, language, this.options.params);
  }
}

export const httpError = {
  validation: (text: string, details: FieldError[]) =>
    new AppError(400, 'VALIDATION_FAILED', 'invalidInput', { text, details }),
  unauthenticated: (key: MessageKey = 'authenticationRequired') => new AppError(401, 'UNAUTHENTICATED', key),
  forbidden: (key: MessageKey = 'accessForbidden') => new AppError(403, 'FORBIDDEN', key),
  notFound: (key: MessageKey = 'notFound') => new AppError(404, 'NOT_FOUND', key),
  conflict: (code: ErrorCode, key: MessageKey, details?: unknown) =>
    new AppError(409, code, key, { details }),
  tooManyRequests: (retryAfterSeconds: number) =>
    new AppError(429, 'RATE_LIMITED', 'tooManyAttempts', {
      details: { retryAfterSeconds },
      headers: { 'Retry-After': String(retryAfterSeconds) },
    }),
  unavailable: (code: ErrorCode, key: MessageKey) => new AppError(503, code, key),
};

/**
 * Errors Express and its body parser raise for a bad request (malformed JSON, a body too large,
 * an unsupported encoding, a malformed %-escape in the path) carry a 4xx `status`.
 */
function fromRequestError(err: { type?: string; status?: number; statusCode?: number }): AppError | null {
  if (err.type === 'entity.parse.failed') return new AppError(400, 'INVALID_JSON', 'invalidJson');
  if (err.type === 'entity.too.large') return new AppError(413, 'PAYLOAD_TOO_LARGE', 'payloadTooLarge');
  const status = err.status ?? err.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new AppError(status, 'BAD_REQUEST', 'invalidInput');
  return null;
}

/**
 * A store that is down, restarting or busy: Redis unreachable or slow, PostgreSQL refusing
 * connections, starting up, shutting down or gone mid-query (class 08 connection exceptions,
 * 57P01–57P03), too many connections (53300), a row lock not granted in time (55P03), a
 * transaction chosen to end a deadlock (40P01) or to keep a serializable order (40001: the
 * same work tried again succeeds), or every
 * pooled connection busy for longer than the pool's wait (see createPool). A temporary outage:
 * answered 503 so clients retry, never a 500, and the reason a start step or a job waits and
 * tries again instead of failing (outage.ts).
 */
const outageCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTCONN',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '55P03',
  '53300',
  '40P01',
  '40001',
]);
const outageMessages =
  /Command timed out|Connection is closed|Stream isn't writeable|max retries per request|timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/**
 * A dependency other than PostgreSQL and Redis that is unreachable (the mail server): thrown so
 * the same paths treat it as an outage (a job waits and runs again without using an attempt).
 */
export class StoreOutageError extends Error {
  override readonly name = 'StoreOutageError';
}

export function isStoreOutage(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  if (err instanceof StoreOutageError) return true;
  const { name, code, message } = err as { name?: string; code?: unknown; message?: string };
  if (name === 'MaxRetriesPerRequestError') return true;
  if (typeof code === 'string' && (outageCodes.has(code) || code.startsWith('08'))) return true;
  if (outageMessages.test(message ?? '')) return true;
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  const inner = (err as { errors?: unknown[] }).errors;
  return Array.isArray(inner) && inner.length > 0 && inner.every(isStoreOutage);
}

/** How long a client is told to wait before trying again while a store is down. */
export const outageRetryAfterSeconds = 5;

export function storeUnavailable(): AppError {
  return new AppError(503, 'STORE_UNAVAILABLE', 'serviceUnavailable', {
    details: { retryAfterSeconds: outageRetryAfterSeconds },
    headers: { 'Retry-After': String(outageRetryAfterSeconds) },
  });
}

/**
 * Another of our services (the catalog, for svc-requests) cannot be reached or says it is down:
 * answered 503 with Retry-After, like a store outage. Built by `upstreamUnavailable`; see
 * `isOutage` for which of these a job waits out.
 */
export class UpstreamUnavailableError extends AppError {
  constructor(
    /** True when the service is away (unreachable, 502/504, a 503 naming an outage); false when it answered wrongly. */
    readonly outage: boolean,
    readonly reason: string,
  ) {
    super(503, 'UPSTREAM_UNAVAILABLE', 'serviceUnavailable', {
      details: { retryAfterSeconds: outageRetryAfterSeconds },
      headers: { 'Retry-After': String(outageRetryAfterSeconds) },
    });
    this.name = 'UpstreamUnavailableError';
    // For the logs (a job's failure): the person is answered `render`, in their language.
    this.message = `upstream ${reason}: ${this.message}`;
  }
}

/** The codes of a service's 503 that say it is down or busy for a while (not that the call is wrong). */
const upstreamOutageCodes = new Set([
  'STORE_UNAVAILABLE',
  'DEADLINE_EXCEEDED',
  'OVERLOADED',
  'UPSTREAM_UNAVAILABLE',
  'MAINTENANCE',
]);

/**
 * The error for a call to another service that did not succeed for a reason of the callee's:
 * `status` null when no answer came (refused, reset, no name, timed out), else its status and,
 * when its body was ours, its code. Unreachable, 502, 504 and a 503 naming an outage (or none:
 * a proxy's page) are an outage; any other answer (500, 4xx, a 503 with another code) is not.
 */
export function upstreamUnavailable(status: number | null, code?: string): UpstreamUnavailableError {
  const outage =
    status === null ||
    status === 502 ||
    status === 504 ||
    (status === 503 && (code === undefined || upstreamOutageCodes.has(code)));
  return new UpstreamUnavailableError(
    outage,
    status === null ? 'unreachable' : `${status} ${code ?? ''}`.trim(),
  );
}

/**
 * What a job waits out without using an attempt: a store outage, or another service away.
 * Only the service being away counts, not every 503: a call it refuses or fails on every time
 * (a 500, a bad secret, a 503 for something it will not do) would otherwise be retried forever
 * without anyone seeing it; those use the job's attempts and end in the failed set.
 */
export function isOutage(err: unknown): boolean {
  return isStoreOutage(err) || (err instanceof UpstreamUnavailableError && err.outage);
}

/** The caller of an internal call stopped waiting before this service could commit (nothing was). */
export function deadlineExceeded(): AppError {
  return new AppError(503, 'DEADLINE_EXCEEDED', 'serviceUnavailable', {
    details: { retryAfterSeconds: outageRetryAfterSeconds },
    headers: { 'Retry-After': String(outageRetryAfterSeconds) },
  });
}

function fromStoreOutage(err: unknown): AppError | null {
  return isStoreOutage(err) ? storeUnavailable() : null;
}

/**
 * PostgreSQL refusing a value (number out of range, bad text, NUL byte) is bad input that got
 * past validation: answer 400, not 500. Validation should catch these first; this is the net.
 */
const inputErrorCodes = new Set(['22003', '22P02', '22021', '22P05', '22001', '22007', '22008']);
function fromDatabase(err: { code?: string }): AppError | null {
  return typeof err.code === 'string' && inputErrorCodes.has(err.code)
    ? new AppError(400, 'VALIDATION_FAILED', 'invalidInput')
    : null;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known =
      err instanceof AppError ? err : (fromRequestError(err) ?? fromDatabase(err) ?? fromStoreOutage(err));
    if (known) {
      if (!(err instanceof AppError))
        logger.warn({ err: err.message, url: req.originalUrl }, `answered ${known.status}`);
      res.set(known.headers);
      res.status(known.status).json({
        message: known.render(requestLanguage(req)),
        code: known.code,
        details: known.details,
      });
      return;
    }
    logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    res.status(500).json({ message: translate('internalError', requestLanguage(req)), code: 'INTERNAL' });
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({
    message: translate('routeNotFound', requestLanguage(req)),
    code: 'NOT_FOUND',
    details: { method: req.method, path: req.path },
  });
};
