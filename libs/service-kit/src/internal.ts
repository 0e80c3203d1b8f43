import { timingSafeEqual } from 'node:crypto';
import { internalSecretHeader } from '@medrelay/contracts';
import type { RequestHandler } from 'express';
import { AppError } from './errors';

/**
 * Service-to-service calls (reserve/release quantity) carry a shared secret. The gateway never
 * routes /internal paths, and this check keeps them closed to anyone else who can reach a service.
 */
export function requireInternalSecret(secret: string): RequestHandler {
  const expected = Buffer.from(secret);
  return (req, _res, next) => {
    const given = Buffer.from(String(req.headers[internalSecretHeader] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return next(new AppError(403, 'INTERNAL_ONLY', 'internalOnly'));
    }
    next();
  };
}

/** Headers for a call to another service's internal endpoint. */
export function internalHeaders(secret: string, requestId?: string): Record<string, string> {
  const headers: Record<string, string> = {
    [internalSecretHeader]: secret,
    'content-type': 'application/json',
  };
  if (requestId) headers['x-request-id'] = requestId;
  return headers;
}
