import type { Logger } from '@medrelay/service-kit';
import type { Request } from 'express';
import type { z } from 'zod';
import { getFromPool } from './upstream-fetch';
import type { UpstreamPool } from './upstream-pool';

/**
 * Calls a service on behalf of the caller, forwarding its token (the service checks it again)
 * and request id. Null when the service does not answer well, logged: callers degrade.
 */
export async function askUpstream<S extends z.ZodType>(
  pool: UpstreamPool,
  path: string,
  schema: S,
  req: Request,
  options: { timeoutMs: number; logger: Logger; method?: 'GET' | 'POST'; label: string },
): Promise<z.infer<S> | null> {
  try {
    const res = await getFromPool(pool, path, {
      method: options.method,
      headers: forwardedHeaders(req),
      timeoutMs: options.timeoutMs,
    });
    if (!res.ok) throw new Error(`answered ${res.status}`);
    return schema.parse(await res.json()) as z.infer<S>;
  } catch (err) {
    options.logger.warn({ upstream: path, err: (err as Error).message }, `${options.label} unavailable`);
    return null;
  }
}

/** The caller's token and request id, for a call made on its behalf. */
export function forwardedHeaders(req: Request): Record<string, string> {
  const headers: Record<string, string> = { authorization: req.headers.authorization ?? '' };
  if (req.headers['x-request-id']) headers['x-request-id'] = String(req.headers['x-request-id']);
  return headers;
}
